/**
 * The one vocabulary of a user's history (docs/architecture/history.md): the movement types, the coarse
 * status every list and filter uses, and the finer lifecycle state of each movement. The API's schemas,
 * the history's SQL, the web's filters and its labels all read these lists, so they cannot drift apart.
 */

/** What moved. The specification's values, plus `deposit` (an approved payment proof). */
export const HISTORY_TYPES = [
  'transfer',
  'admin_deposit',
  'deposit',
  'card_payment',
  'crypto_deposit',
  'withdrawal',
  'dormant',
  'other',
] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];

/** Where it stands, coarsely: the specification's three values, the ones a filter offers. */
export const HISTORY_STATUSES = ['completed', 'pending', 'failed'] as const;
export type HistoryStatus = (typeof HISTORY_STATUSES)[number];

/**
 * Where it stands in its own lifecycle:
 * - a transfer, a distribution, an approved deposit: `completed` at once;
 * - a crypto deposit: `declared` → `confirmed` (credited) or `rejected`;
 * - a withdrawal: `requested` → `held` (the amount is set aside) → `sent` or `failed` (the amount returns).
 */
export const HISTORY_STATES = [
  'completed',
  'declared',
  'confirmed',
  'rejected',
  'requested',
  'held',
  'sent',
  'failed',
] as const;
export type HistoryState = (typeof HISTORY_STATES)[number];

/** Each state's coarse status: the mapping the filter's `status` and the lists rely on. */
export const STATUS_OF_STATE: Record<HistoryState, HistoryStatus> = {
  completed: 'completed',
  declared: 'pending',
  confirmed: 'completed',
  rejected: 'failed',
  requested: 'pending',
  held: 'pending',
  sent: 'completed',
  failed: 'failed',
};

export const TYPE_LABELS: Record<HistoryType, string> = {
  transfer: 'Transfer',
  admin_deposit: 'Token distribution',
  deposit: 'Deposit',
  card_payment: 'Card payment',
  crypto_deposit: 'Crypto deposit',
  withdrawal: 'Withdrawal',
  dormant: 'Moved to dormant',
  other: 'Other',
};

export const STATE_LABELS: Record<HistoryState, string> = {
  completed: 'Completed',
  declared: 'Declared',
  confirmed: 'Confirmed',
  rejected: 'Rejected',
  requested: 'Requested',
  held: 'Funds held',
  sent: 'Sent',
  failed: 'Failed',
};

/**
 * The state of a movement the ledger booked, from its type and the ledger's status of the transaction
 * (a withdrawal is pending from its hold until it is sent or fails).
 */
export function bookedState(type: HistoryType, status: HistoryStatus): HistoryState {
  if (type === 'withdrawal')
    return status === 'pending' ? 'held' : status === 'completed' ? 'sent' : 'failed';
  if (type === 'crypto_deposit') return status === 'failed' ? 'rejected' : 'confirmed';
  return status === 'completed' ? 'completed' : status === 'failed' ? 'failed' : 'held';
}

/** The lifecycle step each event of a movement marks, for a receipt's timeline. */
export const TIMELINE_STEPS: Record<string, HistoryState> = {
  CryptoDepositDeclared: 'declared',
  CryptoDepositConfirmed: 'confirmed',
  CryptoDepositRejected: 'rejected',
  WithdrawalRequested: 'requested',
  WithdrawalHoldPlaced: 'held',
  WithdrawalCompleted: 'sent',
  WithdrawalFailed: 'failed',
  TokensTransferred: 'completed',
  TokensMinted: 'completed',
};
