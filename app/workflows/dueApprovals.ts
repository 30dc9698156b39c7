import type { Pool, PoolClient } from 'pg';
import type { ApprovalEvent } from '../../domain/approvals/approval.ts';
import type { RecordedEvent } from '../../infra/eventStore/eventStore.ts';

type Finish = (approvalId: string, metadata: { correlationId: string; causationId: string }) => Promise<void>;

/**
 * The owner of `approval_follow_ups_due`: approved four-eyes requests with no outcome yet, given the
 * approver's request `graceMs` to apply them before the follow-up worker does (app/workflows/followUps.ts).
 * With no grace (the simulation) they are finished at once. The table is the process manager's own state,
 * created and changed by the versioned migrations.
 */
export function dueApprovals(pool: Pool, graceMs: number, finish: Finish) {
  return {
    async due(tx: PoolClient, event: Extract<ApprovalEvent, { type: 'ApprovalGranted' }> & RecordedEvent) {
      const metadata = { correlationId: event.metadata.correlationId, causationId: event.id };
      if (graceMs <= 0) {
        await finish(event.data.approvalId, metadata);
        return;
      }
      await tx.query(
        `INSERT INTO approval_follow_ups_due (approval_id, due_at, correlation_id, causation_id)
         VALUES ($1, $2::timestamptz + make_interval(secs => $3::double precision / 1000), $4, $5)
         ON CONFLICT (approval_id) DO NOTHING`,
        [event.data.approvalId, event.recordedAt, graceMs, metadata.correlationId, metadata.causationId],
      );
    },
    async decided(tx: PoolClient, approvalId: string) {
      if (graceMs <= 0) return;
      await tx.query('DELETE FROM approval_follow_ups_due WHERE approval_id = $1', [approvalId]);
    },
    /** Finishes the requests whose grace has run out, oldest first; each row goes once it is finished. */
    async sweep() {
      const { rows } = await pool.query<{
        approval_id: string;
        correlation_id: string;
        causation_id: string;
      }>(
        `SELECT approval_id, correlation_id, causation_id FROM approval_follow_ups_due
          WHERE due_at <= now() ORDER BY due_at LIMIT 100`,
      );
      for (const row of rows) {
        await finish(row.approval_id, { correlationId: row.correlation_id, causationId: row.causation_id });
        await pool.query('DELETE FROM approval_follow_ups_due WHERE approval_id = $1', [row.approval_id]);
      }
    },
  };
}
