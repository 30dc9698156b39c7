import type { Hono } from 'hono';
import { z } from 'zod';
import {
  completeWithdrawal,
  confirmDeposit,
  failWithdrawal,
  loadDeposit,
  loadWithdrawal,
  rejectDeposit,
} from '../../app/crypto/crypto.service.ts';
import { CREDITED, refuseTxOfEarlierDeposit } from '../../app/crypto/earlierDeposits.ts';
import { unitsOf } from '../../domain/ledger/postings.ts';
import { depositQueue, withdrawalQueue } from '../../projections/crypto/crypto.queries.ts';
import {
  adminDecision,
  SENT_FOR_APPROVAL,
  sentForApproval,
  sentForApprovalAnswer,
} from '../approvals/fourEyes.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { HttpProblem } from '../http/problem.ts';
import { readModels } from '../http/readReplica.ts';
import { REAUTHENTICATION_401, reauthenticationFields, requireReauthentication } from '../http/reauth.ts';
import { routerOf } from '../http/router.ts';
import { requireAdmin } from '../http/session.ts';
import { storedText } from '../http/text.ts';
import { responds, validate } from '../http/validate.ts';
import {
  decisionAnswer,
  depositAnswer,
  depositJson,
  withdrawalAnswer,
  withdrawalJson,
} from './crypto.answers.ts';
import { amountField, exactAmount, txHashField } from './crypto.fields.ts';

const queueQuery = z.strictObject({
  status: z.enum(['pending', 'confirmed', 'rejected', 'completed', 'failed']).default('pending'),
});
const idParam = z.object({ id: z.string().uuid({ error: 'Not found' }) });
const depositDecision = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('confirm'),
    amount: amountField,
    // Required when the declaration has none (the service says so); else it must be the declared one.
    txHash: txHashField.optional(),
    /** Why, for the second admin when the amount needs one (docs/security.md, four-eyes). */
    reason: z.string().trim().max(300).superRefine(storedText('Reason')).optional().default(''),
    // The admin's fresh proof (docs/security.md, "Admin re-authentication and four-eyes").
    ...reauthenticationFields,
  }),
  z.strictObject({
    action: z.literal('reject'),
    reason: z.string().trim().max(300).superRefine(storedText('Reason')).optional().default(''),
    // Accepted and not needed: a rejection moves no money.
    ...reauthenticationFields,
  }),
]);
const withdrawalDecision = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('complete'),
    txHash: z
      .string()
      .trim()
      .min(8, 'Enter the outgoing transaction hash')
      .max(128)
      .regex(/^[A-Za-z0-9]+$/, 'Transaction hash may only contain letters and digits'),
    /** Why, for the second admin when the amount needs one (docs/security.md, four-eyes). */
    reason: z.string().trim().max(300).superRefine(storedText('Reason')).optional().default(''),
    ...reauthenticationFields,
  }),
  z.strictObject({
    action: z.literal('fail'),
    reason: z
      .string()
      .trim()
      .min(3, 'Say why the withdrawal failed')
      .max(300)
      .superRefine(storedText('Reason')),
    ...reauthenticationFields,
  }),
]);

/** Admin queues: declared deposits to confirm, withdrawals to send. */
export function adminCryptoRoutes(deps: Deps) {
  return routerOf(deps, [depositReviewRoutes, withdrawalReviewRoutes]);
}

