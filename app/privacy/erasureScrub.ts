import type pg from 'pg';
import type { UserId } from '../../domain/shared/ids.ts';
import { ERASED_USERNAME, userStream } from '../../domain/users/user.ts';
import type { EventStore } from '../../infra/eventStore/eventStore.ts';
import { withTransaction } from '../../infra/postgres/pool.ts';
import { applyEvent, type Projection } from '../../projections/projection.ts';

/**
 * The erasure's part outside the log (docs/architecture/personal-data.md "Tables outside the log"):
 * these tables are not rebuilt from events, so the person's rows are deleted here. Their sessions end
 * first (revoked, then deleted with the rest): a request already past its session check finishes, the
 * next one is signed out. Each statement is idempotent, so running it again after an interruption is safe.
 *
 * `email` is the person's e-mail before the erasure (for the rate-limit keys that name it); null when
 * the erasure is being finished after an interruption and the e-mail is already gone: those counters
 * expire within their window anyway.
 *
 * `ledger_follow_ups_due` is left alone on purpose: a due row is a transfer's credit still to be made,
 * to this person (the erasure refuses while one is due) or from them to someone else (who must still be
 * credited); it holds ids and amounts only and lives for seconds.
 *
 * `names` (their e-mail, username, first and last name before the erasure; empty when finishing an
 * interrupted one) are also taken out of the replies stored for *other* people's requests, which may
 * name them (a transfer to them answers with their username): those rows must stay, since a retry of
 * that request must still replay its answer rather than run again.
 */
export async function scrubOutsideLog(
  pool: pg.Pool,
  userId: UserId,
  email: string | null,
  names: readonly string[] = [],
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `UPDATE sessions SET revoked_at = now(), revoked_reason = 'erased'
        WHERE user_id = $1 AND revoked_at IS NULL`,
      [userId],
    );
    await client.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
    await client.query('DELETE FROM credentials WHERE user_id = $1', [userId]);
    await client.query('DELETE FROM totp_secrets WHERE user_id = $1', [userId]);
    await client.query('DELETE FROM passkeys WHERE user_id = $1', [userId]);
    await client.query('DELETE FROM webauthn_challenges WHERE user_id = $1', [userId]);
    await client.query('DELETE FROM account_tokens WHERE user_id = $1', [userId]);
    await client.query('DELETE FROM card_pins WHERE card_id IN (SELECT id FROM cards WHERE user_id = $1)', [
      userId,
    ]);
    // `<userId>:<scope>:<key>`; a user id is [0-9a-z] only, so LIKE needs no escaping.
    await client.query(`DELETE FROM idempotency_keys WHERE scope_key LIKE $1 || ':%'`, [userId]);
    // `<kind>:<key>` where the key is the user id, the e-mail, or the e-mail and an address (`<email>\n<ip>`).
    await client.query(
      `DELETE FROM rate_limits
        WHERE right(key, length($1) + 1) = ':' || $1
           OR ($2::text IS NOT NULL AND (right(key, length($2) + 1) = ':' || $2
                                         OR strpos(key, ':' || $2 || E'\\n') > 0))`,
      [userId, email?.trim().toLowerCase() ?? null],
    );
    // Contact messages sent without an account from their e-mail: no event names their sender, so no
    // projection can find them on PersonErased; their sealed fields open to '' once the contact key is gone.
    if (email !== null) {
      await client.query(
        `UPDATE contact_messages SET full_name = '', email = '', subject = '', message = ''
          WHERE user_id IS NULL AND lower(trim(email)) = $1`,
        [email.trim().toLowerCase()],
      );
    }
    await scrubStoredReplies(client, names);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  // The destroyed key's old row versions stay in the table's pages until vacuumed (outside a transaction).
  await pool.query('VACUUM personal_data_keys');
}

/**
 * Other people's stored replies that name the person: every text in them holding one of `names` (as a
 * whole word, ignoring case) gets "Erased user" in its place; the reply is otherwise kept as it was.
 */
async function scrubStoredReplies(client: pg.PoolClient, names: readonly string[]): Promise<void> {
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

/**
 * The read models' part of an erasure, done now instead of when a projection worker reaches PersonErased:
 * each projection's PersonErased handler, applied to the person's PersonErased event in one transaction.
 * `npm run user:erase` calls it, since no projection may be running when it does (the server stopped):
 * without it, `users`, `ledger_transactions`, `ledger_postings` and `notifications` kept the person's
 * name, e-mail and texts until some process projected the event. The handlers only scrub (idempotent),
 * so the worker applying the same event later writes the same rows, and events before it that a worker
 * has not projected yet open to placeholders: the person's key is destroyed by then. Checkpoints are left
 * alone. Returns false when the person has no PersonErased event.
 */
export async function scrubReadModelsNow(
  deps: { pool: pg.Pool; store: EventStore },
  projections: readonly Projection[],
  userId: UserId,
): Promise<boolean> {
  const erased = (await deps.store.readStream(userStream(userId))).findLast(
    (event) => event.type === 'PersonErased',
  );
  if (!erased) return false;
  await withTransaction(deps.pool, async (client) => {
    for (const projection of projections) await applyEvent(projection, erased, client);
  });
  return true;
}
