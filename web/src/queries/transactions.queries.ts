import {
  HISTORY_STATUSES,
  HISTORY_TYPES,
  type HistoryState,
  type HistoryStatus,
  type HistoryType,
} from '@domain/ledger/history.ts';
import { ASSETS, type Asset } from '@domain/shared/money.ts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { type ApiBody, api, retryTransient, transientRetryDelay } from '../lib/api.ts';
import { keyed, useMoneyCommand } from './refresh.ts';

/** The history's one vocabulary (domain/ledger/history.ts), as the API speaks it. */
export const TRANSACTION_TYPES = HISTORY_TYPES;
export const TRANSACTION_STATUSES = HISTORY_STATUSES;
export const HISTORY_ASSETS = ASSETS;
export type TransactionType = HistoryType;
export type TransactionStatus = HistoryStatus;
export type HistoryAsset = Asset;

/** A ledger transaction as the lists return it. Amounts are decimal strings ("3.00"). */
export interface Transaction {
  id: string;
  type: TransactionType;
  asset: string;
  amount: string;
  sender_id: string | null;
  receiver_id: string | null;
  senderName: string | null;
  receiverName: string | null;
  description: string;
  status: TransactionStatus;
  createdAt: string;
}

/** One movement of the signed-in user's history, seen from their account (docs/architecture/history.md). */
export interface OwnTransaction extends Omit<Transaction, 'amount'> {
  /** Null while a declared crypto deposit awaits its amount. */
  amount: string | null;
  state: HistoryState;
  direction: 'sent' | 'received';
  /** "-3.00" when sent, "+3.00" when received; null when the balance did not move. */
  signedAmount: string | null;
  /** The user's balance in this asset right after; null when it did not move. */
  balanceAfter: string | null;
  /** The row where a failed withdrawal's held amount came back (the same movement's second row). */
  returned: boolean;
}

/** A movement's receipt (GET /api/transactions/{id}). */
export interface Receipt {
  id: string;
  type: TransactionType;
  status: TransactionStatus;
  state: HistoryState;
  asset: string;
  amount: string | null;
  fee: string;
  feeAsset: string;
  direction: 'sent' | 'received';
  counterparty: string;
  description: string;
  createdAt: string;
  timeline: { state: HistoryState; at: string }[];
  balanceBefore: string | null;
  balanceAfter: string | null;
  network: string | null;
  address: string | null;
  txHash: string | null;
  reason: string | null;
  /** Whose receipt it is (null once that person is erased). */
  holder: { name: string; email: string } | null;
}

export interface TransactionPage {
  transactions: OwnTransaction[];
  nextCursor: string | null;
}

/**
 * History filters as the screen holds them: `from` and `to` are calendar days (YYYY-MM-DD) in the
 * user's time zone, both inclusive.
 */
export interface HistoryFilters {
  asset?: HistoryAsset | undefined;
  type?: TransactionType | undefined;
  status?: TransactionStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Text searched in the counterparty, description, reference and amount. */
  q?: string | undefined;
}

export const transactionKeys = {
  all: ['transactions'] as const,
  recent: () => [...transactionKeys.all, 'recent'] as const,
  history: (filters: HistoryFilters) => [...transactionKeys.all, 'history', filters] as const,
  receipt: (id: string) => [...transactionKeys.all, 'receipt', id] as const,
};

export const RECENT_TRANSACTIONS = 5;
const HISTORY_PAGE_SIZE = 25;

/** docs/product-rules.md spec 7: the user's list is retried 3 times and fresh for 10 to 30 s. */
const LIST_OPTIONS = {
  staleTime: 10_000,
  retry: retryTransient(3),
  retryDelay: transientRetryDelay,
} as const;

export const recentTransactionsQuery = queryOptions({
  queryKey: transactionKeys.recent(),
  queryFn: ({ signal }) =>
    api.get('/api/transactions', {
      query: { limit: RECENT_TRANSACTIONS },
      signal,
    }) satisfies Promise<TransactionPage>,
  ...LIST_OPTIONS,
});

