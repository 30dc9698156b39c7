import type { AccountEvent } from '../accounts/account.ts';
import type { WithdrawalEvent } from '../crypto/withdrawal.ts';
import { USER_ID_SOURCE } from '../shared/ids.ts';
import { type Asset, parseAmount } from '../shared/money.ts';

/**
 * Double entry. Every movement of value is a posting: one asset, one positive amount, the account it
 * leaves (`from`, the debited side) and the account it enters (`to`, the credited side). A user's balance
 * is what entered their account minus what left it; system accounts (`issuance:SAI`, `custody:<ASSET>`,
 * `outbound:<ASSET>`, `holds:<ASSET>`) go negative by what they let into the ledger. Per asset the sum of
 * every account's balance is therefore zero at every position of the log (LEDGER.md invariant 2).
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

/** The spec's transaction types plus `deposit` for an approved payment proof (docs/ARCHITECTURE.md). */
export type TransactionType =
  | 'transfer'
  | 'admin_deposit'
  | 'deposit'
  | 'card_payment'
  | 'crypto_deposit'
  | 'withdrawal'
  | 'other';

export const userAccount = (userId: string) => `user:${userId}`;
/** A ledger account name as the audit tools accept it: a user's, or a system account of an asset. */
export const LEDGER_ACCOUNT_PATTERN = new RegExp(
  `^(user:${USER_ID_SOURCE}|(issuance|custody|holds|outbound):[A-Z]{3,4})$`,
);
export const issuanceAccount = (asset: Asset) => `issuance:${asset}`;
export const custodyAccount = (asset: Asset) => `custody:${asset}`;
export const holdsAccount = (asset: Asset) => `holds:${asset}`;
export const outboundAccount = (asset: Asset) => `outbound:${asset}`;

export function accountOwner(account: string): string | null {
  return account.startsWith('user:') ? account.slice(5) : null;
}

/** Amounts in events are decimal strings with the asset's decimals; they were validated when decided. */
export function unitsOf(amount: string, asset: Asset): bigint {
  const parsed = parseAmount(amount, asset);
  if (!parsed.ok) throw new Error(`Stored amount ${amount} ${asset} is not valid: ${parsed.reason}`);
  return parsed.units;
}

export function postingsOf(event: { type: string; data: unknown }): Posting[] {
  const e = event as AccountEvent | WithdrawalEvent;
  switch (e.type) {
    case 'TokensMinted':
      return [
        {
          transactionId: e.data.transactionId,
          kind: e.data.source === 'payment' ? 'deposit' : 'admin_deposit',
          asset: e.data.asset,
          units: unitsOf(e.data.amount, e.data.asset),
          from: issuanceAccount(e.data.asset),
          to: userAccount(e.data.userId),
          description: e.data.description,
          status: 'completed',
        },
      ];
    case 'TokensTransferred':
      return [
        {
          transactionId: e.data.transactionId,
          kind: 'transfer',
          asset: e.data.asset,
          units: unitsOf(e.data.amount, e.data.asset),
          from: userAccount(e.data.fromUserId),
          to: userAccount(e.data.toUserId),
          description: e.data.description,
          status: 'completed',
        },
      ];
    case 'CryptoDepositCredited':
      return [
        {
          transactionId: e.data.transactionId,
          kind: 'crypto_deposit',
          asset: e.data.asset,
          units: unitsOf(e.data.amount, e.data.asset),
          from: custodyAccount(e.data.asset),
          to: userAccount(e.data.userId),
          description: `${e.data.asset} deposit confirmed`,
          status: 'completed',
        },
      ];
    case 'WithdrawalHoldPlaced':
      return [
        {
          transactionId: e.data.transactionId,
          kind: 'withdrawal',
          asset: e.data.asset,
          units: unitsOf(e.data.amount, e.data.asset),
          from: userAccount(e.data.userId),
          to: holdsAccount(e.data.asset),
          description: `Withdrawal to ${e.data.address}`,
          status: 'pending',
        },
      ];
    case 'WithdrawalCompleted':
      return [
        {
          transactionId: e.data.withdrawalId,
          kind: 'withdrawal',
          asset: e.data.asset,
          units: unitsOf(e.data.amount, e.data.asset),
          from: holdsAccount(e.data.asset),
          to: outboundAccount(e.data.asset),
          description: `Withdrawal sent (${e.data.txHash})`,
          status: 'completed',
        },
      ];
    case 'WithdrawalFailed':
      return [
        {
          transactionId: e.data.withdrawalId,
          kind: 'withdrawal',
          asset: e.data.asset,
          units: unitsOf(e.data.amount, e.data.asset),
          from: holdsAccount(e.data.asset),
          to: userAccount(e.data.userId),
          description: `Withdrawal failed: ${e.data.reason}`,
          status: 'failed',
        },
      ];
    default:
      return [];
  }
}
