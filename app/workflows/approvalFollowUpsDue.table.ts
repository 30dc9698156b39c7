import type { Pool, PoolClient } from '../../infra/postgres/pool.ts';
import type { TableOwner } from '../tables.ts';

/**
 * `approval_follow_ups_due`: every statement on the table, the approved four-eyes requests with no outcome
 * yet that the follow-up worker gives the approver's request time to apply (dueApprovals.ts, followUps.ts).
 * The table is the process manager's own state, created and changed by the versioned migrations.
 */

/** A due row: the request to finish, and the metadata its outcome is recorded with. */
export interface DueApprovalRow {
  approval_id: string;
  correlation_id: string;
  causation_id: string;
}

/** Adds the request's row, due `graceMs` after `recordedAt`; a row already there stays as it is. */
export async function insertDueApproval(
  tx: PoolClient,
  row: { approvalId: string; recordedAt: Date; graceMs: number; correlationId: string; causationId: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO approval_follow_ups_due (approval_id, due_at, correlation_id, causation_id)
     VALUES ($1, $2::timestamptz + make_interval(secs => $3::double precision / 1000), $4, $5)
     ON CONFLICT (approval_id) DO NOTHING`,
    [row.approvalId, row.recordedAt, row.graceMs, row.correlationId, row.causationId],
  );
}

export async function deleteDueApproval(db: Pool | PoolClient, approvalId: string): Promise<void> {
  await db.query('DELETE FROM approval_follow_ups_due WHERE approval_id = $1', [approvalId]);
}

/** Up to 100 rows whose grace has run out, oldest first. */
export async function dueApprovalsNow(pool: Pool): Promise<DueApprovalRow[]> {
  const { rows } = await pool.query<DueApprovalRow>(
    `SELECT approval_id, correlation_id, causation_id FROM approval_follow_ups_due
      WHERE due_at <= now() ORDER BY due_at LIMIT 100`,
  );
  return rows;
}

/** Nothing personal, a due row is gone within seconds: neither purged nor erased. */
export const approvalFollowUpsDueTable: TableOwner = { table: 'approval_follow_ups_due' };
