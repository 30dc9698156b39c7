import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Download, RefreshCw } from 'lucide-react';
import { pageTitle } from '@/content/constants.ts';
import { t } from '@/i18n/i18n.ts';
import { downloadTextFile } from '@/lib/csv.ts';
import { formatDate } from '@/lib/format.ts';
import type { User } from '@/queries/auth.queries.ts';
import { fetchWholeHistory, type HistoryFilters, historyQuery } from '@/queries/transactions.queries.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import { Button } from '@/ui/Button/Button.tsx';
import { translatedStates } from '@/ui/page/PageStates.tsx';
import * as panel from '@/ui/panel/Panel.css.ts';
import { PanelEmpty } from '@/ui/query/QueryState.tsx';
import { toast } from '@/ui/toast/index.ts';
import { PageHeading, signedIn, TabBarPage } from './-components/SignedInPage.tsx';
import { statusLabel, typeLabel } from './-components/transactions/describe.ts';
import { FilterPopover } from './-components/transactions/FilterPopover.tsx';
import {
  datePresetLabel,
  hasFilters,
  presetOf,
  readHistorySearch,
} from './-components/transactions/filters.ts';
import { statementCsv, statementFileName } from './-components/transactions/statement.ts';
import * as rowStyles from './-components/transactions/TransactionItem.css.ts';
import { TransactionItem } from './-components/transactions/TransactionItem.tsx';
import * as styles from './-components/transactions/Transactions.css.ts';

export const Route = createFileRoute('/_authed/transactions')({
  // Each screen its own title, in the reader's language (issue 48.13).
  head: () => ({ meta: [{ title: pageTitle(t('money.history.title')) }] }),
  validateSearch: readHistorySearch,
  loaderDeps: ({ search }) => ({ filters: search }),
  loader: ({ context, deps }) => context.queryClient.ensureInfiniteQueryData(historyQuery(deps.filters)),
  ...translatedStates({
    loading: 'money.history.loading',
    title: 'money.history.failed.title',
    message: 'money.history.failed.message',
    to: '/dashboard',
    action: 'money.history.failed.action',
  }),
  component: signedIn(History),
});

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
      const values = { count: whole.transactions.length, fileName };
      toast({
        title: t('money.export.done'),
        description: whole.complete
          ? t('money.export.saved', values)
          : t('money.export.savedPartial', values),
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: t('money.export.failed'),
        description: error instanceof Error ? error.message : t('money.export.failedDescription'),
        variant: 'destructive',
      });
    }
  };

  return (
    <TabBarPage user={user}>
      <div className={styles.header}>
        <PageHeading
          eyebrow={t('money.history.eyebrow')}
          title={t('money.history.title')}
          lead={t('money.history.subtitle')}
        />
        <div className={styles.toolbar}>
          <FilterPopover filters={filters} onApply={applyFilters} />
          <Button
            icon={Download}
            variant="secondary"
            size="sm"
            onClick={() => void exportCsv()}
            disabled={transactions.length === 0}
          >
            {t('money.history.export')}
            <span className={visuallyHidden}> {t('money.history.exportWhat')}</span>
          </Button>
        </div>
      </div>

      {filtered ? (
        <div className={styles.active}>
          <span>{t('money.history.filteredBy')}</span>
          {filters.q ? <span className={styles.chip}>“{filters.q}”</span> : null}
          {filters.asset ? <span className={styles.chip}>{filters.asset}</span> : null}
          {filters.type ? <span className={styles.chip}>{typeLabel(filters.type)}</span> : null}
          {filters.status ? <span className={styles.chip}>{statusLabel(filters.status)}</span> : null}
          {filters.from || filters.to ? <span className={styles.chip}>{dateRangeLabel(filters)}</span> : null}
          <Button variant="link" size="inline" onClick={() => applyFilters({})}>
            {t('money.history.clearFilters')}
          </Button>
        </div>
      ) : null}

      <section className={panel.panel} aria-labelledby="history-list-title">
        <h2 id="history-list-title" className={visuallyHidden}>
          {t('money.history.listTitle')}
        </h2>
        {history.isRefetchError ? (
          <ListError onRetry={() => history.refetch()} />
        ) : transactions.length === 0 ? (
          <PanelEmpty>{filtered ? t('money.history.emptyFiltered') : t('money.history.empty')}</PanelEmpty>
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
                {t('money.history.showing', { count: transactions.length })}
                {history.hasNextPage ? '' : ` ${t('money.history.end')}`}
              </p>
              {history.hasNextPage ? (
                <Button
                  variant="secondary"
                  onClick={() => history.fetchNextPage()}
                  pending={history.isFetchingNextPage}
                  pendingLabel={t('money.history.loadingMore')}
                >
                  {t('money.history.loadMore')}
                </Button>
              ) : null}
            </div>
          </>
        )}
      </section>
    </TabBarPage>
  );
}

function ListError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={panel.errorState} role="alert">
      <p>{t('money.history.listError')}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        <RefreshCw size={14} aria-hidden="true" />
        {t('money.history.tryAgain')}
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
  if (preset !== 'custom' && preset !== 'any') return datePresetLabel(preset);
  const day = (value: string) => {
    const [year, month, date] = value.split('-').map(Number);
    return formatDate(new Date(year ?? 0, (month ?? 1) - 1, date ?? 1));
  };
  if (filters.from && filters.to) return `${day(filters.from)} – ${day(filters.to)}`;
  if (filters.from) return t('money.history.fromDay', { date: day(filters.from) });
  return t('money.history.untilDay', { date: day(filters.to ?? '') });
}
