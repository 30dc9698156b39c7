import type pg from 'pg';
import type { UserId } from '../../domain/shared/ids.ts';
import { idsOf } from '../sql.ts';

export interface PaymentRow {
  id: string;
  userId: UserId;
  paymentMethod: string;
  amount: string;
  notes: string;
  proofImageUrl: string;
  status: 'pending' | 'verified' | 'rejected';
  rejectionReason: string | null;
  createdAt: Date;
  verifiedAt: Date | null;
  verifiedBy: UserId | null;
  /** The purchase's terms fixed at submission; null on proofs from before the conversion fee. */
  fee: string | null;
  feeRate: string | null;
  tier: string | null;
  cryptoAmount: string | null;
  username?: string;
  email?: string;
}

const COLUMNS = `p.id, p.user_id AS "userId", p.payment_method AS "paymentMethod", p.amount::text AS amount, p.notes,
  p.proof_image_url AS "proofImageUrl", p.status, p.rejection_reason AS "rejectionReason", p.created_at AS "createdAt",
  p.verified_at AS "verifiedAt", p.verified_by AS "verifiedBy", p.fee::text AS fee, p.fee_rate::text AS "feeRate",
  p.tier, p.crypto_amount AS "cryptoAmount"`;

/** The ids of a user's payment proofs, oldest first: for the audit. */
export async function paymentIdsOfUser(db: pg.Pool, userId: UserId, limit: number): Promise<string[]> {
  return await idsOf(
    db,
    'SELECT id FROM payment_verifications WHERE user_id = $1 ORDER BY created_at, id LIMIT $2',
    [userId, limit],
  );
}

export async function paymentsOfUser(db: pg.Pool, userId: UserId, limit = 100): Promise<PaymentRow[]> {
  const { rows } = await db.query<PaymentRow>(
    `SELECT ${COLUMNS} FROM payment_verifications p WHERE p.user_id = $1 ORDER BY p.created_at DESC, p.id LIMIT $2`,
    [userId, limit],
  );
  return rows;
}

export async function pendingPayments(db: pg.Pool, limit = 200): Promise<PaymentRow[]> {
  const { rows } = await db.query<PaymentRow>(
    `SELECT ${COLUMNS}, u.username, u.email FROM payment_verifications p LEFT JOIN users u ON u.id = p.user_id
     WHERE p.status = 'pending' ORDER BY p.created_at, p.id LIMIT $1`,
    [limit],
  );
  return rows;
}
