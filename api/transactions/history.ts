import type { z } from 'zod';
import { networkLabel } from '../../domain/crypto/networks.ts';
import {
  bookedState,
  HISTORY_STATES,
  type HistoryState,
  type HistoryStatus,
  type HistoryType,
  TIMELINE_STEPS,
} from '../../domain/ledger/history.ts';
import { userAccount } from '../../domain/ledger/postings.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import {
  fromScaledUnits,
  isAsset,
  ledgerAmountText,
  scaledUnits,
  subtractDecimals,
} from '../../domain/shared/money.ts';
import type { HistoryRow } from '../../projections/ledger/history.queries.ts';
import type { ReceiptData } from '../../projections/ledger/receipt.queries.ts';
import type { ownTransactionAnswer, receiptAnswer } from './transactions.schemas.ts';

/**
 * An amount with its asset's ledger decimals (SAI 2, crypto 8); the read model's numerics carry eight.
 * Exact: a digit the asset cannot hold is an error, never rounded away.
 */
export function amountText(asset: string, amount: string): string {
  return isAsset(asset) ? ledgerAmountText(amount, asset) : fromScaledUnits(scaledUnits(amount, 8), 8);
}

const DEPOSIT_STATES: Record<string, HistoryState> = {
  pending: 'declared',
  confirmed: 'confirmed',
  rejected: 'rejected',
};

/** A row of the user's history as GET /api/transactions answers it. */
export function historyJson(row: HistoryRow): z.output<typeof ownTransactionAnswer> {
  const signed = row.signed_amount;
  const sent = signed?.startsWith('-') ?? false;
  const amount = row.amount === null ? null : amountText(row.asset, row.amount);
  return {
    id: row.id,
    type: row.type,
    asset: row.asset,
    amount,
    sender_id: row.sender_id,
    receiver_id: row.receiver_id,
    senderName: row.sender_name,
    receiverName: row.receiver_name,
    description: row.description,
    status: row.status,
    state: row.deposit_status ? DEPOSIT_STATES[row.deposit_status]! : bookedState(row.type, row.status),
    createdAt: row.created_at.toISOString(),
    direction: sent ? 'sent' : 'received',
    signedAmount: signed === null || amount === null ? null : `${sent ? '-' : '+'}${amount}`,
    balanceAfter: row.balance_after === null ? null : amountText(row.asset, row.balance_after),
    returned: row.returned,
  };
}

/**
 * Who may read a receipt: the movement's sender or receiver (for a deposit or a withdrawal, its user),
 * or an admin. Anyone else gets the same 404 as for an id that does not exist, so ids do not leak.
 */
export function receiptOwners(data: ReceiptData): UserId[] {
  return [
    data.transaction?.sender_id,
    data.transaction?.receiver_id,
    data.deposit?.user_id,
    data.withdrawal?.user_id,
  ].filter((id): id is UserId => Boolean(id));
}

const FEE_ACCOUNT = /^fees:/;

/** The receipt of one movement, seen from `viewer`'s account (an admin: from the movement's owner's). */
export function receiptJson(
  id: string,
  data: ReceiptData,
  viewer: UserId,
): z.output<typeof receiptAnswer> | null {
  const { transaction: t, deposit: d, withdrawal: w } = data;
  const owners = receiptOwners(data);
  const subject = owners.includes(viewer) ? viewer : (d?.user_id ?? w?.user_id ?? owners[0]);
  if (!subject) return null;
  const account = userAccount(subject);
  const asset = t?.asset ?? d?.asset ?? w?.asset ?? 'SAI';
  const type: HistoryType = t ? (t.type as HistoryType) : d ? 'crypto_deposit' : 'withdrawal';
  const status: HistoryStatus = t
    ? (t.status as HistoryStatus)
    : d
      ? d.status === 'rejected'
        ? 'failed'
        : 'pending'
      : 'pending';
  const state: HistoryState = t ? bookedState(type, status) : d ? DEPOSIT_STATES[d.status]! : 'requested';
  const rawAmount = t?.amount ?? d?.amount ?? w?.amount ?? null;
  const sent = t ? t.sender_id === subject && t.receiver_id !== subject : type === 'withdrawal';

  // The viewer's balance before the movement's first posting on their account and after its last.
  const mine = data.postings.filter(
    (p) => p.asset === asset && (p.from_account === account || p.to_account === account),
  );
  const first = mine[0];
  const last = mine[mine.length - 1];
  const after = (p: ReceiptData['postings'][number]) =>
    p.to_account === account ? p.to_balance_after : p.from_balance_after;
  const balanceBefore = first
    ? subtractDecimals(after(first), first.to_account === account ? first.amount : `-${first.amount}`, 8)
    : null;
  const fees = data.postings.filter((p) => FEE_ACCOUNT.test(p.to_account));
  const feeAsset = fees[0]?.asset ?? asset;
  const fee = fees.reduce((sum, p) => sum + scaledUnits(p.amount, 8), 0n);

  const timeline = data.events
    .filter((e) => TIMELINE_STEPS[e.type])
    .map((e) => ({ state: TIMELINE_STEPS[e.type]!, at: e.time.toISOString() }))
    .filter((step, index, all) => all.findIndex((s) => s.state === step.state) === index)
    // Steps in their lifecycle's order (a withdrawal's hold is written a moment before its request).
    .sort((a, b) => HISTORY_STATES.indexOf(a.state) - HISTORY_STATES.indexOf(b.state));

  const counterparty = (() => {
    if (type === 'withdrawal') return w?.address ?? 'External address';
    if (type === 'crypto_deposit')
      return d ? `External wallet (${networkLabel(d.network)})` : 'External wallet';
    const other = sent ? t?.receiver_name : t?.sender_name;
    return other ?? 'SAI Wallet';
  })();

  // Whose receipt it is (a printout names them): the account it is seen from.
  const holder =
    t && subject === t.sender_id
      ? { name: t.sender_name, email: t.sender_email }
      : t && subject === t.receiver_id
        ? { name: t.receiver_name, email: t.receiver_email }
        : d
          ? { name: d.user_name, email: d.user_email }
          : w
            ? { name: w.user_name, email: w.user_email }
            : { name: null, email: null };

  const createdAt = t?.created_at ?? d?.declared_at ?? w?.requested_at;
  return {
    id,
    type,
    status,
    state,
    asset,
    amount: rawAmount === null ? null : amountText(asset, rawAmount),
    fee: fee === 0n ? '0' : amountText(feeAsset, fromScaledUnits(fee, 8)),
    feeAsset,
    direction: sent ? 'sent' : 'received',
    counterparty,
    description:
      t?.description ??
      (d
        ? `${d.asset} deposit declared on ${networkLabel(d.network)}`
        : w
          ? `Withdrawal to ${w.address}`
          : ''),
    createdAt: (createdAt ?? new Date(0)).toISOString(),
    timeline,
    balanceBefore: balanceBefore === null ? null : amountText(asset, balanceBefore),
    balanceAfter: last ? amountText(asset, after(last)) : null,
    network: d?.network ?? w?.chain ?? null,
    address: w?.address ?? null,
    txHash: d?.tx_hash ?? w?.tx_hash ?? null,
    reason: d?.rejection_reason ?? w?.failure_reason ?? null,
    holder: holder.name === null ? null : { name: holder.name, email: holder.email ?? '' },
  };
}
