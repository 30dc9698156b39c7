import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, ReceiptText, RefreshCw } from 'lucide-react';
import { Button } from '../../../../components/Button.tsx';
import { RECENT_TRANSACTIONS, recentTransactionsQuery } from '../../../../queries/transactions.queries.ts';
import { visuallyHidden } from '../../../../styles/layout.css.ts';
import * as panel from '../../../../ui/panel/Panel.css.ts';
import * as rowStyles from '../transactions/TransactionItem.css.ts';
import { TransactionItem } from '../transactions/TransactionItem.tsx';

/** Spec 2: the latest 5 transactions, and View All to the full history. */
export function RecentTransactions() {
  const recent = useQuery(recentTransactionsQuery);
  return (
    <section className={panel.panel} aria-labelledby="recent-title">
      <div className={panel.head}>
        <div className={panel.titleRow}>
          <ReceiptText size={20} aria-hidden="true" className={panel.titleIcon} />
          <h2 id="recent-title" className={panel.title}>
            Recent transactions
          </h2>
        </div>
        <Link to="/transactions" className={panel.headLink}>
          View All
          <ArrowRight size={14} aria-hidden="true" />
        </Link>
      </div>
      {recent.isPending ? (
        <div className={panel.skeletonList} aria-busy="true">
          <p role="status" className={visuallyHidden}>
            Loading transactions…
          </p>
          <div className={panel.skeletonRow} />
          <div className={panel.skeletonRow} />
          <div className={panel.skeletonRow} />
        </div>
      ) : recent.isError ? (
        <div className={panel.errorState} role="alert">
          <p>An error occurred while loading your transactions.</p>
          <Button variant="secondary" size="sm" onClick={() => recent.refetch()}>
            <RefreshCw size={14} aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : recent.data.transactions.length === 0 ? (
        <p className={panel.state}>No transactions yet. Buy SAI or ask a friend to send you some.</p>
      ) : (
        <ul className={rowStyles.list} aria-label="Latest transactions">
          {recent.data.transactions.slice(0, RECENT_TRANSACTIONS).map((transaction) => (
            <TransactionItem key={`${transaction.id}-${transaction.direction}`} transaction={transaction} />
          ))}
        </ul>
      )}
    </section>
  );
}
