import type { UseQueryResult } from '@tanstack/react-query';
import { t } from '@/i18n/i18n.ts';
import { formatAsset } from '@/lib/assets.ts';
import { formatDecimal } from '@/lib/format.ts';
import type { PurchaseQuote as Quote } from '@/queries/fees.queries.ts';
import * as styles from './BuyTokens.css.ts';

/** Product names, the same in every language. */
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
        {t('dashboard.quote.failed', { reason: quote.error.message })}
      </p>
    );
  }
  const data = quote.data;
  return (
    <dl className={styles.quote} aria-label={t('dashboard.quote.label')} aria-busy={!current || undefined}>
      <div className={styles.summary}>
        <dt>{t('dashboard.quote.receive')}</dt>
        <dd className={styles.summaryValue}>
          {data ? t('dashboard.sai', { amount: formatDecimal(data.amount) }) : '…'}
        </dd>
      </div>
      <div className={styles.summary}>
        <dt>
          {data
            ? t('dashboard.quote.feeWithRate', {
                rate: formatDecimal(data.rate, data.rate.split('.')[1]?.length ?? 0),
                tier: TIER_NAMES[data.tier],
              })
            : t('dashboard.quote.fee')}
        </dt>
        <dd className={styles.summaryValue}>
          {data ? t('dashboard.sai', { amount: formatDecimal(data.fee) }) : '…'}
        </dd>
      </div>
      <div className={styles.summary}>
        <dt>{t('dashboard.quote.pay')}</dt>
        <dd className={styles.summaryValue}>
          {data ? `${formatAsset(data.cryptoAmount, data.currency)} ${data.currency}` : '…'}
        </dd>
      </div>
    </dl>
  );
}
