import { z } from 'zod';
import { confirmationsFor, networkLabel } from '../../domain/crypto/networks.ts';
import { CRYPTO_ASSETS, type CryptoAsset } from '../../domain/shared/money.ts';
import type { CryptoDepositRow, WithdrawalRow } from '../../projections/crypto/crypto.queries.ts';

const iso = z.string().describe('ISO 8601 instant');
const decimal = z.string().describe('Decimal string, exact');
/** Who asked, on the admin queues only. */
const requester = { username: z.string().optional(), email: z.string().optional() };

export const depositAnswer = z.object({
  id: z.string(),
  userId: z.string(),
  currency: z.enum(CRYPTO_ASSETS),
  network: z.string(),
  networkLabel: z.string(),
  txHash: z.string().nullable(),
  status: z.enum(['pending', 'confirmed', 'rejected']),
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
  currency: z.enum(CRYPTO_ASSETS),
  amount: decimal,
  address: z.string(),
  chain: z.string(),
  chainLabel: z.string(),
  notes: z.string(),
  status: z.enum(['pending', 'completed', 'failed']),
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
type Deposit = z.output<typeof depositAnswer>;
type Withdrawal = z.output<typeof withdrawalAnswer>;

export function depositJson(row: CryptoDepositRow): Deposit {
  return {
    id: row.id,
    userId: row.userId,
    // The read models hold only what the events carry: these assets and states.
    currency: row.asset as CryptoAsset,
    network: row.network,
    networkLabel: networkLabel(row.network),
    txHash: row.txHash,
    status: row.status as Deposit['status'],
    amount: row.amount,
    rejectionReason: row.rejectionReason,
    confirmationsRequired: confirmationsFor(row.asset as CryptoAsset),
    declaredAt: row.declaredAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    ...(row.username !== undefined ? { username: row.username, email: row.email } : {}),
  };
}

export function withdrawalJson(row: WithdrawalRow, now: Date): Withdrawal {
  const ageHours =
    Math.floor((((row.decidedAt ?? now).getTime() - row.requestedAt.getTime()) / 36e5) * 10) / 10;
  return {
    id: row.id,
    userId: row.userId,
    currency: row.asset as CryptoAsset,
    amount: row.amount,
    address: row.address,
    chain: row.chain,
    chainLabel: networkLabel(row.chain),
    notes: row.notes,
    status: row.status as Withdrawal['status'],
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