/** Local midnight of a YYYY-MM-DD day as an instant, so the filter matches the dates the list shows. */
export function startOfLocalDay(day: string, addDays = 0): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + addDays);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The history's query as the API names its parameters; empty filters are left out. */
export function historyQueryParams(filters: HistoryFilters, cursor: string | null, limit: number) {
  const from = filters.from ? startOfLocalDay(filters.from) : null;
  // The API's `to` is exclusive: the day after the last day shown.
  const to = filters.to ? startOfLocalDay(filters.to, 1) : null;
  return {
    ...(filters.asset ? { asset: filters.asset } : {}),
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(filters.q ? { q: filters.q } : {}),
    ...(cursor ? { cursor } : {}),
    limit: String(limit),
  };
}

export function historySearchParams(filters: HistoryFilters, cursor: string | null, limit: number) {
  return new URLSearchParams(historyQueryParams(filters, cursor, limit));
}

export function historyQuery(filters: HistoryFilters) {
  return infiniteQueryOptions({
    queryKey: transactionKeys.history(filters),
    queryFn: ({ pageParam, signal }) =>
      api.get('/api/transactions', {
        query: historyQueryParams(filters, pageParam, HISTORY_PAGE_SIZE),
        signal,
      }) satisfies Promise<TransactionPage>,
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    ...LIST_OPTIONS,
  });
}

/**
 * Every row of the history with these filters, page after page (the CSV statement carries the same rows
 * as the list), up to `max`; `complete` is false when it stopped there.
 */
export async function fetchWholeHistory(
  filters: HistoryFilters,
  max = 10_000,
): Promise<{ transactions: OwnTransaction[]; complete: boolean }> {
  const transactions: OwnTransaction[] = [];
  let cursor: string | null = null;
  for (;;) {
    const page: TransactionPage = await api.get('/api/transactions', {
      query: historyQueryParams(filters, cursor, 100),
    });
    transactions.push(...page.transactions);
    cursor = page.nextCursor;
    if (!cursor) return { transactions, complete: true };
    if (transactions.length >= max) return { transactions, complete: false };
  }
}

export function receiptQuery(id: string) {
  return queryOptions({
    queryKey: transactionKeys.receipt(id),
    queryFn: ({ signal }) =>
      api.get('/api/transactions/{id}', { path: { id }, signal }) satisfies Promise<Receipt>,
    ...LIST_OPTIONS,
  });
}

export interface CreatedTransaction {
  id: string;
  type: 'transfer' | 'admin_deposit';
  amount: string;
  sender_id: string | null;
  receiver_id: string;
  description: string;
  status: TransactionStatus;
  createdAt: string;
}

export interface TransferInput {
  receiverId: string;
  /** Decimal string exactly as typed and checked, e.g. "12.50". */
  amount: string;
  description: string;
  idempotencyKey: string;
  /** The sender's proof, once the server asked for it (docs/security.md, "Step-up for transfers"). */
  password?: string;
  totpCode?: string;
}

function postTransaction(body: ApiBody<'post', '/api/transactions'>, idempotencyKey: string) {
  return api.post('/api/transactions', {
    body,
    headers: keyed(idempotencyKey),
  }) satisfies Promise<CreatedTransaction>;
}

export function useTransferMutation() {
  return useMoneyCommand(({ receiverId, amount, description, idempotencyKey, ...proof }: TransferInput) =>
    postTransaction(
      { type: 'transfer', receiver_id: receiverId, amount, description, ...proof },
      idempotencyKey,
    ),
  );
}

/** Admin: mint tokens to a user (an `admin_deposit` transaction). */
export function useDistributionMutation() {
  // With the admin's fresh proof (docs/security.md, "Admin re-authentication and four-eyes").
  return useMoneyCommand(({ receiverId, amount, description, idempotencyKey, ...proof }: TransferInput) =>
    postTransaction(
      { type: 'admin_deposit', receiver_id: receiverId, amount, description, ...proof },
      idempotencyKey,
    ),
  );
}
