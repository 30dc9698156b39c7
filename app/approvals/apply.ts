import type { ApprovalRequest, ApprovalState } from '../../domain/approvals/approval.ts';
import { assertNever } from '../../domain/shared/decider.ts';
import { DomainError, NotFoundError } from '../../domain/shared/errors.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import type { EventMetadata } from '../../infra/eventStore/eventStore.ts';
import type { CommandContext } from '../commands/context.ts';
import { completeWithdrawal, confirmDeposit, loadDeposit } from '../crypto/crypto.service.ts';
import { CREDITED, refuseTxOfEarlierDeposit } from '../crypto/earlierDeposits.ts';
import { approvePayment, distributeTokens } from '../ledger/ledger.service.ts';
import { recordApprovedOutcome } from './approvals.service.ts';

/**
 * Runs an approved request **from its record** (never from the approver's body): the same use case the
 * route runs below the threshold, on behalf of the requesting admin, with ids derived from the request's
 * id, so running it again (a retry, a second approver's attempt racing the first) finds what the first
 * run wrote and moves nothing twice. Answers the transaction id the action's events carry.
 */
export async function applyApproved(
  deps: CommandContext,
  approvalId: string,
  request: ApprovalRequest & { requestedBy: UserId },
  metadata: EventMetadata,
): Promise<string> {
  // The approver's request is not the command's: its body hash must not bind the action's events.
  const { requestHash: _, ...applied } = metadata;
  const units = BigInt(request.units);
  switch (request.action) {
    case 'distribution':
      await distributeTokens(
        deps,
        {
          transactionId: approvalId,
          userId: request.userId,
          units,
          description: request.reason || 'Token distribution',
          distributedBy: request.requestedBy,
        },
        applied,
      );
      return approvalId;
    case 'depositConfirmation': {
      const deposit = await loadDeposit(deps, request.targetId);
      if (!deposit) throw new NotFoundError('Deposit not found');
      const named = request.txHash ?? deposit.txHash;
      if (named) await refuseTxOfEarlierDeposit(deps, deposit.network, named, request.targetId, CREDITED);
      await confirmDeposit(
        deps,
        request.targetId,
        { units, txHash: request.txHash },
        request.requestedBy,
        applied,
        approvalId,
      );
      return request.targetId;
    }
    case 'paymentApproval':
      await approvePayment(deps, request.targetId, request.requestedBy, applied, approvalId);
      return request.targetId;
    case 'withdrawalCompletion':
      await completeWithdrawal(
        deps,
        request.targetId,
        request.txHash ?? '',
        request.requestedBy,
        applied,
        approvalId,
      );
      return request.targetId;
    default:
      return assertNever(request.action);
  }
}

/**
 * Applies an approved request and records its one outcome: the approver's request does it at once, the
 * follow-up worker (app/workflows/followUps.ts) when a crash left a request approved with no outcome. A
 * refusal of the action itself (decided meanwhile, a suspended receiver…) is its final outcome; anything
 * else (the store down) is not: it is thrown, the request stays approved and is finished later. Both may
 * run at once: the action's ids derive from the request's, and the outcome's event id from its id, so
 * the second run finds what the first wrote and the first recorded outcome is the answer.
 */
export async function applyAndRecord(
  ctx: CommandContext,
  approvalId: string,
  state: ApprovalState,
  metadata: EventMetadata,
) {
  let outcome: { applied: true; transactionId: string } | { applied: false; message: string };
  try {
    outcome = {
      applied: true,
      transactionId: await applyApproved(ctx, approvalId, state.request!, metadata),
    };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    outcome = { applied: false, message: error.message };
  }
  const { requestHash: _, ...recorded } = metadata;
  return await recordApprovedOutcome(ctx, { approvalId, ...outcome }, recorded);
}
