import { Hono } from 'hono';
import { z } from 'zod';
import { applyAndRecord } from '../../app/approvals/apply.ts';
import { grantApproval, loadApproval, rejectApproval } from '../../app/approvals/approvals.service.ts';
import { type ApprovalState, FOUR_EYES_ACTIONS, SelfApprovalError } from '../../domain/approvals/approval.ts';
import { thresholdText } from '../../domain/approvals/thresholds.ts';
import { formatUnits } from '../../domain/shared/money.ts';
import type { EventMetadata } from '../../infra/eventStore/eventStore.ts';
import { pendingApprovals } from '../../projections/approvals/approvals.queries.ts';
import type { Deps } from '../deps.ts';
import type { CommandAnswer } from '../http/commandRoute.ts';
import type { AppEnv } from '../http/env.ts';
import { pageLimit } from '../http/paging.ts';
import { HttpProblem } from '../http/problem.ts';
import { readModels } from '../http/readReplica.ts';
import { REAUTHENTICATION_401, reauthenticationFields, requireReauthentication } from '../http/reauth.ts';
import { adminFirst, requireAdmin } from '../http/session.ts';
import { storedText } from '../http/text.ts';
import { responds, validate } from '../http/validate.ts';
import { adminDecision } from './fourEyes.ts';

const idParam = z.object({ id: z.string().uuid({ error: 'Not found' }) });
const approveSchema = z.strictObject({ ...reauthenticationFields });
const rejectSchema = z.strictObject({
  reason: z.string().trim().max(300).superRefine(storedText('Reason')).optional().default(''),
  // Accepted and not needed: a rejection moves no money.
  ...reauthenticationFields,
});

const approvalAnswer = z.object({
  id: z.string(),
  action: z.enum(FOUR_EYES_ACTIONS),
  targetId: z
    .string()
    .describe('The receiving user of a distribution, else the deposit, payment or withdrawal'),
  userId: z.string().describe('Whose balance it moves'),
  username: z.string().nullable(),
  email: z.string().nullable(),
  asset: z.string(),
  amount: z.string().describe('Exact, in the asset'),
  threshold: z.string().describe("The asset's four-eyes threshold"),
  reason: z.string(),
  txHash: z.string().nullable(),
  requestedBy: z.string(),
  requestedByName: z.string().nullable(),
  requestedAt: z.string(),
  /** Whether the caller made it: their own request cannot be approved by them. */
  ownRequest: z.boolean(),
});
const decisionAnswer = z.object({
  id: z.string(),
  status: z.enum(['applied', 'refused', 'rejected', 'cancelled']),
  transactionId: z.string().nullable().describe('The transaction the applied action made'),
  message: z.string().nullable().describe('Why applying it was refused (the deposit was decided meanwhile…)'),
});

const SELF_APPROVAL = 'You cannot approve your own request: another admin must approve it';

/**
 * Four-eyes requests (docs/security.md, "Admin re-authentication and four-eyes"): the list of what waits,
 * and another admin's approval (with their own fresh proof) or rejection. An approval applies the request
 * from its record and records the one outcome; approving again, or a second admin at the same time,
 * applies nothing more.
 */
export function approvalsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  // Before any body is validated: visitors get 401 and users 403, whatever they send.
  app.use(adminFirst);

  app.get(
    '/',
    responds(200, z.array(approvalAnswer)),
    validate('query', z.strictObject({ limit: pageLimit(200) })),
    async (c) => {
      const admin = requireAdmin(c);
      const thresholds = deps.config.FOUR_EYES_THRESHOLDS;
      const rows = await pendingApprovals(readModels(c), c.req.valid('query').limit);
      return c.json(
        rows.map((row) => ({
          id: row.id,
          action: row.action,
          targetId: row.targetId,
          userId: row.userId,
          username: row.username,
          email: row.email,
          asset: row.asset,
          amount: formatUnits(BigInt(row.units), row.asset),
          threshold: thresholdText(thresholds, row.asset),
          reason: row.reason,
          txHash: row.txHash,
          requestedBy: row.requestedBy,
          requestedByName: row.requestedByName,
          requestedAt: row.requestedAt.toISOString(),
          ownRequest: row.requestedBy === admin.userId,
        })),
      );
    },
  );

  /** The answer of a decided request, from its record. */
  const decided = (id: string, state: ApprovalState, position: CommandAnswer['position']): CommandAnswer => ({
    status: 200,
    position,
    waitFor: ['approvals'],
    body: {
      id,
      status: state.status,
      transactionId: state.outcome?.applied ? state.outcome.transactionId : null,
      message: state.outcome && !state.outcome.applied ? state.outcome.message : null,
    },
  });

  /** Applies an approved request and records its one outcome (a refusal is an outcome too). */
  const apply = async (id: string, state: ApprovalState, metadata: EventMetadata) => {
    const result = await applyAndRecord(deps, id, state, metadata);
    return decided(id, result.state, result.position);
  };

  app.post(
    '/:id/approve',
    responds(200, decisionAnswer, { idempotencyKey: true }),
    responds(401, null, { description: REAUTHENTICATION_401 }),
    responds(403, null, { description: "One's own request: another admin must approve it" }),
    responds(409, null, { description: 'Already approved by another admin, rejected or cancelled' }),
    validate('param', idParam),
    validate('json', approveSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      return await adminDecision(c, deps, 'approval-approve', id, async (admin, _commandId, metadata) => {
        const state = await loadApproval(deps, id);
        if (state.status === 'none') throw new HttpProblem(404, 'Approval request not found');
        // Refused before any proof is asked: the requester's own approval can never count.
        if (state.request?.requestedBy === admin.userId) throw new SelfApprovalError(SELF_APPROVAL);
        await requireReauthentication(deps, admin.userId, input);
        const granted = await grantApproval(deps, { approvalId: id, approverId: admin.userId }, metadata);
        const now = granted.state;
        if (now.status === 'applied' || now.status === 'refused') return decided(id, now, granted.position);
        return await apply(id, now, metadata);
      });
    },
  );

  app.post(
    '/:id/reject',
    responds(200, decisionAnswer, { idempotencyKey: true }),
    responds(409, null, { description: 'No longer pending' }),
    validate('param', idParam),
    validate('json', rejectSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { reason } = c.req.valid('json');
      return await adminDecision(c, deps, 'approval-reject', id, async (admin, _commandId, metadata) => {
        const state = await loadApproval(deps, id);
        if (state.status === 'none') throw new HttpProblem(404, 'Approval request not found');
        const result = await rejectApproval(
          deps,
          { approvalId: id, adminId: admin.userId, reason },
          metadata,
        );
        return decided(id, result.state, result.position);
      });
    },
  );

  return app;
}
