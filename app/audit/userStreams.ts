import { approvalStream } from '../../domain/approvals/approval.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import type { Pool } from '../../infra/postgres/pool.ts';
import { approvalIdsOfUser } from '../../projections/approvals/approvals.queries.ts';
import { cryptoIdsOfUser } from '../../projections/crypto/crypto.queries.ts';
import { paymentIdsOfUser } from '../../projections/payments/payments.queries.ts';
import { cardIdFor } from '../cards/cards.service.ts';

/**
 * The streams that hold a user's history, for the audit screen: their own streams, then their payments',
 * withdrawals', deposits' and four-eyes requests', capped at `limit` (oldest first per kind); `truncated`
 * says when there were more.
 */
export async function userStreams(
  pool: Pool,
  userId: UserId,
  limit: number,
): Promise<{ streams: string[]; truncated: boolean }> {
  const [payments, withdrawals, deposits, approvals] = await Promise.all([
    paymentIdsOfUser(pool, userId, limit + 1),
    cryptoIdsOfUser(pool, 'withdrawals', userId, limit + 1),
    cryptoIdsOfUser(pool, 'deposits', userId, limit + 1),
    // Four-eyes requests on the user's money: requested, approved or rejected, applied.
    approvalIdsOfUser(pool, userId, limit + 1),
  ]);
  const streams = [
    `user-${userId}`,
    `account-${userId}`,
    `card-${cardIdFor(userId)}`,
    `notificationReads-${userId}`,
    `userPasskeys-${userId}`,
    `userMail-${userId}`,
    ...payments.map((id) => `payment-${id}`),
    ...withdrawals.map((id) => `withdrawal-${id}`),
    ...deposits.map((id) => `cryptoDeposit-${id}`),
    ...approvals.map((id) => approvalStream(id)),
  ];
  return { streams: streams.slice(0, limit), truncated: streams.length > limit };
}
