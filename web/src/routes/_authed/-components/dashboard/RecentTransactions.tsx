import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, ReceiptText } from 'lucide-react';
import { RECENT_TRANSACTIONS, recentTransactionsQuery } from '../../../../queries/transactions.queries.ts';
import * as panel from '../../../../ui/panel/Panel.css.ts';
import { Panel } from '../../../../ui/panel/Panel.tsx';
import { QueryContent } from '../../../../ui/query/QueryState.tsx';
import * as rowStyles from '../transactions/TransactionItem.css.ts';
import { TransactionItem } from '../transactions/TransactionItem.tsx';

/** docs/product-rules.md spec 2: the latest 5 transactions, and View All to the full history. */
export function RecentTransactions() {
  const recent = useQuery(recentTransactionsQuery);
  return (
    <Panel
      icon={ReceiptText}
      titleId="recent-title"
      title="Recent transactions"
      aside={
        <Link to="/transactions" className={panel.headLink}>
          View All
          <ArrowRight size={14} aria-hidden="true" />
        </Link>
      }
    >
      <QueryContent
        query={recent}
        loading="Loading transactions…"
        rows={3}
        failed="An error occurred while loading your transactions."
        empty="No transactions yet. Buy SAI or ask a friend to send you some."
        isEmpty={(data) => data.transactions.length === 0}
      >
        {(data) => (
          <ul className={rowStyles.list} aria-label="Latest transactions">
            {data.transactions.slice(0, RECENT_TRANSACTIONS).map((transaction) => (
              <TransactionItem key={`${transaction.id}-${transaction.direction}`} transaction={transaction} />
            ))}
          </ul>
        )}
      </QueryContent>
    </Panel>
  );
}
