import type { UseQueryResult } from '@tanstack/react-query';
import { formatAsset } from '../../../../lib/assets.ts';
import { formatDecimal } from '../../../../lib/format.ts';
import type { PurchaseQuote as Quote } from '../../../../queries/fees.queries.ts';
import * as styles from './BuyTokens.css.ts';

const TIER_NAMES = { gold: 'Gold', ruby: 'Ruby Steel', black: 'Black' } as const;

/**
 * What the purchase costs before it is submitted (docs/product-rules.md rule 25), as the server computes
 * it and the submission records it: the SAI received, the conversion fee on top with its rate and tier,
 * and the exact amount of the chosen currency to send.
 */
export function PurchaseQuote({
  quote,
  current,
}: {
  /** The form's quote query (its data may be the previous amount's while the next loads). */
  quote: UseQueryResult<Quote>;
  /** Whether `quote.data` is for the amount and currency the form holds now. */
  current: boolean;
}) {
  if (quote.isError) {
    return (
      <p className={styles.summary} role="status">
        The price could not be computed: {quote.error.message}
      </p>
    );
  }
  const data = quote.data;
  return (
    <dl className={styles.quote} aria-label="Price" aria-busy={!current || undefined}>
      <div className={styles.summary}>
        <dt>You receive</dt>
        <dd className={styles.summaryValue}>{data ? `${formatDecimal(data.amount)} SAI` : '…'}</dd>
      </div>
      <div className={styles.summary}>
        <dt>
          Conversion fee
          {data ? ` (${data.rate}%, ${TIER_NAMES[data.tier]} tier)` : ''}
        </dt>
        <dd className={styles.summaryValue}>{data ? `${formatDecimal(data.fee)} SAI` : '…'}</dd>
      </div>
      <div className={styles.summary}>
        <dt>You pay</dt>
        <dd className={styles.summaryValue}>
          {data ? `${formatAsset(data.cryptoAmount, data.currency)} ${data.currency}` : '…'}
        </dd>
      </div>
    </dl>
  );
}
