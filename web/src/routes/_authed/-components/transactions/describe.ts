import type { OwnTransaction, TransactionType } from '../../../../queries/transactions.queries.ts';

export const TYPE_LABELS: Record<TransactionType, string> = {
  transfer: 'Transfer',
  admin_deposit: 'Token distribution',
  deposit: 'Deposit',
  card_payment: 'Card payment',
  crypto_deposit: 'Crypto deposit',
  withdrawal: 'Withdrawal',
  other: 'Other',
};

export function typeLabel(type: string): string {
  return TYPE_LABELS[type as TransactionType] ?? type;
}

/** Who is on the other side: the other user, or SAI Wallet itself for minted tokens. */
export function counterparty(transaction: OwnTransaction): string {
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
    default:
      return typeLabel(transaction.type);
  }
}
