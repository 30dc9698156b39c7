import type { Context } from 'hono';
import { z } from 'zod';
import { requestApproval } from '../../app/approvals/approvals.service.ts';
import type { ApprovalRequest } from '../../domain/approvals/approval.ts';
import { needsSecondAdmin, thresholdText } from '../../domain/approvals/thresholds.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import { formatUnits } from '../../domain/shared/money.ts';
import type { EventMetadata } from '../../infra/eventStore/eventStore.ts';
import type { Deps } from '../deps.ts';
import { type CommandAnswer, commandRoute } from '../http/commandRoute.ts';
import type { AppEnv, Session } from '../http/env.ts';
import { REAUTHENTICATION_FIELDS } from '../http/reauth.ts';
import { requireAdmin } from '../http/session.ts';

/** The 202 of an admin money action above its threshold: recorded for a second admin, not applied. */
export const sentForApprovalAnswer = z.object({
  approvalId: z.string().describe('The request to approve: POST /api/admin/approvals/{approvalId}/approve'),
  status: z.literal('pending_approval'),
  action: z.enum(['distribution', 'depositConfirmation', 'paymentApproval', 'withdrawalCompletion']),
  asset: z.string(),
  amount: z.string().describe('Exact, in the asset'),
  threshold: z.string().describe('Above this amount of the asset, a second admin must approve'),
  message: z.string(),
});
export const SENT_FOR_APPROVAL = {
  description: 'Above the four-eyes threshold: recorded for a second admin, nothing applied yet',
};

/**
 * Four-eyes (docs/security.md, "Admin re-authentication and four-eyes"): an action above its asset's
 * threshold is recorded as a request (its id is the command's, from the Idempotency-Key, so a retry is
 * the same request) and answered 202; below it, null: the route applies the action itself. The answer
 * is the request as the log recorded it.
 */
export async function sentForApproval(
  deps: Deps,
  approvalId: string,
  requestedBy: UserId,
  request: ApprovalRequest,
  metadata: EventMetadata,
): Promise<CommandAnswer | null> {
  const thresholds = deps.config.FOUR_EYES_THRESHOLDS;
  if (!needsSecondAdmin(thresholds, request.asset, BigInt(request.units))) return null;
  const result = await requestApproval(deps, { approvalId, request, requestedBy }, metadata);
  const recorded = result.state.request ?? { ...request, requestedBy };
  const threshold = thresholdText(thresholds, recorded.asset);
  return {
    status: 202,
    position: result.position,
    waitFor: ['approvals'],
    body: {
      approvalId,
      status: 'pending_approval',
      action: recorded.action,
      asset: recorded.asset,
      amount: formatUnits(BigInt(recorded.units), recorded.asset),
      threshold,
      message: `Above ${threshold} ${recorded.asset}: sent for approval by a second admin`,
    },
  };
}

/**
 * An admin's decision on the request, deposit, payment or withdrawal `id`: run under its Idempotency-Key
 * (scope `action:id`), the re-authentication's password or code kept out of the key's hash.
 */
export async function adminDecision(
  c: Context<AppEnv>,
  deps: Deps,
  action: string,
  id: string,
  run: (admin: Session, commandId: string, metadata: EventMetadata) => Promise<CommandAnswer>,
): Promise<Response> {
  const admin = requireAdmin(c);
  const decide = (commandId: string, metadata: EventMetadata) => run(admin, commandId, metadata);
  return await commandRoute(c, deps, `${action}:${id}`, decide, { unhashed: REAUTHENTICATION_FIELDS });
}
