import {
  type HistoryFilters,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionStatus,
  type TransactionType,
} from '../../../../queries/transactions.queries.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(value: unknown): value is string {
  return typeof value === 'string' && DAY.test(value) && !Number.isNaN(Date.parse(value));
}

/** The /transactions search params, read leniently: anything unknown is dropped, not an error. */
export function readHistorySearch(search: Record<string, unknown>): HistoryFilters {
  const filters: HistoryFilters = {};
  if (TRANSACTION_TYPES.includes(search.type as TransactionType))
    filters.type = search.type as TransactionType;
  if (TRANSACTION_STATUSES.includes(search.status as TransactionStatus)) {
    filters.status = search.status as TransactionStatus;
  }
  if (isDay(search.from)) filters.from = search.from;
  if (isDay(search.to)) filters.to = search.to;
  return filters;
}

export function hasFilters(filters: HistoryFilters): boolean {
  return Boolean(filters.type || filters.status || filters.from || filters.to);
}

export function validateDateRange(filters: HistoryFilters): string | undefined {
  if (filters.from && filters.to && filters.from > filters.to)
    return 'The start date must be on or before the end date';
  return undefined;
}
