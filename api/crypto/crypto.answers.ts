import { z } from 'zod';
import { confirmationsFor, NETWORKS, type NetworkId } from '../../domain/crypto/networks.ts';
import type { CryptoAsset } from '../../domain/shared/money.ts';
import type { CryptoDepositRow, WithdrawalRow } from '../../projections/crypto/crypto.queries.ts';

const iso = z.string().describe('ISO 8601 instant');
const decimal = z.string().describe('Decimal string, exact');
/** Who asked, on the admin queues only. */
const requester = { username: z.string().optional(), email: z.string().optional() };

export const depositAnswer = z.object({
  id: z.string(),
  userId: z.string(),
  currency: z.string(),
  network: z.string(),
  networkLabel: z.string(),
  txHash: z.string().nullable(),
  status: z.string().describe('pending, confirmed or rejected'),
  amount: decimal.nullable().describe('Set when confirmed'),
  rejectionReason: z.string().nullable(),
  confirmationsRequired: z.number().int(),
  declaredAt: iso,
  decidedAt: iso.nullable(),
  ...requester,
});

export const withdrawalAnswer = z.object({
  id: z.string(),
  userId: z.string(),
  currency: z.string(),
  amount: decimal,
  address: z.string(),
  chain: z.string(),
  chainLabel: z.string(),
  notes: z.string(),
  status: z.string().describe('pending, completed or failed'),
  txHash: z.string().nullable(),
  failureReason: z.string().nullable(),
  requestedAt: iso,
  decidedAt: iso.nullable(),
  ageHours: z.number(),
  overdue: z.boolean(),
  ...requester,
});

/** An admin decision's answer: the item and the state it is in now. */
export const decisionAnswer = z.object({ id: z.string(), status: z.string() });

/** Deposits and withdrawals as the API answers them; amounts as the read model holds them (8 decimals). */
export function depositJson(row: CryptoDepositRow): z.output<typeof depositAnswer> {
  return {
    id: row.id,
    userId: row.userId,
    currency: row.asset,
    network: row.network,
    networkLabel: NETWORKS[row.network as NetworkId] ?? row.network,
    txHash: row.txHash,
    status: row.status,
    amount: row.amount,
    rejectionReason: row.rejectionReason,
    confirmationsRequired: confirmationsFor(row.asset as CryptoAsset),
    declaredAt: row.declaredAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    ...(row.username !== undefined ? { username: row.username, email: row.email } : {}),
  };
}

export function withdrawalJson(row: WithdrawalRow, now: Date): z.output<typeof withdrawalAnswer> {
  const ageHours =
    Math.floor((((row.decidedAt ?? now).getTime() - row.requestedAt.getTime()) / 36e5) * 10) / 10;
  return {
    id: row.id,
    userId: row.userId,
    currency: row.asset,
    amount: row.amount,
    address: row.address,
    chain: row.chain,
    chainLabel: NETWORKS[row.chain as NetworkId] ?? row.chain,
    notes: row.notes,
    status: row.status,
    txHash: row.txHash,
    failureReason: row.failureReason,
    requestedAt: row.requestedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    // The 24-hour promise (docs/product-rules.md spec 1): how long it has waited, and whether it is late.
    ageHours,
    overdue: row.status === 'pending' && ageHours >= 24,
    ...(row.username !== undefined ? { username: row.username, email: row.email } : {}),
  };
}
