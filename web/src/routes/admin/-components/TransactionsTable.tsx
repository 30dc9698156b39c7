import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeftRight, ChevronLeft, ChevronRight, Download, X } from 'lucide-react';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { downloadTextFile } from '@/lib/csv.ts';
import { formatDateTime, formatRelative } from '@/lib/format.ts';
import {
  type AdminTransaction,
  type AdminTransactionSearch,
  adminTransactionsQuery,
  DEFAULT_PAGE_SIZE,
  fetchAllTransactions,
  isAccessDenied,
  PAGE_SIZES,
} from '@/queries/adminTransactions.queries.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import { Button } from '@/ui/Button/Button.tsx';
import { TextField } from '@/ui/Field/TextField.tsx';
import * as panel from '@/ui/panel/Panel.css.ts';
import { Panel } from '@/ui/panel/Panel.tsx';
import { StatusBadge } from '@/ui/panel/StatusBadge.tsx';
import { PanelEmpty, PanelError, PanelLoading } from '@/ui/query/QueryState.tsx';
import { FilterSelect } from '@/ui/Select/FilterSelect.tsx';
import { SelectField } from '@/ui/Select/SelectField.tsx';
import { type Column, FramedTable, type TableClasses } from '@/ui/table/TableParts.tsx';
import { toast, toastFailure } from '@/ui/toast/index.ts';
import * as adminStyles from './AdminPanel.css.ts';
import * as own from './AdminTransactions.css.ts';
import {
  adminTransactionsCsv,
  adminTransactionsFileName,
  filtersOf,
  formatLedgerAmount,
  hasAdminFilters,
  ledgerTypeLabel,
  STATUS_OPTIONS,
  TYPE_OPTIONS,
} from './adminTransactions.ts';

const route = getRouteApi('/admin/transactions');
/** Long enough to type a word, short enough to feel live. */
const SEARCH_DEBOUNCE_MS = 300;

const TRANSACTION_COLUMNS: readonly Column[] = [
  'ID',
  'Type',
  'Description',
  { label: 'Amount', numeric: true },
  'Date',
  'Status',
];
/** The transaction screens' tables: their rows turn into cards on phones (AdminTransactions.css.ts). */
export const CARD_TABLE: TableClasses = {
  table: own.cardTable,
  head: own.cardHead,
  body: own.cardBody,
  cell: own.headCell,
  numeric: own.numericHead,
};
const SIZE_OPTIONS = PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));

/** Drops empty values so the URL only carries what is set. */
function clean(search: AdminTransactionSearch): AdminTransactionSearch {
  return Object.fromEntries(
    Object.entries(search).filter(([, value]) => value !== undefined && value !== ''),
  ) as AdminTransactionSearch;
}

/**
 * The search box's text, debounced into the URL's `q`; a change of the URL from elsewhere (Back, Clear)
 * refills the box. `applied` is the query last put in the URL.
 */
