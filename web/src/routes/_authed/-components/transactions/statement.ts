import { type MessageId, t } from '@/i18n/i18n.ts';
import { toCsv } from '@/lib/csv.ts';
import type { OwnTransaction } from '@/queries/transactions.queries.ts';
import { counterparty, describedText, stateLabel, typeLabel } from './describe.ts';

/** The statement's columns, in their order, by the message that heads each. */
const STATEMENT_COLUMNS: readonly MessageId[] = [
  'money.csv.date',
  'money.csv.reference',
  'money.csv.type',
  'money.csv.status',
  'money.csv.description',
  'money.csv.counterparty',
  'money.csv.asset',
  'money.csv.amount',
  'money.csv.balanceAfter',
];

/** The header row in the current language: a person opens this file, not a tool (docs/architecture/i18n.md). */
export function statementHeaders(): string[] {
  return STATEMENT_COLUMNS.map((id) => t(id));
}

/**
 * The history as a CSV statement: the same rows, with the same filters, as the list. What a person reads
 * is in the interface's language, as on the screen: the headers, the type and status words, the
 * counterparty and the ledger's own descriptions (a user's note stays as written). What a spreadsheet
 * computes with stays machine data in every language: dates are ISO 8601 (UTC) so they sort, the
 * reference is the transaction's id, the asset its code, and amounts the ledger's exact decimals with a
 * dot, negative when sent (a plain number, without the display's plus sign), empty where the balance did
 * not move (a pending deposit).
 */
export function statementCsv(transactions: readonly OwnTransaction[]): string {
  const rows = transactions.map((transaction) => [
    transaction.createdAt,
    transaction.id,
    typeLabel(transaction.type),
    stateLabel(transaction.state),
    describedText(transaction.description),
    counterparty(transaction),
    transaction.asset,
    (transaction.signedAmount ?? '').replace(/^\+/, ''),
    transaction.balanceAfter ?? '',
  ]);
  return toCsv([statementHeaders(), ...rows]);
}

export function statementFileName(now: Date = new Date()): string {
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-');
  return `sai-transactions-${day}.csv`;
}
