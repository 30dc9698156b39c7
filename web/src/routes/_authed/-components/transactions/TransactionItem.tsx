import { Link } from '@tanstack/react-router';
import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import { t } from '@/i18n/i18n.ts';
import { formatAsset } from '@/lib/assets.ts';
import type { CryptoCurrency } from '@/lib/constants.ts';
import { formatDateTime } from '@/lib/format.ts';
import type { OwnTransaction } from '@/queries/transactions.queries.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import { StatusBadge } from '@/ui/panel/StatusBadge.tsx';
import { describedText, stateLabel, transactionTitle, typeLabel } from './describe.ts';
import * as styles from './TransactionItem.css.ts';

/** An amount of any asset as the screens show it: its display decimals a minimum, grouped. */
export function shownAmount(value: string, asset: string): string {
  return formatAsset(value, asset as CryptoCurrency | 'SAI');
}

/** "+12.50" or "−3.00" (typographic minus), in the asset's display decimals, never rounded. */
export function signedShown(value: string, asset: string): string {
  const negative = value.trim().startsWith('-');
  return `${negative ? '\u2212' : '+'}${shownAmount(value.trim().replace(/^[+-]/, ''), asset)}`;
}

/**
 * One row of the user's own history: sent amounts with a minus sign, received with a plus sign, the
 * amount of a failed movement that never moved the balance (a rejected deposit) struck through, a pending
 * deposit without an amount yet. A failed withdrawal is two rows: its hold, which did leave the balance
 * (so not struck through), and the return (docs/architecture/history.md). The whole row opens its receipt
 * (/transactions/{id}).
 */
export function TransactionItem({
  transaction,
  showBalance = false,
}: {
  transaction: OwnTransaction;
  showBalance?: boolean;
}) {
  const { direction, asset } = transaction;
  const Icon = direction === 'sent' ? ArrowUpRight : ArrowDownLeft;
  const title = transactionTitle(transaction);
  // The ledger's description, unless it only repeats the title (e.g. "Deposit approved").
  const described = transaction.description ? describedText(transaction.description) : '';
  const detail = described && described !== title ? described : typeLabel(transaction.type);
  // Struck through only where nothing moved: a row with a running balance happened, failed or not.
  const failed = transaction.status === 'failed' && transaction.balanceAfter === null;
  const pending = !transaction.signedAmount && !transaction.amount;
  const amount = transaction.signedAmount
    ? signedShown(transaction.signedAmount, asset)
    : transaction.amount
      ? shownAmount(transaction.amount, asset)
      : transaction.state === 'rejected'
        ? t('money.item.notCredited')
        : t('money.item.amountPending');
  return (
    <li className={styles.row} data-testid="transaction-row">
      <span className={styles.icon[direction]} aria-hidden="true">
        <Icon size={18} />
      </span>
      <div className={styles.main}>
        <p className={styles.title} title={title}>
          <Link to="/transactions/$id" params={{ id: transaction.id }} className={styles.rowLink}>
            {title}
          </Link>
        </p>
        <p className={styles.meta}>
          <time dateTime={transaction.createdAt}>{formatDateTime(transaction.createdAt)}</time>
          <span className={styles.description} title={detail}>
            {detail}
          </span>
          {transaction.status !== 'completed' && !transaction.returned ? (
            <StatusBadge status={transaction.status} label={stateLabel(transaction.state)} />
          ) : null}
        </p>
      </div>
      <div className={styles.side}>
        <p
          className={
            failed
              ? styles.failedAmount
              : pending
                ? `${styles.amount[direction]} ${styles.pendingAmount}`
                : styles.amount[direction]
          }
        >
          {transaction.signedAmount ? (
            <span className={visuallyHidden}>
              {failed
                ? t('money.item.notCompleted')
                : direction === 'sent'
                  ? t('money.item.sent')
                  : t('money.item.received')}{' '}
            </span>
          ) : null}
          {amount} {asset}
        </p>
        {showBalance && transaction.balanceAfter ? (
          <p className={styles.balance}>
            {t('money.item.balance', { amount: shownAmount(transaction.balanceAfter, asset), asset })}
          </p>
        ) : null}
      </div>
    </li>
  );
}