function useSearchDraft(urlQuery: string) {
  const navigate = useNavigate({ from: '/admin/transactions' });
  const [draft, setDraft] = useState(urlQuery);
  const applied = useRef(urlQuery);
  useEffect(() => {
    if (urlQuery !== applied.current) {
      applied.current = urlQuery;
      setDraft(urlQuery);
    }
  }, [urlQuery]);
  useEffect(() => {
    const q = draft.trim();
    if (q === applied.current) return;
    const timer = window.setTimeout(() => {
      applied.current = q;
      void navigate({ search: (prev) => clean({ ...prev, cursors: undefined, q: q || undefined }) });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, navigate]);
  return { draft, setDraft, applied };
}

/** Export of everything the filters match, as a CSV file, with a toast that says how much was saved. */
function useTransactionsExport(search: AdminTransactionSearch) {
  return useMutation({
    mutationFn: () => fetchAllTransactions(filtersOf(search)),
    onSuccess: ({ transactions, total, complete }) => {
      const fileName = adminTransactionsFileName();
      downloadTextFile(fileName, adminTransactionsCsv(transactions));
      const count = `${transactions.length.toLocaleString('en-US')} transaction${transactions.length === 1 ? '' : 's'}`;
      toast({
        title: 'Transactions exported',
        description: complete
          ? `${count} saved to ${fileName}.`
          : `The newest ${count} of ${total.toLocaleString('en-US')} saved to ${fileName}. Narrow the filters to export the rest.`,
        variant: 'success',
      });
    },
    onError: (error: Error) => toastFailure('Export failed', error),
  });
}

/**
 * Every transaction in the ledger for admins (spec: admin transactions; docs/product-rules.md rule 13): search by ID or
 * description, type and status filters, Clear, Export of everything the filters match, and server-side
 * paging. The filters and the page live in the URL, so a view can be shared and Back undoes a step.
 */
export function TransactionsTable() {
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/admin/transactions' });
  const limit = search.limit ?? DEFAULT_PAGE_SIZE;
  const cursors = search.cursors ?? [];
  const list = useQuery({ ...adminTransactionsQuery(search), placeholderData: keepPreviousData });

  // Any change of filter or page size starts again at the first page.
  const update = (change: Partial<AdminTransactionSearch>) =>
    navigate({ search: (prev) => clean({ ...prev, cursors: undefined, ...change }) });

  const { draft, setDraft, applied } = useSearchDraft(search.q ?? '');

  const clear = () => {
    applied.current = '';
    setDraft('');
    void navigate({ search: (prev) => clean({ limit: prev.limit }) });
  };

  const exportCsv = useTransactionsExport(search);

  const filtered = hasAdminFilters(search);
  const page = cursors.length + 1;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / limit)) : page;

  return (
    <Panel icon={ArrowLeftRight} titleId="transactions-title" title="All transactions" head>
      <search>
        <form
          className={adminStyles.toolbar}
          aria-label="Filter transactions"
          onSubmit={(event) => {
            event.preventDefault();
            const q = draft.trim();
            applied.current = q;
            void update({ q: q || undefined });
          }}
        >
          <div className={own.search}>
            <TextField
              label="Search by ID or description"
              name="q"
              type="search"
              autoComplete="off"
              maxLength={100}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
            />
          </div>
          <div className={own.select}>
            <FilterSelect
              label="Type"
              name="type"
              value={search.type}
              options={TYPE_OPTIONS}
              onChange={(type) => void update({ type })}
            />
          </div>
          <div className={own.select}>
            <FilterSelect
              label="Status"
              name="status"
              value={search.status}
              options={STATUS_OPTIONS}
              onChange={(status) => void update({ status })}
            />
          </div>
          <div className={own.toolbarActions}>
            <Button
              icon={X}
              variant="ghost"
              onClick={clear}
              disabled={!filtered && draft === '' && cursors.length === 0}
            >
              Clear
              <span className={visuallyHidden}> search and filters</span>
            </Button>
            <Button
              icon={Download}
              variant="secondary"
              onClick={() => exportCsv.mutate()}
              pending={exportCsv.isPending}
              pendingLabel="Exporting…"
              disabled={!list.data || list.data.total === 0}
            >
              Export
              <span className={visuallyHidden}> {filtered ? 'filtered ' : ''}transactions as CSV</span>
            </Button>
          </div>
        </form>
      </search>

      {list.isPending ? (
        <PanelLoading label="Loading transactions…" rows={3} />
      ) : list.isError ? (
        isAccessDenied(list.error) ? (
          <AccessRequired />
        ) : (
          <PanelError onRetry={() => list.refetch()}>
            An error occurred while loading transactions.
          </PanelError>
        )
      ) : list.data.transactions.length === 0 ? (
        <PanelEmpty>
          {filtered ? 'No transactions found matching your filters' : 'No transactions yet'}
        </PanelEmpty>
      ) : (
        <TransactionsGrid transactions={list.data.transactions} busy={list.isPlaceholderData} />
      )}

      <div className={own.footer}>
        <p className={own.count} role="status" data-testid="transactions-count">
          {list.data
            ? `Showing ${list.data.transactions.length.toLocaleString('en-US')} of ${list.data.total.toLocaleString('en-US')} transactions`
            : ''}
        </p>
        <div className={own.pageSize}>
          <SelectField
            label="Rows per page"
            name="limit"
            value={String(limit)}
            options={SIZE_OPTIONS}
            onValueChange={(value) => {
              const size = Number(value);
              void update({ limit: size === DEFAULT_PAGE_SIZE ? undefined : size });
            }}
          />
        </div>
        <TransactionsPager
          page={page}
          pages={pages}
          cursors={cursors}
          nextCursor={list.data?.nextCursor}
          busy={list.isPlaceholderData}
        />
      </div>
    </Panel>
  );
}

