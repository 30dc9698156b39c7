import type { Asset } from '../shared/money.ts';

/**
 * Double entry. Every movement of value is a posting: one asset, one positive amount, the account it
 * leaves (`from`, the debited side) and the account it enters (`to`, the credited side). A user's balance
 * is what entered their account minus what left it; system accounts (`issuance:SAI`, `custody:<ASSET>`,
 * `outbound:<ASSET>`, `holds:<ASSET>`, and `fees:<ASSET>` and `dormant:<ASSET>` which only receive) go negative by what they let into the ledger. Per asset the sum of
 * every account's balance is therefore zero at every position of the log (docs/ledger.md invariant 2).
 *
 * The posting lives in exactly one event, so conservation holds event by event, whatever order the
 * other side's bookkeeping (e.g. TransferReceived) lands in.
 */
export interface Posting {
  /** The business transaction this posting belongs to; shown as the transaction id everywhere. */
  transactionId: string;
  kind: TransactionType;
  asset: Asset;
  /** Minor units, always positive. */
  units: bigint;
  from: string;
  to: string;
  description: string;
  /** The business transaction's status once this posting is booked. */
  status: 'completed' | 'pending' | 'failed';
}

/** The spec's transaction types plus `deposit` for an approved payment proof (docs/architecture/money.md "Transaction types"). */
export type TransactionType =
  | 'transfer'
  | 'admin_deposit'
  | 'deposit'
  | 'card_payment'
  | 'crypto_deposit'
  | 'withdrawal'
  /** An erased person's residual balance moved to `dormant:<ASSET>`. */
  | 'dormant'
  | 'other';
