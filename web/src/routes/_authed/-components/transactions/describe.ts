import { TYPE_LABELS as HISTORY_TYPE_LABELS, type HistoryState } from '@domain/ledger/history.ts';
import { t } from '@/i18n/i18n.ts';
import type { OwnTransaction, TransactionStatus, TransactionType } from '@/queries/transactions.queries.ts';

/**
 * A type of the history's one vocabulary (domain/ledger/history.ts) in the current language (the screens
 * and the CSV statement); a value this build does not know is shown as the API sent it.
 */
export function typeLabel(type: string): string {
  return type in HISTORY_TYPE_LABELS ? t(`money.type.${type as TransactionType}`) : type;
}

export function statusLabel(status: TransactionStatus): string {
  return t(`money.status.${status}`);
}

export function stateLabel(state: HistoryState): string {
  return t(`money.state.${state}`);
}

/** Who is on the other side: the other user, or SAI Wallet itself for minted tokens. */
export function counterparty(transaction: OwnTransaction): string {
  if (transaction.type === 'crypto_deposit') return t('money.counterparty.externalWallet');
  if (transaction.type === 'withdrawal') return t('money.counterparty.externalAddress');
  const name = transaction.direction === 'sent' ? transaction.receiverName : transaction.senderName;
  return name ?? 'SAI Wallet';
}

/**
 * A receipt's counterparty, which the API words in English for the sides that are not a person
 * (api/transactions/history.ts): those are said in the current language, a name or an address as it is.
 */
export function receiptCounterparty(value: string): string {
  if (value === 'External address') return t('money.counterparty.externalAddress');
  if (value === 'External wallet') return t('money.counterparty.externalWallet');
  const wallet = /^External wallet \((.+)\)$/.exec(value);
  return wallet?.[1] ? t('money.counterparty.externalWalletOn', { network: wallet[1] }) : value;
}

/** One line that says what happened, from the user's side. */
export function transactionTitle(transaction: OwnTransaction): string {
  switch (transaction.type) {
    case 'transfer':
      return transaction.direction === 'sent'
        ? t('money.title.sentTo', { name: counterparty(transaction) })
        : t('money.title.receivedFrom', { name: counterparty(transaction) });
    case 'admin_deposit':
      return t('money.type.admin_deposit');
    case 'deposit':
      return t('money.title.depositApproved');
    case 'card_payment':
      return t('money.type.card_payment');
    case 'crypto_deposit':
      return t('money.title.cryptoDeposit', { asset: transaction.asset });
    case 'withdrawal':
      return transaction.returned
        ? t('money.title.withdrawalReturned', { asset: transaction.asset })
        : t('money.title.withdrawal', { asset: transaction.asset });
    default:
      return typeLabel(transaction.type);
  }
}

/**
 * The descriptions the ledger writes itself (domain/ledger/postingRules.ts, the history's pending rows, the
 * distribution's default), in English there: each is matched here and said in the current language. Any
 * other description is the user's own note and is shown as written.
 */
const LEDGER_DESCRIPTIONS: [RegExp, (match: RegExpExecArray) => string][] = [
  [/^Token distribution$/, () => t('money.type.admin_deposit')],
  [/^Deposit approved$/, () => t('money.title.depositApproved')],
  [/^Balance moved to dormant$/, () => t('money.ledger.dormant')],
  [/^Conversion fee \((.+)%\)$/, (m) => t('money.ledger.conversionFee', { feeRate: m[1] })],
  [/^(\S+) deposit confirmed$/, (m) => t('money.ledger.depositConfirmed', { asset: m[1] })],
  [
    /^(\S+) deposit declared on (.+)$/,
    (m) => t('money.ledger.depositDeclared', { asset: m[1], network: m[2] }),
  ],
  [/^Withdrawal to (\S+)$/, (m) => t('money.ledger.withdrawalTo', { address: m[1] })],
  [/^Withdrawal sent \((.+)\)$/, (m) => t('money.ledger.withdrawalSent', { txHash: m[1] })],
  [/^Withdrawal failed: (.+)$/s, (m) => t('money.ledger.withdrawalFailed', { reason: m[1] })],
];

export function describedText(description: string): string {
  for (const [pattern, say] of LEDGER_DESCRIPTIONS) {
    const match = pattern.exec(description);
    if (match) return say(match);
  }
  return description;
}
