import {
  type ApprovalCommand,
  type ApprovalRequest,
  type ApprovalState,
  approvalDecider,
  approvalStream,
} from '../../domain/approvals/approval.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import type { EventMetadata } from '../../infra/eventStore/eventStore.ts';
import type { CommandContext } from '../commands/context.ts';
import { handleCommand, loadState } from '../commands/handleCommand.ts';

/**
 * The write side of four-eyes requests (domain/approvals/approval.ts). Each step is one command on the
 * request's stream, seeded with the step's own id so that a retry (or a racing second attempt) finds it.
 */
function run(ctx: CommandContext, command: ApprovalCommand, metadata: EventMetadata, seed: string) {
  return handleCommand(ctx, approvalStream(command.data.approvalId), approvalDecider, command, metadata, {
    eventIdSeed: seed,
    findEarlier: true,
  });
}

/** Records admin A's request, with everything the action will do. A retry of the same key records nothing. */
export async function requestApproval(
  ctx: CommandContext,
  input: { approvalId: string; request: ApprovalRequest; requestedBy: UserId },
  metadata: EventMetadata,
) {
  return await run(
    ctx,
    { type: 'RequestApproval', data: input, now: ctx.now() },
    metadata,
    `${input.approvalId}:requested`,
  );
}

/** Admin B's approval (never A's: SelfApprovalError). The approver's retry records nothing. */
export async function grantApproval(
  ctx: CommandContext,
  input: { approvalId: string; approverId: UserId },
  metadata: EventMetadata,
) {
  return await run(
    ctx,
    { type: 'GrantApproval', data: input, now: ctx.now() },
    metadata,
    `${input.approvalId}:granted:${input.approverId}`,
  );
}

/** A rejection by another admin, or the requester's cancellation, while the request waits. */
export async function rejectApproval(
  ctx: CommandContext,
  input: { approvalId: string; adminId: UserId; reason: string },
  metadata: EventMetadata,
) {
  return await run(
    ctx,
    { type: 'RejectApproval', data: input, now: ctx.now() },
    metadata,
    `${input.approvalId}:rejected:${input.adminId}`,
  );
}

/** The approved action's one outcome: applied (with the command it ran), or refused with its message. */
export async function recordApprovedOutcome(
  ctx: CommandContext,
  input: { approvalId: string } & (
    | { applied: true; transactionId: string }
    | { applied: false; message: string }
  ),
  metadata: EventMetadata,
) {
  return await run(
    ctx,
    { type: 'RecordApprovedOutcome', data: input, now: ctx.now() },
    metadata,
    `${input.approvalId}:outcome`,
  );
}

/** A request's state, read from its stream (verified as loaded). */
export async function loadApproval(ctx: CommandContext, approvalId: string): Promise<ApprovalState> {
  return (await loadState(ctx, approvalStream(approvalId), approvalDecider)).state;
}
