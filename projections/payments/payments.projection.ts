import type { PaymentEvent } from '../../domain/payments/payment.ts';
import type { PersonErasedEvent } from '../../domain/users/user.ts';
import { blanked } from '../erasure.ts';
import { defineProjection } from '../projection.ts';

/** Deposit proofs and their review state (the spec's payment_verifications). */
export const paymentsProjection = defineProjection<PaymentEvent | PersonErasedEvent>({
  name: 'payments',
  // 2: the purchase's fee, rate, tier and amount to pay (docs/product-rules.md rule 25).
  // 3: an erased person's notes, proof images and rejection reasons are blanked.
  version: 3,
  tables: ['payment_verifications'],
  schema: `
    CREATE TABLE IF NOT EXISTS payment_verifications (
      id text PRIMARY KEY,
      user_id text NOT NULL,
      payment_method text NOT NULL,
      amount numeric(18, 2) NOT NULL,
      notes text NOT NULL,
      proof_image_url text NOT NULL,
      status text NOT NULL,
      rejection_reason text,
      created_at timestamptz NOT NULL,
      verified_at timestamptz,
      verified_by text,
      fee numeric(18, 2),
      fee_rate numeric(5, 2),
      tier text,
      crypto_amount text
    );
    CREATE INDEX IF NOT EXISTS payment_verifications_user ON payment_verifications (user_id, created_at DESC);
    CREATE INDEX IF NOT EXISTS payment_verifications_pending ON payment_verifications (created_at) WHERE status = 'pending';
  `,
  handlers: {
    async PaymentProofSubmitted(event, tx) {
      const d = event.data;
      await tx.query(
        `INSERT INTO payment_verifications (id, user_id, payment_method, amount, notes, proof_image_url, status, created_at,
           fee, fee_rate, tier, crypto_amount)
         VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9, $10, $11) ON CONFLICT (id) DO NOTHING`,
        [
          d.paymentId,
          d.userId,
          d.paymentMethod,
          d.amount,
          d.notes,
          d.proofImageUrl,
          d.submittedAt,
          d.fee ?? null,
          d.feeRate ?? null,
          d.tier ?? null,
          d.cryptoAmount ?? null,
        ],
      );
    },
    async PaymentApproved(event, tx) {
      await tx.query(
        `UPDATE payment_verifications SET status = 'verified', verified_at = $2, verified_by = $3 WHERE id = $1`,
        [event.data.paymentId, event.data.approvedAt, event.data.approvedBy],
      );
    },
    async PaymentRejected(event, tx) {
      await tx.query(
        `UPDATE payment_verifications SET status = 'rejected', verified_at = $2, verified_by = $3, rejection_reason = $4
         WHERE id = $1`,
        [event.data.paymentId, event.data.rejectedAt, event.data.rejectedBy, event.data.reason],
      );
    },
    async PersonErased(event, tx) {
      await tx.query(
        `UPDATE payment_verifications SET ${blanked('notes', 'proof_image_url', 'rejection_reason')}
          WHERE user_id = $1`,
        [event.data.userId],
      );
    },
  },
});
