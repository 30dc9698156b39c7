import type pg from 'pg';

/**
 * Rows that expire, deleted once they can no longer matter:
 * - sessions that ended (idle or absolute expiry, or revoked) more than `endedSessionHours` ago: a request
 *   with one is refused either way (app/auth/sessions.ts); the recent ones stay for an investigation;
 * - idempotency keys older than `idempotencyHours` whose lease is over: the key only replays a first
 *   answer (exactly once rests on the ids derived from it, docs/architecture/money.md), so a retry after that
 *   re-runs the command, which finds its events in the log and answers with them;
 * - two-factor set-ups never confirmed, older than a day: `POST /api/account/2fa/setup` starts a new one;
 * - rate-limit counters whose window is over (`rate_limits`, `expire` in ms since the epoch): the limiter
 *   starts an expired one afresh anyway, and an upsert that renews a row first keeps it (the delete
 *   re-checks the renewed row);
 * - mailed one-time links that expired or were used (`account_tokens`): neither works again either way,
 *   and an e-mail change's waiting address is personal data kept no longer than its link.
 * Each delete is bounded by the expiry columns alone; the job runs once per interval across processes
 * (infra/postgres/scheduledJobs.ts).
 */
export interface PurgeSettings {
  endedSessionHours: number;
  idempotencyHours: number;
}

export interface PurgeResult {
  sessions: number;
  idempotencyKeys: number;
  unconfirmedTotp: number;
  rateLimits: number;
  accountTokens: number;
}

export async function purgeExpiredRows(
  db: pg.PoolClient | pg.Pool,
  settings: PurgeSettings,
): Promise<PurgeResult> {
  const sessions = await db.query(
    `DELETE FROM sessions
      WHERE least(idle_expires_at, absolute_expires_at, coalesce(revoked_at, 'infinity'))
            < now() - $1 * interval '1 hour'`,
    [settings.endedSessionHours],
  );
  const keys = await db.query(
    `DELETE FROM idempotency_keys WHERE created_at < now() - $1 * interval '1 hour' AND locked_until < now()`,
    [settings.idempotencyHours],
  );
  const totp = await db.query(
    `DELETE FROM totp_secrets WHERE NOT confirmed AND created_at < now() - interval '1 day'`,
  );
  const limits = await db.query(
    `DELETE FROM rate_limits WHERE expire < (extract(epoch FROM now()) * 1000)::bigint`,
  );
  const tokens = await db.query('DELETE FROM account_tokens WHERE expires_at < now() OR used_at IS NOT NULL');
  return {
    sessions: sessions.rowCount ?? 0,
    idempotencyKeys: keys.rowCount ?? 0,
    unconfirmedTotp: totp.rowCount ?? 0,
    rateLimits: limits.rowCount ?? 0,
    accountTokens: tokens.rowCount ?? 0,
  };
}
