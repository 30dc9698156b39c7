import { TYPE_LABELS } from '@domain/ledger/history.ts';
import { displayAmount, formatAsset } from '@/lib/assets.ts';
import { type CryptoCurrency, DISPLAY_DECIMALS } from '@/lib/constants.ts';
import { toCsv } from '@/lib/csv.ts';
import { formatDecimal, formatSignedAmount } from '@/lib/format.ts';
import { fromUnits, toUnits } from '@/lib/money.ts';
import {
  type AdminTransaction,
  type AdminTransactionFilters,
  type AdminTransactionSearch,
  DEFAULT_PAGE_SIZE,
  type LedgerTransactionType,
  PAGE_SIZES,
} from '@/queries/adminTransactions.queries.ts';
import {
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionStatus,
  type TransactionType,
} from '@/queries/transactions.queries.ts';

/** The ledger keeps 8 decimals for every asset (docs/ledger.md); the detail API sends them all. */
const LEDGER_DECIMALS = 8;
const CURSOR = /^\d{1,30}-\d{1,30}-\d{1,5}$/;
/** A page number no one reaches by clicking; keeps a hand-made URL from growing without bound. */
const MAX_CURSORS = 1_000;

/** The types of the history's one vocabulary (domain/ledger/history.ts), in English: the admin's. */
export const LEDGER_TYPE_LABELS: Record<LedgerTransactionType, string> = TYPE_LABELS;

export function ledgerTypeLabel(type: string): string {
  return LEDGER_TYPE_LABELS[type as LedgerTransactionType] ?? type;
}

/** The list's type and status filters, each with its "all" choice first. */
export const TYPE_OPTIONS: { value: TransactionType | 'all'; label: string }[] = [
  { value: 'all', label: 'All types' },
  ...TRANSACTION_TYPES.map((type) => ({ value: type, label: LEDGER_TYPE_LABELS[type] })),
];
export const STATUS_OPTIONS: { value: TransactionStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  ...TRANSACTION_STATUSES.map((status) => ({
    value: status,
    label: status.charAt(0).toUpperCase() + status.slice(1),
  })),
];

/**
 * The /admin/transactions search params, read leniently: anything unknown or malformed is dropped, not
 * an error, so an old or hand-edited link still opens the list. The router's parser turns `q=123` into a
 * number, hence the string conversion.
 */
export function readAdminTransactionSearch(search: Record<string, unknown>): AdminTransactionSearch {
  const result: AdminTransactionSearch = {};
  const q = typeof search.q === 'number' ? String(search.q) : search.q;
  if (typeof q === 'string' && q.trim() !== '') result.q = q.trim().slice(0, 100);
  if (TRANSACTION_TYPES.includes(search.type as TransactionType))
    result.type = search.type as TransactionType;
  if (TRANSACTION_STATUSES.includes(search.status as TransactionStatus)) {
    result.status = search.status as TransactionStatus;
  }
  const limit = Number(search.limit);
  if ((PAGE_SIZES as readonly number[]).includes(limit) && limit !== DEFAULT_PAGE_SIZE) result.limit = limit;
  if (
    Array.isArray(search.cursors) &&
    search.cursors.length > 0 &&
    search.cursors.length <= MAX_CURSORS &&
    search.cursors.every((cursor) => typeof cursor === 'string' && CURSOR.test(cursor))
  ) {
    result.cursors = search.cursors as string[];
  }
  return result;
}

export function filtersOf(search: AdminTransactionSearch): AdminTransactionFilters {
  return { q: search.q, type: search.type, status: search.status };
}

export function hasAdminFilters(search: AdminTransactionSearch): boolean {
  return Boolean(search.q || search.type || search.status);
}

/** Who is on a side of a transaction: the user's name and id, or the system account. */
export function partyLabel(name: string | null, id: string | null, systemAccount?: string): string {
  if (id) return name ? `${name} (${id})` : id;
  return systemAccount ? accountLabel(systemAccount) : 'SAI Wallet';
}

/** "issuance:SAI" → "SAI Wallet issuance (SAI)"; a user's account keeps its id. */
export function accountLabel(account: string): string {
  const [kind = '', asset = ''] = account.split(':');
  switch (kind) {
    case 'issuance':
      return `SAI Wallet issuance (${asset})`;
    case 'custody':
      return `Custody (${asset})`;
    case 'holds':
      return `Withdrawal holds (${asset})`;
    case 'outbound':
      return `Sent out (${asset})`;
    case 'fees':
      return `Conversion fees (${asset})`;
    case 'dormant':
      return `Dormant, erased people (${asset})`;
    default:
      return account;
  }
}

function isDisplayAsset(asset: string): asset is CryptoCurrency | 'SAI' {
  return asset in DISPLAY_DECIMALS;
}

/** A ledger amount with at least the asset's display decimals, grouped: "1,234.50"; never a digit less. */
export function formatLedgerAmount(value: string, asset: string): string {
  return isDisplayAsset(asset) ? formatAsset(value, asset) : formatDecimal(value, 2);
}

/** after − before, exactly (integer units at the ledger's 8 decimals), signed: "+30.00", "−30.00". */
export function balanceChange(before: string, after: string, asset: string): string {
  const b = toUnits(before, LEDGER_DECIMALS);
  const a = toUnits(after, LEDGER_DECIMALS);
  if (a === null || b === null) return '';
  const text = fromUnits(a - b, LEDGER_DECIMALS);
  return formatSignedAmount(isDisplayAsset(asset) ? displayAmount(text, asset) : text);
}

export const EXPORT_COLUMNS = [
  'ID',
  'Date',
  'Type',
  'Status',
  'Amount',
  'Asset',
  'From',
  'From ID',
  'To',
  'To ID',
  'Description',
] as const;

/**
 * The filtered list as CSV (formula-safe, see lib/csv.ts). Dates are ISO 8601 (UTC) so spreadsheets
 * sort them; the type is the API's own code, so a file can be filtered the same way the screen was.
 */
export function adminTransactionsCsv(transactions: readonly AdminTransaction[]): string {
  const rows = transactions.map((t) => [
    t.id,
    t.createdAt,
    t.type,
    t.status,
    t.amount,
    t.asset,
    t.senderName ?? (t.sender_id ? '' : 'SAI Wallet'),
    t.sender_id,
    t.receiverName ?? (t.receiver_id ? '' : 'SAI Wallet'),
    t.receiver_id,
    t.description,
  ]);
  return toCsv([EXPORT_COLUMNS, ...rows]);
}

export function adminTransactionsFileName(now: Date = new Date()): string {
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-');
  return `sai-admin-transactions-${day}.csv`;
}
