import { completeWithdrawal, confirmDeposit, loadDeposit } from '../../app/crypto/crypto.service.ts';
import { approvePayment, distributeTokens } from '../../app/ledger/ledger.service.ts';
import type { ApprovalRequest } from '../../domain/approvals/approval.ts';
import { assertNever } from '../../domain/shared/decider.ts';
import { NotFoundError } from '../../domain/shared/errors.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import type { EventMetadata } from '../../infra/eventStore/eventStore.ts';
import type { Deps } from '../../runtime/deps.ts';
import { CREDITED, refuseTxOfEarlierDeposit } from '../crypto/earlierDeposits.ts';

/**
 * Runs an approved request **from its record** (never from the approver's body): the same use case the
 * route runs below the threshold, on behalf of the requesting admin, with ids derived from the request's
 * id, so running it again (a retry, a second approver's attempt racing the first) finds what the first
 * run wrote and moves nothing twice. Answers the transaction id the action's events carry.
 */
export async function applyApproved(
  deps: Deps,
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
