import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migratePool } from '../../infra/postgres/migrate.ts';
import { createPool, type Pool } from '../../infra/postgres/pool.ts';
import { runScheduledJob, type ScheduledJob, startScheduler } from '../../infra/postgres/scheduledJobs.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/testDb.ts';
import { purgeExpiredRows } from './purge.ts';

let db: TestDatabase;
/** A second pool on the same database: another process. */
let other: Pool;

const settings = { endedSessionHours: 24, idempotencyHours: 24 };

async function ids(table: string, column: string): Promise<string[]> {
  const { rows } = await db.pool.query(`SELECT ${column} AS id FROM ${table} ORDER BY 1`);
  return rows.map((row) => row.id);
}

beforeAll(async () => {
  db = await createTestDatabase('purge');
  await migratePool(db.pool);
  other = createPool(db.url, 4);
});

afterAll(async () => {
  await other?.end();
  await db?.drop();
});

describe('expiring rows and scheduled jobs', () => {
  it('purges sessions ended over a day ago, old idempotency keys past their lease and stale 2FA set-ups', async () => {
    const session = (id: string, idle: string, absolute: string, revoked: string | null) =>
      db.pool.query(
        `INSERT INTO sessions (id, user_id, is_admin, idle_expires_at, absolute_expires_at, revoked_at)
         VALUES ($1, 'u1', false, now() + $2::interval, now() + $3::interval, now() + $4::interval)`,
        [id, idle, absolute, revoked],
      );
    await session('live', '30 minutes', '12 hours', null);
    await session('idle-2d', '-2 days', '10 hours', null);
    await session('absolute-2d', '1 hour', '-2 days', null);
    await session('idle-1h', '-1 hour', '10 hours', null);
    await session('revoked-2d', '30 minutes', '12 hours', '-2 days');
    await session('revoked-1h', '30 minutes', '12 hours', '-1 hour');
    const key = (scope: string, age: string, lease: string) =>
      db.pool.query(
        `INSERT INTO idempotency_keys (scope_key, request_hash, state, locked_until, created_at)
         VALUES ($1, 'h', 'done', now() + $3::interval, now() - $2::interval)`,
        [scope, age, lease],
      );
    await key('old', '25 hours', '-25 hours');
    await key('old-leased', '25 hours', '1 minute');
    await key('recent', '1 hour', '-1 hour');
    const totp = (user: string, confirmed: boolean, age: string) =>
      db.pool.query(
        `INSERT INTO totp_secrets (user_id, secret_encrypted, confirmed, created_at) VALUES ($1, 'x', $2, now() - $3::interval)`,
        [user, confirmed, age],
      );
    await totp('unconfirmed-2d', false, '2 days');
    await totp('confirmed-2d', true, '2 days');
    await totp('unconfirmed-1h', false, '1 hour');
    const limit = (key: string, expiresInMs: number) =>
      db.pool.query('INSERT INTO rate_limits (key, points, expire) VALUES ($1, 3, $2)', [
        key,
        Date.now() + expiresInMs,
      ]);
    await limit('login:expired', -1_000);
    await limit('login:current', 60_000);
    const token = (user: string, expires: string, used: boolean) =>
      db.pool.query(
        `INSERT INTO account_tokens (token_hash, purpose, user_id, created_at, expires_at, used_at)
         VALUES (sha256(convert_to($1, 'UTF8')), 'password_reset', $1, now(), now() + $2::interval,
                 CASE WHEN $3 THEN now() END)`,
        [user, expires, used],
      );
    await token('token-expired', '-1 minute', false);
    await token('token-used', '20 minutes', true);
    await token('token-live', '20 minutes', false);

    expect(await purgeExpiredRows(db.pool, settings)).toEqual({
      sessions: 3,
      idempotencyKeys: 1,
      unconfirmedTotp: 1,
      rateLimits: 1,
      accountTokens: 2,
    });
    expect(await ids('sessions', 'id')).toEqual(['idle-1h', 'live', 'revoked-1h']);
    expect(await ids('idempotency_keys', 'scope_key')).toEqual(['old-leased', 'recent']);
    expect(await ids('totp_secrets', 'user_id')).toEqual(['confirmed-2d', 'unconfirmed-1h']);
    expect(await ids('rate_limits', 'key')).toEqual(['login:current']);
    expect(await ids('account_tokens', 'user_id')).toEqual(['token-live']);
    // Run again: nothing left to purge.
    expect(await purgeExpiredRows(db.pool, settings)).toEqual({
      sessions: 0,
      idempotencyKeys: 0,
      unconfirmedTotp: 0,
      rateLimits: 0,
      accountTokens: 0,
    });
  });
});

describe('expiring rows and scheduled jobs', () => {
  it('runs a job once per interval across processes, and skips it while another process runs it', async () => {
    let runs = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow: ScheduledJob = {
      name: 'once-test',
      everyMs: 3_600_000,
      async run() {
        runs++;
        await held;
        return { runs };
      },
    };
    const first = runScheduledJob(db.pool, slow);
    // The job's work has begun, so the first process holds its lock (taken before the work starts).
    await vi.waitFor(() => expect(runs).toBe(1), { timeout: 20_000, interval: 10 });
    // Another process while the first holds the job's lock: skipped, the work not started.
    expect(await runScheduledJob(other, slow)).toEqual({ ran: false, reason: 'busy' });
    release();
    expect(await first).toEqual({ ran: true, result: { runs: 1 } });
    // Within its interval, in either process: not due.
    expect(await runScheduledJob(other, slow)).toEqual({ ran: false, reason: 'not due' });
    expect(await runScheduledJob(db.pool, slow)).toEqual({ ran: false, reason: 'not due' });
    expect(runs).toBe(1);
    const { rows } = await db.pool.query(`SELECT last_result FROM scheduled_jobs WHERE name = 'once-test'`);
    expect(rows).toEqual([{ last_result: { runs: 1 } }]);
  });
  it('never runs a job twice at once when several processes tick together', async () => {
    let running = 0;
    let overlapped = false;
    let runs = 0;
    const job: ScheduledJob = {
      name: 'tick-test',
      everyMs: 300,
      async run() {
        running++;
        if (running > 1) overlapped = true;
        runs++;
        await new Promise((resolve) => setTimeout(resolve, 50));
        running--;
      },
    };
    const started = Date.now();
    const schedulers = [db.pool, other, db.pool].map((pool) => startScheduler(pool, [job], { tickMs: 20 }));
    // Several runs, waited for rather than timed (a busy machine ticks late, never early).
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(4), { timeout: 20_000, interval: 20 });
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
    const elapsed = Date.now() - started;
    expect(overlapped).toBe(false);
    // About once per 300 ms across the three, never once per tick of each (75 ticks each).
    expect(runs).toBeLessThanOrEqual(Math.ceil(elapsed / 300) + 1);
  });
});
