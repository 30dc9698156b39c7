import { toCsv } from '../../../../lib/csv.ts';
import type { OwnTransaction } from '../../../../queries/transactions.queries.ts';
import { STATE_LABELS, TYPE_LABELS } from './describe.ts';

export const STATEMENT_COLUMNS = [
  'Date',
  'Reference',
  'Type',
  'Status',
  'Description',
  'Counterparty',
  'Asset',
  'Amount',
  'Balance after',
] as const;

/**
 * The history as a CSV statement: the same rows, with the same filters, as the list. Dates are ISO 8601
 * (UTC) so spreadsheets sort them; amounts are the ledger's exact decimals, negative when sent (a plain
 * number, without the display's plus sign), empty where the balance did not move (a pending deposit).
 * It is machine data, in English whatever the interface's language: the same headers, labels and numbers
 * for every user's spreadsheet.
 */
export function statementCsv(transactions: readonly OwnTransaction[]): string {
  const rows = transactions.map((transaction) => [
    transaction.createdAt,
    transaction.id,
    TYPE_LABELS[transaction.type] ?? transaction.type,
    STATE_LABELS[transaction.state],
    transaction.description,
    statementCounterparty(transaction),
    transaction.asset,
    (transaction.signedAmount ?? '').replace(/^\+/, ''),
    transaction.balanceAfter ?? '',
  ]);
  return toCsv([STATEMENT_COLUMNS, ...rows]);
}

/** describe.ts's counterparty, in the statement's English. */
function statementCounterparty(transaction: OwnTransaction): string {
  if (transaction.type === 'crypto_deposit') return 'External wallet';
  if (transaction.type === 'withdrawal') return 'External address';
  const name = transaction.direction === 'sent' ? transaction.receiverName : transaction.senderName;
  return name ?? 'SAI Wallet';
}

export function statementFileName(now: Date = new Date()): string {
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-');
  return `sai-transactions-${day}.csv`;
}
