import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, ReceiptText } from 'lucide-react';
import { RECENT_TRANSACTIONS, recentTransactionsQuery } from '../../../../queries/transactions.queries.ts';
import * as panel from '../../../../ui/panel/Panel.css.ts';
import { PanelTitle } from '../../../../ui/panel/PanelTitle.tsx';
import { PanelEmpty, PanelError, PanelLoading } from '../../../../ui/query/QueryState.tsx';
import * as rowStyles from '../transactions/TransactionItem.css.ts';
import { TransactionItem } from '../transactions/TransactionItem.tsx';

/** docs/product-rules.md spec 2: the latest 5 transactions, and View All to the full history. */
export function RecentTransactions() {
  const recent = useQuery(recentTransactionsQuery);
  return (
    <section className={panel.panel} aria-labelledby="recent-title">
      <div className={panel.head}>
        <PanelTitle icon={ReceiptText} id="recent-title">
          Recent transactions
        </PanelTitle>
        <Link to="/transactions" className={panel.headLink}>
          View All
          <ArrowRight size={14} aria-hidden="true" />
        </Link>
      </div>
      {recent.isPending ? (
        <PanelLoading label="Loading transactions…" rows={3} />
      ) : recent.isError ? (
        <PanelError onRetry={() => recent.refetch()}>
          An error occurred while loading your transactions.
        </PanelError>
      ) : recent.data.transactions.length === 0 ? (
        <PanelEmpty>No transactions yet. Buy SAI or ask a friend to send you some.</PanelEmpty>
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
