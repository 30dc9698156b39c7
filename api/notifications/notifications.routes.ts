import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { recordNotificationRead } from '../../app/notifications/notificationReads.ts';
import type { NotificationReadCommand } from '../../domain/notifications/notificationReads.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import {
  findNotification,
  notificationsOf,
  notificationsPage,
  parseNotificationCursor,
  unreadCount,
} from '../../projections/notifications/notifications.queries.ts';
import type { Deps } from '../deps.ts';
import { commandRoute } from '../http/commandRoute.ts';
import type { AppEnv } from '../http/env.ts';
import { pageLimit } from '../http/paging.ts';
import { HttpProblem } from '../http/problem.ts';
import { readModels } from '../http/readReplica.ts';
import { requireUser } from '../http/session.ts';
import { responds, validate } from '../http/validate.ts';

const idParam = z.object({ id: z.string().uuid({ error: 'Notification not found' }) });

const notificationAnswer = z.object({
  id: z.string(),
  userId: z.string(),
  title: z.string(),
  message: z.string(),
  type: z.enum(['transaction', 'system', 'card', 'other']),
  relatedId: z.string().nullable(),
  movementId: z
    .string()
    .nullable()
    .describe('The history movement it concerns: its receipt is GET /api/transactions/{movementId}'),
  kind: z
    .string()
    .nullable()
    .describe(
      'What made it: the event type (e.g. "TokensTransferred"), for a client to word it in its own language; title and message are English',
    ),
  params: z
    .record(z.string(), z.string())
    .describe('The values its text carries (amount and asset as decimal strings, tier ids, names, reasons)'),
  isRead: z.boolean(),
  createdAt: z.string(),
});
const recordedAnswer = z.object({ ok: z.literal(true) });

const CURSOR_MESSAGE = 'Invalid cursor: use the nextCursor of the previous page';
const pageQuery = z.strictObject({
  limit: pageLimit(100, 10),
  cursor: z
    .string({ error: CURSOR_MESSAGE })
    .max(100, CURSOR_MESSAGE)
    .transform((text, ctx) => {
      const cursor = parseNotificationCursor(text);
      if (cursor) return cursor;
      ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE });
      return z.NEVER;
    })
    .optional(),
});
const pageAnswer = z.object({
  notifications: z.array(notificationAnswer),
  nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last one'),
});

export function notificationsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  const record = (c: Context<AppEnv>, userId: UserId, command: NotificationReadCommand) =>
    commandRoute(c, deps, null, async (_, metadata) => {
      const result = await recordNotificationRead(deps, userId, command, metadata);
      return { status: 200, position: result.position, body: { ok: true } };
    });

  app.get(
    '/',
    responds(200, z.array(notificationAnswer)),
    validate('query', z.strictObject({ limit: pageLimit(100, 50) })),
    async (c) => {
      const session = requireUser(c);
      const rows = await notificationsOf(readModels(c), session.userId, c.req.valid('query').limit);
      return c.json(rows.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() })));
    },
  );

  // The bell's first page and the notifications page's "Load more": newest first, by cursor. The list
  // above keeps its plain array for the spec's client.
  app.get('/page', responds(200, pageAnswer), validate('query', pageQuery), async (c) => {
    const session = requireUser(c);
    const { limit, cursor } = c.req.valid('query');
    const page = await notificationsPage(readModels(c), session.userId, limit, cursor ?? null);
    return c.json({
      notifications: page.items.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() })),
      nextCursor: page.nextCursor,
    });
  });

  app.get('/unread-count', responds(200, z.object({ count: z.number().int() })), async (c) => {
    const session = requireUser(c);
    return c.json({ count: await unreadCount(readModels(c), session.userId) });
  });

  app.patch('/mark-all-read', responds(200, recordedAnswer), async (c) => {
    const session = requireUser(c);
    return await record(c, session.userId, {
      type: 'MarkAllNotificationsRead',
      data: { userId: session.userId },
      now: deps.now(),
    });
  });

  app.patch('/:id/read', responds(200, recordedAnswer), validate('param', idParam), async (c) => {
    const session = requireUser(c);
    const { id } = c.req.valid('param');
    const notification = await findNotification(deps.pool, id);
    // Someone else's notification is "not found" too: its existence is not ours to reveal.
    if (!notification || notification.userId !== session.userId)
      throw new HttpProblem(404, 'Notification not found');
    return await record(c, session.userId, {
      type: 'MarkNotificationRead',
      data: { userId: session.userId, notificationId: id },
      now: deps.now(),
    });
  });

  return app;
}
