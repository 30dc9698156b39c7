import type pg from 'pg';
import type { UserId } from '../../domain/shared/ids.ts';

export interface ContactMessageRow {
  id: string;
  fullName: string;
  email: string;
  subject: string;
  message: string;
  userId: UserId | null;
  receivedAt: Date;
}

/** The newest messages first, for the admins' inbox. */
export async function latestContactMessages(db: pg.Pool, limit: number): Promise<ContactMessageRow[]> {
  const { rows } = await db.query<ContactMessageRow>(
    `SELECT id, full_name AS "fullName", email, subject, message, user_id AS "userId", received_at AS "receivedAt"
       FROM contact_messages ORDER BY received_at DESC, id LIMIT $1`,
    [limit],
  );
  return rows;
}
