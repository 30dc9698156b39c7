import { Hono } from 'hono';
import { z } from 'zod';
import { revokeUserSessions } from '../../app/auth/sessions.ts';
import { runUserCommand } from '../../app/auth/users.service.ts';
import { erasePerson, PersonHoldsMoneyError } from '../../app/privacy/erasure.ts';
import type { Deps } from '../deps.ts';
import { commandRoute } from '../http/commandRoute.ts';
import type { AppEnv } from '../http/env.ts';
import { userIdSchema } from '../http/ids.ts';
import { HttpProblem, PROBLEM_TYPES } from '../http/problem.ts';
import { adminFirst, requireAdmin } from '../http/session.ts';
import { storedText } from '../http/text.ts';
import { responds, validate } from '../http/validate.ts';

const userParam = z.object({ id: userIdSchema('User not found') });
const userStatusAnswer = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  status: z.enum(['active', 'suspended']),
});
const statusSchema = z.strictObject({
  status: z.enum(['suspended', 'active'], { error: "Status must be 'suspended' or 'active'" }),
});

const eraseSchema = z.strictObject({
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(1, 'A reason is required')
    .max(500, 'The reason must be at most 500 characters')
    .superRefine(storedText('Reason')),
  confirm: z.literal('ERASE', { error: 'Type ERASE to confirm' }),
  moveBalancesToDormant: z.boolean({ error: 'moveBalancesToDormant must be true or false' }).optional(),
});
const eraseAnswer = z.object({
  userId: z.string(),
  erasedAt: z.string().describe('The first erasure: erasing again answers the same'),
  movedToDormant: z
    .array(z.object({ asset: z.string(), amount: z.string().describe('Exact decimal') }))
    .describe('Residual balances moved to dormant:<ASSET> by this request'),
});
const ERASE_409 =
  "The person still holds money or has a movement open (type 'person-holds-money'): `blockers` lists " +
  'each (kind balance, hold, pendingWithdrawal, pendingDeposit or pendingPayment, with asset, amount, id)';

/** Admin actions on one user (the recent-users Edit, docs/product-rules.md rule 13): mounted at /api/admin/users. */
export function adminUserRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  // Before any body is validated: visitors get 401 and users 403, whatever they send.
  app.use(adminFirst);

  /**
   * Suspend or reactivate. A suspension ends every session of the user at once; from then on sign-in
   * answers 403 and money commands are refused on the write side (assertActive).
   */
  app.patch(
    '/:id/status',
    responds(200, userStatusAnswer),
    validate('param', userParam),
    validate('json', statusSchema),
    async (c) => {
      const session = requireAdmin(c);
      const { id } = c.req.valid('param');
      const { status } = c.req.valid('json');
      return await commandRoute(c, deps, null, async (_, metadata) => {
        const now = deps.now();
        const { user, position } =
          status === 'suspended'
            ? await runUserCommand(
                deps,
                { type: 'SuspendUser', data: { userId: id, suspendedBy: session.userId }, now },
                metadata,
              )
            : await runUserCommand(
                deps,
                { type: 'ReactivateUser', data: { userId: id, reactivatedBy: session.userId }, now },
                metadata,
              );
        // Also when already suspended: a retry must leave no session alive.
        if (user.status === 'suspended') await revokeUserSessions(deps.pool, id, 'suspended');
        return {
          status: 200,
          position,
          body: {
            id: user.userId,
            username: user.username,
            email: user.email,
            isAdmin: user.isAdmin,
            status: user.status,
          },
        };
      });
    },
  );

  /**
   * Erase a person (docs/product-rules.md, erasure): refused with the blockers while they hold money,
   * unless their balances are to be moved to dormant; refused for one's own account (422); an erased
   * person is erased again without a change (the first erasure's time).
   */
  app.post(
    '/:id/erase',
    responds(200, eraseAnswer),
    responds(409, null, { description: ERASE_409 }),
    responds(422, null, { description: "Erasing one's own account, or a reason naming the person" }),
    validate('param', userParam),
    validate('json', eraseSchema),
    async (c) => {
      const session = requireAdmin(c);
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      return await commandRoute(c, deps, null, async (_, metadata) => {
        try {
          const result = await erasePerson(deps, {
            userId: id,
            actorId: session.userId,
            reason: body.reason,
            moveBalancesToDormant: body.moveBalancesToDormant ?? false,
            metadata,
          });
          return {
            status: 200,
            position: result.position,
            body: { userId: result.userId, erasedAt: result.erasedAt, movedToDormant: result.movedToDormant },
          };
        } catch (error) {
          if (!(error instanceof PersonHoldsMoneyError)) throw error;
          throw new HttpProblem(409, error.message, {
            type: PROBLEM_TYPES.personHoldsMoney,
            code: 'person_holds_money',
            members: { blockers: error.blockers },
          });
        }
      });
    },
  );

  return app;
}
