import type { ApprovalEvent } from '../../domain/approvals/approval.ts';
import type { RecordedEvent } from '../../infra/eventStore/eventStore.ts';
import type { Pool, PoolClient } from '../../infra/postgres/pool.ts';
import { deleteDueApproval, dueApprovalsNow, insertDueApproval } from './approvalFollowUpsDue.table.ts';

type Finish = (approvalId: string, metadata: { correlationId: string; causationId: string }) => Promise<void>;

/**
 * Approved four-eyes requests with no outcome yet, given the approver's request `graceMs` to apply them
 * before the follow-up worker does (app/workflows/followUps.ts), kept in `approval_follow_ups_due` (its
 * owner: approvalFollowUpsDue.table.ts). With no grace (the simulation) they are finished at once.
 */
export function dueApprovals(pool: Pool, graceMs: number, finish: Finish) {
  return {
    async due(tx: PoolClient, event: Extract<ApprovalEvent, { type: 'ApprovalGranted' }> & RecordedEvent) {
      const metadata = { correlationId: event.metadata.correlationId, causationId: event.id };
      if (graceMs <= 0) {
        await finish(event.data.approvalId, metadata);
        return;
      }
      await insertDueApproval(tx, {
        approvalId: event.data.approvalId,
        recordedAt: event.recordedAt,
        graceMs,
        correlationId: metadata.correlationId,
        causationId: metadata.causationId,
      });
    },
    async decided(tx: PoolClient, approvalId: string) {
      if (graceMs <= 0) return;
      await deleteDueApproval(tx, approvalId);
    },
    /** Finishes the requests whose grace has run out, oldest first; each row goes once it is finished. */
    async sweep() {
      for (const row of await dueApprovalsNow(pool)) {
        await finish(row.approval_id, { correlationId: row.correlation_id, causationId: row.causation_id });
        await deleteDueApproval(pool, row.approval_id);
      }
    },
  };
}
