import type { UserId } from '../../domain/shared/ids.ts';
import type { Pool } from '../../infra/postgres/pool.ts';
import { statementName } from '../../infra/postgres/prepared.ts';
import type { TableOwner } from '../tables.ts';

/**
 * `sessions`: every statement on the table. The session's logic is beside it: sessions.ts (tokens, renewal,
 * revocation), sessionCache.ts (the rows kept in memory), lastSeen.ts (the batched "last seen"),
 * knownDevices.ts (sign-ins from a known device).
 */

/** What a request's session check reads of its row. */
export interface SessionRow {
  user_id: string;
  is_admin: boolean;
  remember: boolean;
  revoked_at: Date | null;
  idle_expires_at: Date;
  absolute_expires_at: Date;
}

export async function insertSession(
  db: Pool,
  row: {
    id: string;
    userId: UserId;
    isAdmin: boolean;
    remember: boolean;
    now: Date;
    idle: Date;
    absolute: Date;
    browser: string | null;
    os: string | null;
    address: string | null;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO sessions (id, user_id, is_admin, remember, created_at, last_seen_at, idle_expires_at,
       absolute_expires_at, browser, os, address)
     VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $8, $9, $10)`,
    [
      row.id,
      row.userId,
      row.isAdmin,
      row.remember,
      row.now,
      row.idle,
      row.absolute,
      row.browser,
      row.os,
      row.address,
    ],
  );
}

/** The rows of these sessions (one statement for a batch of checks). */
export async function sessionRowsByIds(
  db: Pool,
  ids: readonly string[],
): Promise<(SessionRow & { id: string })[]> {
  const { rows } = await db.query<SessionRow & { id: string }>({
    ...statementName('session-lookup'),
    text: `SELECT id, user_id, is_admin, remember, revoked_at, idle_expires_at, absolute_expires_at
       FROM sessions WHERE id = ANY($1::text[])`,
    values: [ids],
  });
  return rows;
}

/** A live session renewed: seen at `now`, idle until `idle`. */
export async function renewSessionRow(db: Pool, sessionId: string, now: Date, idle: Date): Promise<void> {
  await db.query(
    'UPDATE sessions SET last_seen_at = $2, idle_expires_at = $3 WHERE id = $1 AND revoked_at IS NULL',
    [sessionId, now, idle],
  );
}

/** "Last seen" of a batch of sessions, skipping a row another process moved within `everySeconds`. */
export async function touchSessions(
  db: Pool,
  seen: ReadonlyMap<string, number>,
  everySeconds: number,
): Promise<void> {
  await db.query(
    `UPDATE sessions SET last_seen_at = seen.at
       FROM unnest($1::text[], $2::timestamptz[]) AS seen(id, at)
      WHERE sessions.id = seen.id AND sessions.revoked_at IS NULL
        AND sessions.last_seen_at <= seen.at - make_interval(secs => $3)`,
    [[...seen.keys()], [...seen.values()].map((at) => new Date(at)), everySeconds],
  );
}

/** Revokes one live session; how many rows changed (0 or 1). */
export async function revokeSessionRow(db: Pool, sessionId: string, reason: string): Promise<number> {
  const { rowCount } = await db.query(
    'UPDATE sessions SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL',
    [sessionId, reason],
  );
  return rowCount ?? 0;
}

/** Revokes every live session of a user but `keep`; the ids revoked. */
export async function revokeSessionRowsOfUser(
  db: Pool,
  userId: UserId,
  reason: string,
  keep: string | null,
): Promise<string[]> {
  const result = await db.query<{ id: string }>(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = $2
     WHERE user_id = $1 AND revoked_at IS NULL AND ($3::text IS NULL OR id <> $3) RETURNING id`,
    [userId, reason, keep],
  );
  return result.rows.map((row) => row.id);
}

export interface LiveSessionRow {
  id: string;
  browser: string | null;
  os: string | null;
  address: string | null;
  created_at: Date;
  last_seen_at: Date;
}

/** A user's live sessions at `now`, newest first, at most `limit`. */
export async function liveSessionsOf(
  db: Pool,
  userId: UserId,
  now: Date,
  limit: number,
): Promise<LiveSessionRow[]> {
  const { rows } = await db.query<LiveSessionRow>(
    `SELECT id, browser, os, address, created_at, last_seen_at FROM sessions
      WHERE user_id = $1 AND revoked_at IS NULL AND idle_expires_at > $2 AND absolute_expires_at > $2
      ORDER BY created_at DESC LIMIT ${limit}`,
    [userId, now],
  );
  return rows;
}

/** The ids of a user's sessions not revoked. */
export async function unrevokedSessionIds(db: Pool, userId: UserId): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM sessions WHERE user_id = $1 AND revoked_at IS NULL',
    [userId],
  );
  return rows.map((row) => row.id);
}

/** The devices and places of a user's latest `limit` sessions from this browser and system. */
export async function recentOrigins(
  db: Pool,
  userId: UserId,
  browser: string,
  os: string,
  limit: number,
): Promise<{ browser: string | null; os: string | null; address: string | null }[]> {
  const { rows } = await db.query<{ browser: string | null; os: string | null; address: string | null }>(
    `SELECT browser, os, address FROM sessions
      WHERE user_id = $1 AND browser = $2 AND os = $3
      ORDER BY created_at DESC LIMIT ${limit}`,
    [userId, browser, os],
  );
  return rows;
}

/** The ids of every session of a user kept, oldest first (the data export). */
export async function sessionIdsOfUser(db: Pool, userId: UserId): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM sessions WHERE user_id = $1 ORDER BY created_at, id',
    [userId],
  );
  return rows.map((row) => row.id);
}

/** A page of a user's sessions as the data export shows them (without ids), oldest first, after `after`. */
export async function exportedSessionsPage(
  db: Pool,
  userId: UserId,
  after: { time: string; id: string } | null,
  limit: number,
): Promise<(Record<string, unknown> & { _time: string; _id: string })[]> {
  const { rows } = await db.query<Record<string, unknown> & { _time: string; _id: string }>(
    `SELECT remember AS "rememberMe", browser, os, address, created_at AS "createdAt", last_seen_at AS "lastSeenAt",
       absolute_expires_at AS "expiresAt", revoked_at AS "endedAt", revoked_reason AS "endedBecause",
       created_at::text AS _time, id AS _id
     FROM sessions WHERE user_id = $1 AND ($2::timestamptz IS NULL OR (created_at, id) > ($2::timestamptz, $3))
     ORDER BY created_at, id LIMIT $4`,
    [userId, after?.time ?? null, after?.id ?? '', limit],
  );
  return rows;
}

/**
 * `sessions`: a session that ended (idle or absolute expiry, or revoked) more than `endedSessionHours` ago
 * is purged (a request with one is refused either way; the recent ones stay for an investigation). At
 * erasure the person's sessions end first (revoked, then deleted): a request already past its session
 * check finishes, the next one is signed out.
 */
export const sessionsTable: TableOwner = {
  table: 'sessions',
  purge: {
    purged: 'sessions',
    async run(db, settings) {
      const { rowCount } = await db.query(
        `DELETE FROM sessions
          WHERE least(idle_expires_at, absolute_expires_at, coalesce(revoked_at, 'infinity'))
                < now() - $1 * interval '1 hour'`,
        [settings.endedSessionHours],
      );
      return rowCount ?? 0;
    },
  },
  async erase(client, { userId }) {
    await client.query(
      `UPDATE sessions SET revoked_at = now(), revoked_reason = 'erased'
        WHERE user_id = $1 AND revoked_at IS NULL`,
      [userId],
    );
    await client.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
  },
};
