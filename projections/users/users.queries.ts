import type pg from 'pg';
import type { UserId } from '../../domain/shared/ids.ts';
import { DEFAULT_PREFERENCES, type Preferences } from '../../domain/users/preferences.ts';
import type { RegisteredProfile } from '../../domain/users/userEvents.ts';

/** Read side of the `users` projection, imported by the API. */
export interface UserRow extends Omit<RegisteredProfile, 'userId'> {
  id: UserId;
  status: 'active' | 'suspended' | 'erased';
  twoFactorEnabled: boolean;
  emailVerified: boolean;
  createdAt: string;
  updatedAt: string;
}

export const USER_COLUMNS = `id, email, username, first_name AS "firstName", last_name AS "lastName", bio,
  profile_image_url AS "profileImageUrl", is_admin AS "isAdmin", status,
  two_factor_enabled AS "twoFactorEnabled", email_verified AS "emailVerified",
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
  to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"`;

export async function findUserById(db: pg.Pool, id: UserId): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findUserByEmail(db: pg.Pool, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE email_lower = lower($1)`,
    [email],
  );
  return rows[0] ?? null;
}

export async function listUsers(
  db: pg.Pool,
  options: { q?: string; limit: number; offset: number },
): Promise<{ users: UserRow[]; total: number }> {
  const params: unknown[] = [];
  let where = 'true';
  if (options.q) {
    params.push(options.q.replace(/[\\%_]/g, (ch) => `\\${ch}`));
    where = `(email ILIKE '%' || $1 || '%' OR username ILIKE '%' || $1 || '%' OR id = $1)`;
  }
  const [page, count] = await Promise.all([
    db.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM users WHERE ${where} ORDER BY created_at DESC, id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, options.limit, options.offset],
    ),
    db.query<{ n: string }>(`SELECT count(*)::text AS n FROM users WHERE ${where}`, params),
  ]);
  return { users: page.rows, total: Number(count.rows[0]?.n ?? 0) };
}

/** Total users, and registrations in the last seven days and the seven before (for the trend). */
export async function userCounts(
  db: pg.Pool,
  now: Date,
): Promise<{ total: number; lastWeek: number; weekBefore: number }> {
  const { rows } = await db.query<{ total: string; w1: string; w2: string }>(
    `SELECT count(*)::text AS total,
            count(*) FILTER (WHERE created_at > $1::timestamptz - interval '7 days')::text AS w1,
            count(*) FILTER (WHERE created_at > $1::timestamptz - interval '14 days'
                              AND created_at <= $1::timestamptz - interval '7 days')::text AS w2
     FROM users`,
    [now],
  );
  const r = rows[0]!;
  return { total: Number(r.total), lastWeek: Number(r.w1), weekBefore: Number(r.w2) };
}

/** The user's preferences; the spec's defaults until they first change them. */
export async function findPreferences(db: pg.Pool, userId: UserId): Promise<Preferences> {
  const { rows } = await db.query<Preferences>(
    `SELECT email_notifications AS "emailNotifications", marketing_communications AS "marketingCommunications",
       transaction_alerts AS "transactionAlerts", language, theme
     FROM user_preferences WHERE user_id = $1`,
    [userId],
  );
  return rows[0] ?? { ...DEFAULT_PREFERENCES };
}
