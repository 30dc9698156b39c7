import { useQuery } from '@tanstack/react-query';
import { Bitcoin } from 'lucide-react';
import { t } from '@/i18n/i18n.ts';
import { formatAsset, isPositive } from '@/lib/assets.ts';
import { CRYPTO_CURRENCIES, type CryptoCurrency, CURRENCY_NAMES } from '@/lib/constants.ts';
import { formatPercentChange, formatRelative, formatUsdValue } from '@/lib/format.ts';
import { fromUnits, multiply, toUnits } from '@/lib/money.ts';
import {
  type CryptoBalance,
  cryptoBalancesQuery,
  cryptoPricesQuery,
  type Prices,
  withdrawalsQuery,
} from '@/queries/crypto.queries.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import * as panel from '@/ui/panel/Panel.css.ts';
import { Panel } from '@/ui/panel/Panel.tsx';
import { StatusBadge } from '@/ui/panel/StatusBadge.tsx';
import { PanelError, PanelLoading } from '@/ui/query/QueryState.tsx';
import * as styles from './Crypto.css.ts';

const RECENT_WITHDRAWALS = 5;

/**
 * The six crypto balances (docs/product-rules.md spec 2), each at its display decimals with its USD value at the current
 * price, and what is held for pending withdrawals; then the user's latest withdrawals and their status.
 */
export function CryptoBalancesCard() {
  const balances = useQuery(cryptoBalancesQuery);
  const prices = useQuery(cryptoPricesQuery);
  const byCurrency = new Map((balances.data ?? []).map((entry) => [entry.currency, entry]));
  const totalUsd = balances.data && prices.data ? totalValue(balances.data, prices.data) : null;

  return (
    <Panel
      icon={Bitcoin}
      titleId="crypto-title"
      title={t('dashboard.crypto.title')}
      aside={totalUsd ? <p className={styles.total}>≈ {formatUsdValue(totalUsd)}</p> : null}
    >
      {balances.isPending ? (
        <PanelLoading label={t('dashboard.crypto.loading')} rows={2} />
      ) : balances.isError ? (
        <PanelError onRetry={() => balances.refetch()}>{t('dashboard.crypto.failed')}</PanelError>
      ) : (
        <ul className={styles.list} aria-label={t('dashboard.crypto.title')}>
          {CRYPTO_CURRENCIES.map((currency) => (
            <BalanceRow
              key={currency}
              currency={currency}
              entry={byCurrency.get(currency)}
              prices={prices.data}
            />
          ))}
        </ul>
      )}
      <RecentWithdrawals />
    </Panel>
  );
}

function BalanceRow({
  currency,
  entry,
  prices,
}: {
  currency: CryptoCurrency;
  entry: CryptoBalance | undefined;
  prices: Prices | undefined;
}) {
  const balance = entry?.balance ?? '0';
  const price = prices?.[currency];
  const usd = price ? multiply(balance, price.price) : null;
  const change = price ? formatPercentChange(price.change_24h) : null;
  const changeClass = price?.change_24h.startsWith('-')
    ? panel.negative
    : isPositive(price?.change_24h)
      ? panel.positive
      : panel.muted;
  return (
    <li className={styles.row} data-testid="crypto-balance" data-currency={currency}>
      <img
        src={price?.image ?? `/crypto/${currency.toLowerCase()}.svg`}
        alt=""
        width={36}
        height={36}
        className={styles.icon}
      />
      <div className={styles.name}>
        <p className={styles.code}>{currency}</p>
        <p className={styles.small}>
          {CURRENCY_NAMES[currency]}
          {change ? (
            <>
              {' · '}
              <span className={changeClass}>{change}</span>
              <span className={visuallyHidden}> {t('dashboard.crypto.in24h')}</span>
            </>
          ) : null}
        </p>
      </div>
      <div className={styles.side}>
        <p className={styles.amount}>
          {formatAsset(balance, currency)} {currency}
        </p>
        <p className={styles.small}>{usd ? formatUsdValue(usd) : '—'}</p>
        {entry && isPositive(entry.onHold) ? (
          <p className={styles.hold}>
            {t('dashboard.crypto.onHold', { amount: formatAsset(entry.onHold, currency), currency })}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** docs/product-rules.md spec 2, withdrawals: the latest requests with their status (pending until an admin sends them). */
function RecentWithdrawals() {
  const withdrawals = useQuery(withdrawalsQuery);
  const items = (withdrawals.data ?? []).slice(0, RECENT_WITHDRAWALS);
  if (items.length === 0) return null;
  return (
    <div className={panel.form}>
      <h3 className={styles.subheading}>{t('dashboard.crypto.withdrawals')}</h3>
      <ul className={styles.activity} aria-label={t('dashboard.crypto.withdrawals.list')}>
        {items.map((withdrawal) => (
          <li key={withdrawal.id} className={styles.activityRow} data-testid="withdrawal-row">
            <div className={styles.activityMain}>
              <p className={styles.amount}>
                {t('dashboard.crypto.withdrawal', {
                  amount: formatAsset(withdrawal.amount, withdrawal.currency),
                  currency: withdrawal.currency,
                  network: withdrawal.chainLabel,
                })}
              </p>
              <p className={styles.small}>
                <time dateTime={withdrawal.requestedAt}>{formatRelative(withdrawal.requestedAt)}</time>
                {withdrawal.status === 'failed' && withdrawal.failureReason
                  ? ` · ${withdrawal.failureReason}`
                  : ''}
              </p>
            </div>
            <StatusBadge
              status={withdrawal.status}
              label={t('dashboard.crypto.withdrawal.status', { status: withdrawal.status })}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The sum of every balance at its price, in USD cents as a decimal string. */
function totalValue(balances: CryptoBalance[], prices: Prices): string | null {
  let cents = 0n;
  for (const entry of balances) {
    const price = prices[entry.currency];
    if (!price) continue;
    const value = multiply(entry.balance, price.price);
    cents += value ? (toUnits(value) ?? 0n) : 0n;
  }
  return cents > 0n ? fromUnits(cents) : null;
}