/** Previous and Next through the pages, by the cursors the URL keeps, and which page this is. */
function TransactionsPager({
  page,
  pages,
  cursors,
  nextCursor,
  busy,
}: {
  page: number;
  pages: number;
  cursors: string[];
  nextCursor: string | null | undefined;
  busy: boolean;
}) {
  const navigate = useNavigate({ from: '/admin/transactions' });
  return (
    <nav className={own.pager} aria-label="Transaction pages">
      <Button
        icon={ChevronLeft}
        variant="secondary"
        size="sm"
        disabled={cursors.length === 0}
        onClick={() =>
          navigate({
            search: (prev) =>
              clean({ ...prev, cursors: cursors.length > 1 ? cursors.slice(0, -1) : undefined }),
          })
        }
      >
        Previous
      </Button>
      <span className={own.pageNumber}>
        Page {page} of {Math.max(page, pages)}
      </span>
      <Button
        variant="secondary"
        size="sm"
        disabled={!nextCursor || busy}
        onClick={() => {
          if (nextCursor)
            void navigate({ search: (prev) => clean({ ...prev, cursors: [...cursors, nextCursor] }) });
        }}
      >
        Next
        <ChevronRight size={16} aria-hidden="true" />
      </Button>
    </nav>
  );
}

/** One page of transactions, newest first; each row opens the transaction's events and balances. */
function TransactionsGrid({ transactions, busy }: { transactions: AdminTransaction[]; busy: boolean }) {
  return (
    <FramedTable
      label="Transactions table"
      columns={TRANSACTION_COLUMNS}
      classes={CARD_TABLE}
      busy={busy}
      caption={
        <caption className={visuallyHidden}>
          Transactions, newest first. Select a transaction's ID to open its events and balances.
        </caption>
      }
    >
      {transactions.map((transaction) => (
        <TransactionRow key={transaction.id} transaction={transaction} />
      ))}
    </FramedTable>
  );
}

function TransactionRow({ transaction }: { transaction: AdminTransaction }) {
  const navigate = useNavigate();
  const open = (event: MouseEvent<HTMLTableRowElement>) => {
    // The ID is the row's link (and the keyboard's way in); a click elsewhere on the row does the same,
    // unless it ends a text selection.
    if ((event.target as HTMLElement).closest('a')) return;
    if (window.getSelection()?.toString()) return;
    void navigate({ to: '/admin/transaction/$id', params: { id: transaction.id } });
  };
  const from = transaction.senderName ?? transaction.sender_id ?? 'SAI Wallet';
  const to = transaction.receiverName ?? transaction.receiver_id ?? 'SAI Wallet';
  return (
    // The row's link is the keyboard path; the click anywhere on the row is a mouse shortcut.
    <tr
      className={own.row}
      onClick={open}
      data-testid="admin-transaction-row"
      data-transaction-id={transaction.id}
    >
      <td className={`${own.bodyCell} ${own.idCell}`}>
        <Link
          to="/admin/transaction/$id"
          params={{ id: transaction.id }}
          className={own.idLink}
          title={transaction.id}
        >
          {/* The full id for screen readers; eight characters are enough to tell rows apart and to search. */}
          <span className={visuallyHidden}>Transaction {transaction.id}</span>
          <span aria-hidden="true">{shortId(transaction.id)}</span>
        </Link>
      </td>
      <td className={`${own.bodyCell} ${own.typeCell}`}>{ledgerTypeLabel(transaction.type)}</td>
      <td className={`${own.bodyCell} ${own.descriptionCell}`}>
        <span className={own.description}>
          <span>{transaction.description || 'No description'}</span>
          <span className={own.parties}>
            {from} → {to}
          </span>
        </span>
      </td>
      <td className={`${own.bodyCell} ${own.amountCell}`}>
        {formatLedgerAmount(transaction.amount, transaction.asset)} {transaction.asset}
      </td>
      <td className={`${own.bodyCell} ${own.dateCell}`}>
        <time dateTime={transaction.createdAt} title={formatDateTime(transaction.createdAt)}>
          {formatRelative(transaction.createdAt)}
        </time>
      </td>
      <td className={`${own.bodyCell} ${own.statusCell}`}>
        <StatusBadge status={transaction.status} />
      </td>
    </tr>
  );
}

function shortId(id: string): string {
  return id.length > 9 ? `${id.slice(0, 8)}…` : id;
}

/** Spec: an admin screen opened without admin rights (e.g. revoked meanwhile) says so. */
export function AccessRequired() {
  const navigate = useNavigate();
  return (
    <div className={panel.errorState} role="alert">
      <p>
        <strong>Admin access required</strong>
      </p>
      <p>Your account can no longer open the admin panel.</p>
      <Button variant="secondary" size="sm" onClick={() => navigate({ to: '/dashboard' })}>
        Return to Dashboard
      </Button>
    </div>
  );
}
