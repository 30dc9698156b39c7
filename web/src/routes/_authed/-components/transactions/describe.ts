import {
  TYPE_LABELS as HISTORY_TYPE_LABELS,
  type HistoryState,
  STATE_LABELS,
  STATUS_LABELS,
} from '../../../../../../domain/ledger/history.ts';
import type { OwnTransaction, TransactionType } from '../../../../queries/transactions.queries.ts';

/** The labels of the history's one vocabulary (domain/ledger/history.ts). */
export const TYPE_LABELS: Record<TransactionType, string> = HISTORY_TYPE_LABELS;
export { STATE_LABELS, STATUS_LABELS };

export function typeLabel(type: string): string {
  return TYPE_LABELS[type as TransactionType] ?? type;
}

export function stateLabel(state: HistoryState): string {
  return STATE_LABELS[state];
}

/** Who is on the other side: the other user, or SAI Wallet itself for minted tokens. */
export function counterparty(transaction: OwnTransaction): string {
  if (transaction.type === 'crypto_deposit') return 'External wallet';
  if (transaction.type === 'withdrawal') return 'External address';
  const name = transaction.direction === 'sent' ? transaction.receiverName : transaction.senderName;
  return name ?? 'SAI Wallet';
}

/** One line that says what happened, from the user's side. */
export function transactionTitle(transaction: OwnTransaction): string {
  switch (transaction.type) {
    case 'transfer':
      return transaction.direction === 'sent'
        ? `Sent to ${counterparty(transaction)}`
        : `Received from ${counterparty(transaction)}`;
    case 'admin_deposit':
      return 'Token distribution';
    case 'deposit':
      return 'Deposit approved';
    case 'card_payment':
      return 'Card payment';
    case 'crypto_deposit':
      return `${transaction.asset} deposit`;
    case 'withdrawal':
      return `${transaction.asset} withdrawal`;
    default:
      return typeLabel(transaction.type);
  }
}
