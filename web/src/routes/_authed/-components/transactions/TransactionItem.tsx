import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import { formatDateTime, formatDecimal, formatSignedAmount } from '../../../../lib/format.ts';
import type { OwnTransaction } from '../../../../queries/transactions.queries.ts';
import { visuallyHidden } from '../../../../styles/layout.css.ts';
import { StatusBadge } from '../../../../ui/panel/StatusBadge.tsx';
import { transactionTitle, typeLabel } from './describe.ts';
import * as styles from './TransactionItem.css.ts';

/** One row of the user's own history: sent amounts with a minus sign, received with a plus sign. */
export function TransactionItem({
  transaction,
  showBalance = false,
}: {
  transaction: OwnTransaction;
  showBalance?: boolean;
}) {
  const { direction } = transaction;
  const Icon = direction === 'sent' ? ArrowUpRight : ArrowDownLeft;
  const title = transactionTitle(transaction);
  // The ledger's description, unless it only repeats the title (e.g. "Deposit approved").
  const detail =
    transaction.description && transaction.description !== title
      ? transaction.description
      : typeLabel(transaction.type);
  return (
    <li className={styles.row} data-testid="transaction-row">
      <span className={styles.icon[direction]} aria-hidden="true">
        <Icon size={18} />
      </span>
      <div className={styles.main}>
        <p className={styles.title} title={title}>
          {title}
        </p>
        <p className={styles.meta}>
          <time dateTime={transaction.createdAt}>{formatDateTime(transaction.createdAt)}</time>
          <span className={styles.description} title={detail}>
            {detail}
          </span>
          {transaction.status !== 'completed' ? <StatusBadge status={transaction.status} /> : null}
        </p>
      </div>
      <div className={styles.side}>
        <p className={styles.amount[direction]}>
          <span className={visuallyHidden}>{direction === 'sent' ? 'Sent ' : 'Received '}</span>
          {formatSignedAmount(transaction.signedAmount)} SAI
        </p>
        {showBalance ? (
          <p className={styles.balance}>Balance {formatDecimal(transaction.balanceAfter)} SAI</p>
        ) : null}
      </div>
    </li>
  );
}
