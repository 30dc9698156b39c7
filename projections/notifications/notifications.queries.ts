import type pg from 'pg';
import type { UserId } from '../../domain/shared/ids.ts';
import { preparedQuery } from '../../infra/postgres/prepared.ts';

export interface NotificationRow {
  id: string;
  userId: UserId;
  title: string;
  message: string;
  type: string;
  relatedId: string | null;
  /** The movement of the user's history it concerns (GET /api/transactions/{id}), if any. */
  movementId: string | null;
  /** The event type the notice was made of, and the values its text carries (noticeParams.ts). */
  kind: string | null;
  params: Record<string, string>;
  isRead: boolean;
  createdAt: Date;
}

const COLUMNS = `id, user_id AS "userId", title, message, type, related_id AS "relatedId", movement_id AS "movementId", kind, params, is_read AS "isRead",
  created_at AS "createdAt"`;

export async function notificationsOf(db: pg.Pool, userId: UserId, limit = 50): Promise<NotificationRow[]> {
  const { rows } = await preparedQuery<NotificationRow>(
    db,
    `SELECT ${COLUMNS} FROM notifications WHERE user_id = $1
     ORDER BY position_commit DESC, position_prepare DESC, id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows;
}

/** Where a page of notifications stopped: the last row's log position, and its id among rows at that position. */
export interface NotificationCursor {
  commit: string;
  prepare: string;
  id: string;
}

const NOTIFICATION_CURSOR =
  /^(\d{1,30})-(\d{1,30})-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** `commit-prepare-id` as a page's `nextCursor` wrote it, or null (both parts fit the numeric(30) columns). */
export function parseNotificationCursor(text: string): NotificationCursor | null {
  const match = NOTIFICATION_CURSOR.exec(text);
  return match ? { commit: match[1]!, prepare: match[2]!, id: match[3]! } : null;
}

/**
 * A page of the user's notifications, newest first, after `cursor` (keyset on the log position and the
 * id, along the notifications_user index), and the cursor of the next page when there is one.
 */
export async function notificationsPage(
  db: pg.Pool,
  userId: UserId,
  limit: number,
  cursor: NotificationCursor | null,
): Promise<{ items: NotificationRow[]; nextCursor: string | null }> {
  const { rows } = await preparedQuery<NotificationRow & { commit: string; prepare: string }>(
    db,
    `SELECT ${COLUMNS}, position_commit::text AS commit, position_prepare::text AS prepare
     FROM notifications
     WHERE user_id = $1
       AND ($3::numeric IS NULL OR (position_commit, position_prepare, id) < ($3::numeric, $4::numeric, $5::uuid))
     ORDER BY position_commit DESC, position_prepare DESC, id DESC LIMIT $2`,
    [userId, limit + 1, cursor?.commit ?? null, cursor?.prepare ?? null, cursor?.id ?? null],
  );
  const more = rows.length > limit;
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map(({ commit: _c, prepare: _p, ...row }) => row),
    nextCursor: more && last ? `${last.commit}-${last.prepare}-${last.id}` : null,
  };
}

export async function unreadCount(db: pg.Pool, userId: UserId): Promise<number> {
  const { rows } = await preparedQuery<{ n: string }>(
    db,
    'SELECT count(*)::text AS n FROM notifications WHERE user_id = $1 AND NOT is_read',
    [userId],
  );
  return Number(rows[0]?.n ?? 0);
}

export async function findNotification(db: pg.Pool, id: string): Promise<NotificationRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const { rows } = await db.query<NotificationRow>(`SELECT ${COLUMNS} FROM notifications WHERE id = $1`, [
    id,
  ]);
  return rows[0] ?? null;
}
