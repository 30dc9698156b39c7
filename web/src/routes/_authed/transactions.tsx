import { useSuspenseInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Navigate, useNavigate } from '@tanstack/react-router';
import { Download, RefreshCw } from 'lucide-react';
import { Button } from '../../components/Button.tsx';
import { toast } from '../../components/toast/index.ts';
import { downloadTextFile } from '../../lib/csv.ts';
import { formatDate } from '../../lib/format.ts';
import { currentUserQuery, type User } from '../../queries/auth.queries.ts';
import { fetchWholeHistory, type HistoryFilters, historyQuery } from '../../queries/transactions.queries.ts';
import { eyebrow, page, visuallyHidden } from '../../styles/layout.css.ts';
import * as dashboardStyles from '../../ui/page/Page.css.ts';
import { failedPage, pendingPage } from '../../ui/page/PageStates.tsx';
import * as panel from '../../ui/panel/Panel.css.ts';
import { PanelEmpty } from '../../ui/query/QueryState.tsx';
import { MobileTabBar } from './-components/dashboard/MobileTabBar.tsx';
import { STATUS_LABELS, TYPE_LABELS } from './-components/transactions/describe.ts';
import { FilterPopover } from './-components/transactions/FilterPopover.tsx';
import {
  DATE_PRESET_LABELS,
  hasFilters,
  presetOf,
  readHistorySearch,
} from './-components/transactions/filters.ts';
import { statementCsv, statementFileName } from './-components/transactions/statement.ts';
import * as rowStyles from './-components/transactions/TransactionItem.css.ts';
import { TransactionItem } from './-components/transactions/TransactionItem.tsx';
import * as styles from './-components/transactions/Transactions.css.ts';

export const Route = createFileRoute('/_authed/transactions')({
  validateSearch: readHistorySearch,
  loaderDeps: ({ search }) => ({ filters: search }),
  loader: ({ context, deps }) => context.queryClient.ensureInfiniteQueryData(historyQuery(deps.filters)),
  pendingComponent: pendingPage('Loading transactions…'),
  errorComponent: failedPage({
    title: 'Error loading transaction data',
    message: 'Your transactions could not be loaded right now.',
    to: '/dashboard',
    action: 'Return to Dashboard',
  }),
  component: TransactionsPage,
});

function TransactionsPage() {
  const { data: user } = useSuspenseQuery(currentUserQuery);
  // Signed out while on this screen: the history is no longer theirs to see.
  if (!user) return <Navigate to="/login" replace />;
  return <History user={user} />;
}

function History({ user }: { user: User }) {
  const filters = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const history = useSuspenseInfiniteQuery(historyQuery(filters));
  const transactions = history.data.pages.flatMap((item) => item.transactions);
  const filtered = hasFilters(filters);

  const applyFilters = (next: HistoryFilters) => {
    void navigate({ search: stripEmpty(next) });
  };

  // The statement carries the same rows as the list: every page with the same filters, not only those loaded.
  const exportCsv = async () => {
    try {
      const whole = await fetchWholeHistory(filters);
      const fileName = statementFileName();
      downloadTextFile(fileName, statementCsv(whole.transactions));
      const n = whole.transactions.length;
      toast({
        title: 'Statement exported',
        description: `${n} transaction${n === 1 ? '' : 's'} saved to ${fileName}${whole.complete ? '' : ' (the newest only: narrow the filters for the rest)'}.`,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Export failed',
        description: error instanceof Error ? error.message : 'The statement could not be exported.',
        variant: 'destructive',
      });
    }
  };

  return (
    <>
      <div className={`${page} ${dashboardStyles.stack} ${dashboardStyles.withTabBar}`}>
        <div className={styles.header}>
          <div className={dashboardStyles.heading}>
            <p className={eyebrow}>History</p>
            <h1 className={dashboardStyles.title}>Transaction History</h1>
            <p className={dashboardStyles.muted}>
              View all your SAI transactions, and your crypto deposits, withdrawals and transfers
            </p>
          </div>
          <div className={styles.toolbar}>
            <FilterPopover filters={filters} onApply={applyFilters} />
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void exportCsv()}
              disabled={transactions.length === 0}
            >
              <Download size={16} aria-hidden="true" />
              Export
              <span className={visuallyHidden}> these transactions as CSV</span>
            </Button>
          </div>
        </div>

        {filtered ? (
          <div className={styles.active}>
            <span>Filtered by:</span>
            {filters.q ? <span className={styles.chip}>“{filters.q}”</span> : null}
            {filters.asset ? <span className={styles.chip}>{filters.asset}</span> : null}
            {filters.type ? <span className={styles.chip}>{TYPE_LABELS[filters.type]}</span> : null}
            {filters.status ? <span className={styles.chip}>{STATUS_LABELS[filters.status]}</span> : null}
            {filters.from || filters.to ? (
              <span className={styles.chip}>{dateRangeLabel(filters)}</span>
            ) : null}
            <Button variant="link" size="inline" onClick={() => applyFilters({})}>
              Clear filters
            </Button>
          </div>
        ) : null}

        <section className={panel.panel} aria-labelledby="history-list-title">
          <h2 id="history-list-title" className={visuallyHidden}>
            Transactions
          </h2>
          {history.isRefetchError ? (
            <ListError onRetry={() => history.refetch()} />
          ) : transactions.length === 0 ? (
            <PanelEmpty>
              {filtered
                ? 'No transactions found matching your filters'
                : 'No transactions yet. Your transfers, deposits and distributions will appear here.'}
            </PanelEmpty>
          ) : (
            <>
              <ul className={rowStyles.list} aria-busy={history.isFetching || undefined}>
                {transactions.map((transaction) => (
                  <TransactionItem
                    key={`${transaction.id}-${transaction.direction}-${transaction.createdAt}`}
                    transaction={transaction}
                    showBalance
                  />
                ))}
              </ul>
              {history.isFetchNextPageError ? <ListError onRetry={() => history.fetchNextPage()} /> : null}
              <div className={styles.more}>
                <p className={styles.count} role="status">
                  Showing {transactions.length} transaction{transactions.length === 1 ? '' : 's'}
                  {history.hasNextPage ? '' : ' · end of history'}
                </p>
                {history.hasNextPage ? (
                  <Button
                    variant="secondary"
                    onClick={() => history.fetchNextPage()}
                    pending={history.isFetchingNextPage}
                    pendingLabel="Loading…"
                  >
                    Load more
                  </Button>
                ) : null}
              </div>
            </>
          )}
        </section>
      </div>
      <MobileTabBar isAdmin={user.isAdmin} />
    </>
  );
}

function ListError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={panel.errorState} role="alert">
      <p>An error occurred while loading your transactions.</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        <RefreshCw size={14} aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}

function stripEmpty(filters: HistoryFilters): HistoryFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => Boolean(value))) as HistoryFilters;
}

/** Calendar days as the user picked them; parsed as local dates, not UTC midnight. */
function dateRangeLabel(filters: HistoryFilters): string {
  const preset = presetOf(filters);
  if (preset !== 'custom' && preset !== 'any') return DATE_PRESET_LABELS[preset];
  const day = (value: string) => {
    const [year, month, date] = value.split('-').map(Number);
    return formatDate(new Date(year ?? 0, (month ?? 1) - 1, date ?? 1));
  };
  if (filters.from && filters.to) return `${day(filters.from)} – ${day(filters.to)}`;
  if (filters.from) return `From ${day(filters.from)}`;
  return `Until ${day(filters.to ?? '')}`;
}
