import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CRYPTO_NAMES, PAY_METHODS, SUPPORTED_CRYPTO, type SupportedCrypto } from '@/content/constants.ts';
import { formatPercentChange, formatRelative } from '@/lib/format.ts';
import { type PriceEntry as CryptoPrice, cryptoPricesQuery } from '@/queries/crypto.queries.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import { skeleton } from '@/styles/patterns.css.ts';
import * as styles from './MarketStrip.css.ts';
import { pill, small } from './Public.css.ts';

/** The landing page's crypto and pay-methods strip: live prices with their 24-hour change. */
export function MarketStrip() {
  const prices = useQuery(cryptoPricesQuery);
  return (
    <section className={styles.strip} aria-labelledby="markets-title">
      <div className={styles.stripHead}>
        <h2 id="markets-title" className={styles.stripTitle}>
          Spend the crypto you already hold
        </h2>
        <PricesNote prices={prices.data} failed={prices.isError} />
      </div>
      {prices.isPending ? (
        <ul className={styles.coins} aria-busy="true" aria-label="Loading prices">
          {SUPPORTED_CRYPTO.map((symbol) => (
            <li key={symbol} className={`${skeleton} ${styles.coinSkeleton}`} />
          ))}
        </ul>
      ) : (
        <ul className={styles.coins}>
          {SUPPORTED_CRYPTO.map((symbol) => (
            <CoinTile key={symbol} symbol={symbol} price={prices.data?.[symbol]} />
          ))}
        </ul>
      )}
      <ul className={styles.payMethods} aria-label="Ways to pay">
        <li className={styles.payLabel} aria-hidden="true">
          Pay with
        </li>
        {PAY_METHODS.map((method) => (
          <li key={method} className={pill}>
            {method}
          </li>
        ))}
      </ul>
    </section>
  );
}

function PricesNote({
  prices,
  failed,
}: {
  prices: Record<string, CryptoPrice> | undefined;
  failed: boolean;
}) {
  if (failed) return <p className={small}>Live prices are unavailable right now.</p>;
  if (!prices) return null;
  // docs/product-rules.md rule 12: say when prices were set; built-in defaults have no time and say so.
  const times = Object.values(prices)
    .map((entry) => entry.updatedAt)
    .filter((value): value is string => typeof value === 'string')
    .sort();
  const latest = times.at(-1);
  return (
    <p className={small}>
      {latest ? `Prices updated ${formatRelative(latest)} · 24h change` : 'Indicative prices · 24h change'}
    </p>
  );
}

const usd = (value: number) =>
  value.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: value < 1 ? 4 : 2,
  });

/** The 24 h change as every screen writes it (lib/format.ts), and which way it went. */
export function formatChangePercent(change: string): { text: string; direction: 'up' | 'down' | 'flat' } {
  const text = formatPercentChange(change);
  return { text, direction: text.startsWith('+') ? 'up' : text.startsWith('\u2212') ? 'down' : 'flat' };
}

function CoinTile({ symbol, price }: { symbol: SupportedCrypto; price: CryptoPrice | undefined }) {
  const amount = price ? Number(price.price) : Number.NaN;
  const change = price ? formatChangePercent(price.change_24h) : null;
  return (
    <li className={styles.coin}>
      <CoinIcon symbol={symbol} src={price?.image} />
      <span className={styles.coinLine}>
        <span className={styles.coinSymbol}>
          {symbol}
          <span className={styles.coinName}> {CRYPTO_NAMES[symbol]}</span>
        </span>
        {change ? (
          <span className={styles.change[change.direction]}>
            {change.text}
            <span className={visuallyHidden}> in 24 hours</span>
          </span>
        ) : null}
      </span>
      <span className={styles.coinPrice}>{Number.isFinite(amount) ? usd(amount) : '—'}</span>
    </li>
  );
}

/** The coin's icon from the API, or its symbol when the image is missing or fails to load. */
function CoinIcon({ symbol, src }: { symbol: string; src: string | undefined }) {
  const [failed, setFailed] = useState(false);
  const usable = src?.startsWith('/') && !failed;
  if (!usable) {
    return (
      <span className={styles.coinFallback} aria-hidden="true">
        {symbol.slice(0, 4)}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={32}
      height={32}
      className={styles.coinIcon}
      onError={() => setFailed(true)}
    />
  );
}
