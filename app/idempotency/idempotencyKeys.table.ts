import { ERASED_USERNAME } from '../../domain/users/user.ts';
import type { Pool, PoolClient } from '../../infra/postgres/pool.ts';
import type { TableOwner } from '../tables.ts';

/**
 * `idempotency_keys`: one row per Idempotency-Key of a money command (`<userId>:<scope>:<key>`), the request's
 * hash, a lease while it runs and the first answer once done (api/http/idempotency.ts says why).
 */
export interface KeyRow {
  request_hash: string;
  state: string;
  response_status: number | null;
  response_body: unknown;
  expired: boolean;
}

/** Inserts the key's row, leased for `leaseMs`; false when the key already has one. */
export async function insertKey(
  db: Pool,
  scopeKey: string,
  requestHash: string,
  leaseMs: number,
): Promise<boolean> {
  const claimed = await db.query(
    `INSERT INTO idempotency_keys (scope_key, request_hash, state, locked_until)
     VALUES ($1, $2, 'running', now() + $3 * interval '1 millisecond') ON CONFLICT (scope_key) DO NOTHING`,
    [scopeKey, requestHash, leaseMs],
  );
  return claimed.rowCount !== 0;
}

export async function findKey(db: Pool, scopeKey: string): Promise<KeyRow | undefined> {
  const { rows } = await db.query<KeyRow>(
    `SELECT request_hash, state, response_status, response_body, locked_until < now() AS expired
     FROM idempotency_keys WHERE scope_key = $1`,
    [scopeKey],
  );
  return rows[0];
}

/** Takes over a running key whose lease is over; false while another attempt holds it. */
export async function takeOverKey(db: Pool, scopeKey: string, leaseMs: number): Promise<boolean> {
  const takeover = await db.query(
    `UPDATE idempotency_keys SET locked_until = now() + $2 * interval '1 millisecond'
     WHERE scope_key = $1 AND state = 'running' AND locked_until < now()`,
    [scopeKey, leaseMs],
  );
  return takeover.rowCount !== 0;
}

/** Deletes a running key's row made for `requestHash`. */
export async function deleteRunningKey(db: Pool, scopeKey: string, requestHash: string): Promise<void> {
  await db.query(
    `DELETE FROM idempotency_keys WHERE scope_key = $1 AND request_hash = $2 AND state = 'running'`,
    [scopeKey, requestHash],
  );
}

/** Ends a running key's lease, so that a retry runs the command again at once. */
export async function releaseKey(db: Pool, scopeKey: string): Promise<void> {
  await db.query(
    `UPDATE idempotency_keys SET locked_until = now() - interval '1 millisecond'
     WHERE scope_key = $1 AND state = 'running'`,
    [scopeKey],
  );
}

export async function saveKeyOutcome(
  db: Pool,
  scopeKey: string,
  status: number,
  body: unknown,
): Promise<void> {
  await db.query(
    `UPDATE idempotency_keys SET state = 'done', response_status = $2, response_body = $3 WHERE scope_key = $1`,
    [scopeKey, status, JSON.stringify(body)],
  );
}

/**
 * Purged after `idempotencyHours` once the lease is over: the key only replays a first answer (exactly once
 * rests on the ids derived from it, docs/architecture/money.md), so a retry after that re-runs the command,
 * which finds its events in the log and answers with them.
 *
 * At erasure the person's own rows go; and the replies stored for *other* people's requests, which may name
 * them (a transfer to them answers with their username), have those names taken out: those rows must stay,
 * since a retry of that request must still replay its answer rather than run again.
 */
export const idempotencyKeysTable: TableOwner = {
  table: 'idempotency_keys',
  purge: {
    purged: 'idempotencyKeys',
    async run(db, settings) {
      const { rowCount } = await db.query(
        `DELETE FROM idempotency_keys WHERE created_at < now() - $1 * interval '1 hour' AND locked_until < now()`,
        [settings.idempotencyHours],
      );
      return rowCount ?? 0;
    },
  },
  async erase(client, { userId, names }) {
    // `<userId>:<scope>:<key>`; a user id is [0-9a-z] only, so LIKE needs no escaping.
    await client.query(`DELETE FROM idempotency_keys WHERE scope_key LIKE $1 || ':%'`, [userId]);
    await scrubStoredReplies(client, names);
  },
};

/**
 * Other people's stored replies that name the person: every text in them holding one of `names` (as a
 * whole word, ignoring case) gets "Erased user" in its place; the reply is otherwise kept as it was.
 */
async function scrubStoredReplies(client: PoolClient, names: readonly string[]): Promise<void> {
  const values = [...new Set(names.map((v) => v.trim().toLowerCase()).filter((v) => v !== ''))];
  if (values.length === 0) return;
  const { rows } = await client.query<{ scope_key: string; response_body: unknown }>(
    `SELECT scope_key, response_body FROM idempotency_keys
      WHERE response_body IS NOT NULL
        AND EXISTS (SELECT 1 FROM unnest($1::text[]) v WHERE strpos(lower(response_body::text), v) > 0)
      FOR UPDATE`,
    [values],
  );
  const words = values
    .sort((a, b) => b.length - a.length)
    .map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${words.join('|')})(?![\\p{L}\\p{N}_])`, 'giu');
  const scrub = (value: unknown): unknown => {
    if (typeof value === 'string') return value.replace(pattern, ERASED_USERNAME);
    if (Array.isArray(value)) return value.map(scrub);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, scrub(field)]));
    return value;
  };
  for (const row of rows) {
    await client.query('UPDATE idempotency_keys SET response_body = $2 WHERE scope_key = $1', [
      row.scope_key,
      JSON.stringify(scrub(row.response_body)),
    ]);
  }
}
