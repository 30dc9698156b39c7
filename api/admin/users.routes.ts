import { Hono } from 'hono';
import { z } from 'zod';
import { revokeUserSessions } from '../../app/auth/sessions.ts';
import { runUserCommand } from '../../app/auth/users.service.ts';
import type { Deps } from '../../runtime/deps.ts';
import { commandRoute } from '../http/commandRoute.ts';
import type { AppEnv } from '../http/env.ts';
import { userIdSchema } from '../http/ids.ts';
import { requireAdmin } from '../http/session.ts';
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

/** Admin actions on one user (the recent-users Edit, docs/product-rules.md rule 13): mounted at /api/admin/users. */
export function adminUserRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  // Before any body is validated: visitors get 401 and users 403, whatever they send.
  app.use(async (c, next) => {
    requireAdmin(c);
    await next();
  });

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

  return app;
}
