import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, ReceiptText } from 'lucide-react';
import { t } from '@/i18n/i18n.ts';
import { RECENT_TRANSACTIONS, recentTransactionsQuery } from '@/queries/transactions.queries.ts';
import * as panel from '@/ui/panel/Panel.css.ts';
import { Panel } from '@/ui/panel/Panel.tsx';
import { QueryContent } from '@/ui/query/QueryState.tsx';
import * as rowStyles from '../transactions/TransactionItem.css.ts';
import { TransactionItem } from '../transactions/TransactionItem.tsx';

/** docs/product-rules.md spec 2: the latest 5 transactions, and View All to the full history. */
export function RecentTransactions() {
  const recent = useQuery(recentTransactionsQuery);
  return (
    <Panel
      icon={ReceiptText}
      titleId="recent-title"
      title={t('dashboard.recent.title')}
      aside={
        <Link to="/transactions" className={panel.headLink}>
          {t('dashboard.recent.viewAll')}
          <ArrowRight size={14} aria-hidden="true" />
        </Link>
      }
    >
      <QueryContent
        query={recent}
        loading={t('dashboard.recent.loading')}
        rows={3}
        failed={t('dashboard.recent.failed')}
        empty={t('dashboard.recent.empty')}
        isEmpty={(data) => data.transactions.length === 0}
      >
        {(data) => (
          <ul className={rowStyles.list} aria-label={t('dashboard.recent.list')}>
            {data.transactions.slice(0, RECENT_TRANSACTIONS).map((transaction) => (
              <TransactionItem key={`${transaction.id}-${transaction.direction}`} transaction={transaction} />
            ))}
          </ul>
        )}
      </QueryContent>
    </Panel>
  );
}