/** The deposits queue and an admin's confirmation or rejection. */
function depositReviewRoutes(app: Hono<AppEnv>, deps: Deps) {
  app.get('/deposits', responds(200, z.array(depositAnswer)), validate('query', queueQuery), async (c) => {
    requireAdmin(c);
    return c.json((await depositQueue(readModels(c), c.req.valid('query').status)).map(depositJson));
  });

  app.patch(
    '/deposits/:id',
    responds(200, decisionAnswer, { idempotencyKey: true }),
    responds(202, sentForApprovalAnswer, SENT_FOR_APPROVAL),
    responds(401, null, { description: REAUTHENTICATION_401 }),
    validate('param', idParam),
    validate('json', depositDecision),
    async (c) => {
      // A user is refused (403) before the deposit is looked up.
      requireAdmin(c);
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const deposit = await loadDeposit(deps, id);
      if (!deposit) throw new HttpProblem(404, 'Deposit not found');
      return await adminDecision(c, deps, 'deposit-decision', id, async (admin, commandId, metadata) => {
        let position = null;
        if (input.action === 'confirm') {
          // Checked after the key's claim, as a withdrawal's: a 401 releases the key, a replay needs none.
          await requireReauthentication(deps, admin.userId, input);
          const units = exactAmount(deposit.asset, input.amount);
          const txHash = input.txHash || null;
          const named = txHash ?? deposit.txHash;
          if (named) await refuseTxOfEarlierDeposit(deps, deposit.network, named, id, CREDITED);
          // Above the four-eyes threshold: recorded for a second admin instead (api/approvals). Only a
          // pending deposit that can be confirmed as asked (a hash named); else the service answers.
          if (deposit.status === 'pending' && named) {
            const waiting = await sentForApproval(
              deps,
              commandId,
              admin.userId,
              {
                action: 'depositConfirmation',
                targetId: id,
                userId: deposit.userId,
                asset: deposit.asset,
                units: units.toString(),
                reason: input.reason,
                txHash,
              },
              metadata,
            );
            if (waiting) return waiting;
          }
          position = (await confirmDeposit(deps, id, { units, txHash }, admin.userId, metadata, commandId))
            .position;
        } else {
          position = (await rejectDeposit(deps, id, input.reason, admin.userId, metadata, commandId))
            .position;
        }
        return {
          status: 200,
          body: { id, status: input.action === 'confirm' ? 'confirmed' : 'rejected' },
          position,
          waitFor: ['crypto', 'ledger'],
        };
      });
    },
  );
}

/** The withdrawals queue and an admin's completion or failure. */
function withdrawalReviewRoutes(app: Hono<AppEnv>, deps: Deps) {
  app.get(
    '/withdrawals',
    responds(200, z.array(withdrawalAnswer)),
    validate('query', queueQuery),
    async (c) => {
      requireAdmin(c);
      return c.json(
        (await withdrawalQueue(readModels(c), c.req.valid('query').status)).map((w) =>
          withdrawalJson(w, deps.now()),
        ),
      );
    },
  );

  app.patch(
    '/withdrawals/:id',
    responds(200, decisionAnswer, { idempotencyKey: true }),
    responds(202, sentForApprovalAnswer, SENT_FOR_APPROVAL),
    responds(401, null, { description: REAUTHENTICATION_401 }),
    validate('param', idParam),
    validate('json', withdrawalDecision),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      return await adminDecision(c, deps, 'withdrawal-decision', id, async (admin, commandId, metadata) => {
        // Both move money: a completion sends it out for good, a failure gives the held amount back.
        await requireReauthentication(deps, admin.userId, input);
        // Money leaving for good above the four-eyes threshold waits for a second admin (api/approvals).
        const withdrawal = input.action === 'complete' ? await loadWithdrawal(deps, id) : null;
        if (withdrawal?.status === 'pending' && input.action === 'complete') {
          const { details } = withdrawal;
          const waiting = await sentForApproval(
            deps,
            commandId,
            admin.userId,
            {
              action: 'withdrawalCompletion',
              targetId: id,
              userId: details.userId,
              asset: details.asset,
              units: unitsOf(details.amount, details.asset).toString(),
              reason: input.reason,
              txHash: input.txHash,
            },
            metadata,
          );
          if (waiting) return waiting;
        }
        const position =
          input.action === 'complete'
            ? (await completeWithdrawal(deps, id, input.txHash, admin.userId, metadata, commandId)).position
            : (await failWithdrawal(deps, id, input.reason, admin.userId, metadata, commandId)).released
                .position;
        return {
          status: 200,
          body: { id, status: input.action === 'complete' ? 'completed' : 'failed' },
          position,
          waitFor: ['crypto', 'ledger'],
        };
      });
    },
  );
}
