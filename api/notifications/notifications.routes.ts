import { Hono } from 'hono';
import { z } from 'zod';
import {
  type NotificationReadCommand,
  notificationReadsDecider,
  notificationReadsStream,
} from '../../domain/notifications/notificationReads.ts';
import {
  findNotification,
  notificationsOf,
  unreadCount,
} from '../../projections/notifications/notifications.queries.ts';
import { handleCommand } from '../commands/handleCommand.ts';
import type { Deps } from '../deps.ts';
import { requestMetadata } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { pageLimit } from '../http/paging.ts';
import { HttpProblem } from '../http/problem.ts';
import { requireUser } from '../http/session.ts';
import { validate } from '../http/validate.ts';

const idParam = z.object({ id: z.string().uuid({ error: 'Notification not found' }) });

export function notificationsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  const record = async (userId: string, requestId: string, command: NotificationReadCommand) =>
    await handleCommand(
      deps,
      notificationReadsStream(userId),
      notificationReadsDecider,
      command,
      requestMetadata(userId, requestId),
    );

  app.get('/', validate('query', z.strictObject({ limit: pageLimit(100, 50) })), async (c) => {
    const session = requireUser(c);
    const rows = await notificationsOf(deps.pool, session.userId, c.req.valid('query').limit);
    return c.json(rows.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() })));
  });

  app.get('/unread-count', async (c) => {
    const session = requireUser(c);
    return c.json({ count: await unreadCount(deps.pool, session.userId) });
  });

  app.patch('/mark-all-read', async (c) => {
    const session = requireUser(c);
    const result = await record(session.userId, c.get('requestId'), {
      type: 'MarkAllNotificationsRead',
      data: { userId: session.userId },
      now: deps.now(),
    });
    c.set('wrotePosition', result.position);
    return c.json({ ok: true });
  });

  app.patch('/:id/read', validate('param', idParam), async (c) => {
    const session = requireUser(c);
    const { id } = c.req.valid('param');
    const notification = await findNotification(deps.pool, id);
    // Someone else's notification is "not found" too: its existence is not ours to reveal.
    if (!notification || notification.userId !== session.userId)
      throw new HttpProblem(404, 'Notification not found');
    const result = await record(session.userId, c.get('requestId'), {
      type: 'MarkNotificationRead',
      data: { userId: session.userId, notificationId: id },
      now: deps.now(),
    });
    c.set('wrotePosition', result.position);
    return c.json({ ok: true });
  });

  return app;
}
