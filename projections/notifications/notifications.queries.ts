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
  isRead: boolean;
  createdAt: Date;
}

const COLUMNS = `id, user_id AS "userId", title, message, type, related_id AS "relatedId", movement_id AS "movementId", is_read AS "isRead",
  created_at AS "createdAt"`;

export async function notificationsOf(db: pg.Pool, userId: UserId, limit = 50): Promise<NotificationRow[]> {
  const { rows } = await preparedQuery<NotificationRow>(
    db,
    `SELECT ${COLUMNS} FROM notifications WHERE user_id = $1
     ORDER BY position_commit DESC, position_prepare DESC, id LIMIT $2`,
    [userId, limit],
  );
  return rows;
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
