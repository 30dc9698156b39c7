import type { ApprovalEvent } from '../../domain/approvals/approval.ts';
import type { PersonErasedEvent } from '../../domain/users/user.ts';
import type { PoolClient } from '../../infra/postgres/pool.ts';
import { blanked } from '../erasure.ts';
import { defineProjection } from '../projection.ts';

/** A pending request declined: rejected by another admin, or cancelled by its requester. */
async function decline(
  tx: PoolClient,
  status: 'rejected' | 'cancelled',
  id: string,
  by: string,
  at: string,
  reason: string,
): Promise<void> {
  await tx.query(
    `UPDATE admin_approvals SET status = $2, decided_by = $3, decided_at = $4, decision_reason = $5
     WHERE id = $1 AND status = 'pending'`,
    [id, status, by, at, reason],
  );
}

/**
 * Four-eyes requests (domain/approvals/approval.ts): one row per request with its state, for the admin
 * approvals list and the audit of a user. The log is the record; this only answers "what waits, and for
 * whom". Every handler is an idempotent write keyed by the request's id.
 */
export const approvalsProjection = defineProjection<ApprovalEvent | PersonErasedEvent>({
  name: 'approvals',
  version: 1,
  tables: ['admin_approvals'],
  schema: `
    CREATE TABLE IF NOT EXISTS admin_approvals (
      id text PRIMARY KEY,
      action text NOT NULL,
      target_id text NOT NULL,
      user_id text NOT NULL,
      asset text NOT NULL,
      units numeric(40, 0) NOT NULL,
      reason text NOT NULL,
      tx_hash text,
      requested_by text NOT NULL,
      requested_at timestamptz NOT NULL,
      status text NOT NULL,
      decided_by text,
      decided_at timestamptz,
      decision_reason text,
      transaction_id text,
      outcome_message text,
      outcome_at timestamptz
    );
    CREATE INDEX IF NOT EXISTS admin_approvals_pending ON admin_approvals (requested_at, id) WHERE status = 'pending';
    CREATE INDEX IF NOT EXISTS admin_approvals_user ON admin_approvals (user_id, requested_at, id);
  `,
  handlers: {
    async ApprovalRequested(event, tx) {
      const d = event.data;
      await tx.query(
        `INSERT INTO admin_approvals (id, action, target_id, user_id, asset, units, reason, tx_hash, requested_by,
           requested_at, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending') ON CONFLICT (id) DO NOTHING`,
        [
          d.approvalId,
          d.action,
          d.targetId,
          d.userId,
          d.asset,
          d.units,
          d.reason,
          d.txHash,
          d.requestedBy,
          d.requestedAt,
        ],
      );
    },
    async ApprovalGranted(event, tx) {
      const d = event.data;
      await tx.query(
        `UPDATE admin_approvals SET status = 'approved', decided_by = $2, decided_at = $3 WHERE id = $1 AND status = 'pending'`,
        [d.approvalId, d.approvedBy, d.approvedAt],
      );
    },
    async ApprovalRejected(event, tx) {
      const d = event.data;
      await decline(tx, 'rejected', d.approvalId, d.rejectedBy, d.rejectedAt, d.reason);
    },
    async ApprovalCancelled(event, tx) {
      const d = event.data;
      await decline(tx, 'cancelled', d.approvalId, d.cancelledBy, d.cancelledAt, d.reason);
    },
    async ApprovedActionApplied(event, tx) {
      const d = event.data;
      await tx.query(
        `UPDATE admin_approvals SET status = 'applied', transaction_id = $2, outcome_at = $3 WHERE id = $1`,
        [d.approvalId, d.transactionId, d.appliedAt],
      );
    },
    async ApprovedActionRefused(event, tx) {
      const d = event.data;
      await tx.query(
        `UPDATE admin_approvals SET status = 'refused', outcome_message = $2, outcome_at = $3 WHERE id = $1`,
        [d.approvalId, d.message, d.refusedAt],
      );
    },
    async PersonErased(event, tx) {
      await tx.query(
        `UPDATE admin_approvals SET ${blanked('reason', 'decision_reason')} WHERE user_id = $1`,
        [event.data.userId],
      );
    },
  },
});
