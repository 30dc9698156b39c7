import { toCsv } from '../../../../lib/csv.ts';
import type { OwnTransaction } from '../../../../queries/transactions.queries.ts';
import { counterparty, typeLabel } from './describe.ts';

export const STATEMENT_COLUMNS = [
  'Date',
  'Type',
  'Description',
  'Counterparty',
  'Amount (SAI)',
  'Balance after (SAI)',
] as const;

/**
 * The loaded history as a CSV statement. Dates are ISO 8601 (UTC) so spreadsheets sort them; amounts are
 * the ledger's exact decimals, negative when sent (a plain number, without the display's plus sign).
 */
export function statementCsv(transactions: readonly OwnTransaction[]): string {
  const rows = transactions.map((transaction) => [
    transaction.createdAt,
    typeLabel(transaction.type),
    transaction.description,
    counterparty(transaction),
    transaction.signedAmount.replace(/^\+/, ''),
    transaction.balanceAfter,
  ]);
  return toCsv([STATEMENT_COLUMNS, ...rows]);
}

export function statementFileName(now: Date = new Date()): string {
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-');
  return `sai-transactions-${day}.csv`;
}
