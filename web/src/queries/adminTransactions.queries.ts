import { queryOptions } from '@tanstack/react-query';
import { ApiError, api, retryTransient } from '../lib/api.ts';
import type { Transaction, TransactionStatus, TransactionType } from './transactions.queries.ts';
import { adminKeys } from './users.queries.ts';

/**
 * The admin's view of every transaction (`GET /api/transactions/all`) and of one transaction with the
 * events and balances behind it (`GET /api/admin/transactions/:id`, docs/product-rules.md rule 7). Keys live under
 * `admin`, so a money command refreshes them too.
 */

/** The list's filters and page, as the URL holds them. */
export interface AdminTransactionSearch {
  q?: string | undefined;
  type?: TransactionType | undefined;
  status?: TransactionStatus | undefined;
  /** Page size; the API takes 1 to 100. */
  limit?: number | undefined;
  /**
   * The cursors that led to the current page, oldest first; the last one opens it. Kept whole (not only
   * the current cursor) so Previous works on a shared link as well as after Next.
   */
  cursors?: string[] | undefined;
}

/** Filters alone: what Export covers, whatever the page. */
export type AdminTransactionFilters = Pick<AdminTransactionSearch, 'q' | 'type' | 'status'>;

/** A transaction's type as the ledger records it: the API's filterable types plus crypto movements. */
export type LedgerTransactionType = TransactionType;

export interface AdminTransaction extends Omit<Transaction, 'type'> {
  type: LedgerTransactionType;
}

export interface AdminTransactionPage {
  transactions: AdminTransaction[];
  /** Every transaction matching the filters, over all pages. */
  total: number;
  nextCursor: string | null;
}

/** One event behind a transaction, with its place in the log and its hash chain link. */
export interface TransactionEvent {
  id: string;
  stream: string;
  revision: number;
  /** Global log position, "commit-prepare". */
  position: string;
  type: string;
  time: string;
  actorId: string | null;
  /** The actor's username; null for the system or someone erased. */
  actorName: string | null;
  correlationId: string;
  causationId: string | null;
  hash: string;
}

/** An account a posting touched; balances are the ledger's 8-decimal strings. */
export interface BalanceChange {
  account: string;
  asset: string;
  position: string;
  before: string;
  after: string;
}

export interface TransactionDetail {
  transaction: {
    id: string;
    type: LedgerTransactionType;
    asset: string;
    /** The ledger's exact amount, 8 decimals ("3.00000000"). */
    amount: string;
    sender_id: string | null;
    receiver_id: string | null;
    sender_name: string | null;
    receiver_name: string | null;
    description: string;
    status: TransactionStatus;
    actor_id: string | null;
    /** Who initiated it, by name (null: the system). */
    actor_name: string | null;
    createdAt: string;
  };
  events: TransactionEvent[];
  balances: BalanceChange[];
}

export const DEFAULT_PAGE_SIZE = 25;
export const PAGE_SIZES = [10, 25, 50, 100] as const;
/** Export reads the filtered list in the API's largest pages. */
const EXPORT_PAGE_SIZE = 100;

export const adminTransactionKeys = {
  all: () => [...adminKeys.all, 'transactions'] as const,
  list: (search: AdminTransactionSearch) => [...adminTransactionKeys.all(), 'list', search] as const,
  detail: (id: string) => [...adminTransactionKeys.all(), 'detail', id] as const,
};

export function adminTransactionParams(
  filters: AdminTransactionFilters,
  cursor: string | undefined,
  limit: number,
): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.type) params.set('type', filters.type);
  if (filters.status) params.set('status', filters.status);
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(limit));
  return params;
}

function fetchPage(
  filters: AdminTransactionFilters,
  cursor: string | undefined,
  limit: number,
  signal?: AbortSignal,
) {
  return api.get('/api/transactions/all', {
    query: Object.fromEntries(adminTransactionParams(filters, cursor, limit)),
    ...(signal ? { signal } : {}),
  }) satisfies Promise<AdminTransactionPage>;
}

/** docs/product-rules.md spec 7: admin lists are fresh for 30 s; a failure another try could fix is retried. */
export function adminTransactionsQuery(search: AdminTransactionSearch) {
  return queryOptions({
    queryKey: adminTransactionKeys.list(search),
    queryFn: ({ signal }) =>
      fetchPage(search, search.cursors?.at(-1), search.limit ?? DEFAULT_PAGE_SIZE, signal),
    staleTime: 30_000,
    retry: retryTransient(3),
  });
}

export function transactionDetailQuery(id: string) {
  return queryOptions({
    queryKey: adminTransactionKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get('/api/admin/transactions/{id}', { path: { id }, signal }) satisfies Promise<TransactionDetail>,
    // A booked transaction's events never change; its status may (pending → completed).
    staleTime: 30_000,
    retry: retryTransient(3),
  });
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export function isAccessDenied(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/**
 * Every transaction matching the filters, page after page, for the CSV export. Stops at `max` rows so
 * a huge ledger cannot freeze the tab; `complete` says whether everything was read.
 */
export async function fetchAllTransactions(
  filters: AdminTransactionFilters,
  max = 10_000,
): Promise<{ transactions: AdminTransaction[]; total: number; complete: boolean }> {
  const transactions: AdminTransaction[] = [];
  let cursor: string | undefined;
  let total = 0;
  for (;;) {
    const page = await fetchPage(filters, cursor, EXPORT_PAGE_SIZE);
    total = page.total;
    transactions.push(...page.transactions);
    if (!page.nextCursor) return { transactions, total, complete: true };
    if (transactions.length >= max) return { transactions, total, complete: false };
    cursor = page.nextCursor;
  }
}
