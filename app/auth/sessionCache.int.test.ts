import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUserId } from '../../domain/shared/ids.ts';
import { migratePool } from '../../infra/postgres/migrate.ts';
import { createPool, type Pool } from '../../infra/postgres/pool.ts';
import { setUpTestDatabase } from '../../testing/testDb.ts';
import {
  SESSION_CACHE_APPLICATION,
  SESSION_CHANGED_CHANNEL,
  type SessionCache,
  sessionCacheOf,
  startSessionCache,
  stopSessionCache,
} from './sessionCache.ts';
import {
  createSession,
  resumeSession,
  revokeSession,
  revokeUserSessions,
  type SessionSettings,
} from './sessions.ts';

/**
 * The session cache (app/auth/sessionCache.ts): two pools, each with its cache, stand for two API
 * processes on one database; a third, without one, for an operator's SQL. What one process revokes the
 * other must not answer from memory, and nothing is answered from memory while the LISTEN connection is down.
 */
const db = setUpTestDatabase('sessioncache');

const settings: SessionSettings = {
  secret: new TextEncoder().encode('session-cache-test-secret-of-32-bytes!'),
  idleMs: 30 * 60_000,
  absoluteMs: 12 * 3_600_000,
  rememberAbsoluteMs: 30 * 86_400_000,
  renewAfterMs: 60_000,
};

const userId = parseUserId('cache001');

let a: Pool;

let b: Pool;

let cacheA: SessionCache;

let cacheB: SessionCache;

beforeAll(async () => {
  await migratePool(db.pool);
  a = createPool(db.url, 4);
  b = createPool(db.url, 4);
  cacheA = startSessionCache(a, db.url);
  cacheB = startSessionCache(b, db.url);
  await Promise.all([live(cacheA), live(cacheB)]);
});

afterAll(async () => {
  await stopSessionCache(a);
  await stopSessionCache(b);
  await a.end();
  await b.end();
});

async function live(cache: SessionCache) {
  for (
    let i = 0;
    i < 200 && !(cache as unknown as { listener: { liveSince: number } }).listener.liveSince;
    i++
  )
    await new Promise((resolve) => setTimeout(resolve, 10));
}

/** Checks the session on B and says whether B answered it from memory. */
async function checkOnB(token: string) {
  const before = cacheB.stats.memory;
  const resumed = await resumeSession(b, settings, token);
  return { live: resumed !== null, fromMemory: cacheB.stats.memory > before };
}

async function signedIn() {
  const issued = await createSession(a, settings, { userId, isAdmin: false }, false);
  expect(await checkOnB(issued.token)).toEqual({ live: true, fromMemory: false });
  expect(await checkOnB(issued.token)).toEqual({ live: true, fromMemory: true });
  return issued;
}

async function lastSeenOf(sessionId: string) {
  const { rows } = await db.pool.query<{ last_seen_at: Date }>(
    'SELECT last_seen_at FROM sessions WHERE id = $1',
    [sessionId],
  );
  return rows[0]!.last_seen_at.getTime();
}

describe('session cache', () => {
  it('answers a live session from memory, and a logout on another process at once', async () => {
    const issued = await signedIn();
    await revokeSession(a, issued.sessionId, 'logout');
    // revokeSession returned once every listener had acknowledged it, B's among them (a cache that missed
    // the announcement would answer "live" from memory for a minute).
    expect((await checkOnB(issued.token)).live).toBe(false);
    // Revoked for good: answered "ended" from then on (from memory, since the row was read after the change).
    expect((await checkOnB(issued.token)).live).toBe(false);
  });
  it('forgets every session of a user revoked on another process (password change, suspension)', async () => {
    const first = await signedIn();
    const second = await signedIn();
    const kept = await signedIn();
    expect(await revokeUserSessions(a, userId, 'password-changed', kept.sessionId)).toBeGreaterThanOrEqual(2);
    expect(await eventually(async () => !(await checkOnB(first.token)).live, 100)).toBe(true);
    expect(await eventually(async () => !(await checkOnB(second.token)).live, 100)).toBe(true);
    // The one kept was not touched: still answered, from memory.
    expect(await checkOnB(kept.token)).toEqual({ live: true, fromMemory: true });
  });
  it("hears an operator's SQL that no process of ours ran: revocation, deletion, truncation", async () => {
    const revoked = await signedIn();
    await db.pool.query(`UPDATE sessions SET revoked_at = now() WHERE id = $1`, [revoked.sessionId]);
    expect(await eventually(async () => !(await checkOnB(revoked.token)).live)).toBe(true);

    const deleted = await signedIn();
    await db.pool.query('DELETE FROM sessions WHERE id = $1', [deleted.sessionId]);
    expect(await eventually(async () => !(await checkOnB(deleted.token)).live)).toBe(true);

    const truncated = await signedIn();
    await db.pool.query('TRUNCATE sessions');
    expect(await eventually(async () => !(await checkOnB(truncated.token)).live)).toBe(true);
  });
  it("writes last seen off the request path, batched, and the write evicts no process's cached session", async () => {
    const one = await signedIn();
    const two = await signedIn();
    const created = await lastSeenOf(one.sessionId);
    // Requests note the session and write nothing: the row is as the sign-in wrote it.
    const later = Date.now() + 90_000;
    cacheA.lastSeen.seen(one.sessionId, later);
    cacheA.lastSeen.seen(one.sessionId, later + 1_000); // within the minute: not noted again
    cacheA.lastSeen.seen(two.sessionId, later);
    expect(await lastSeenOf(one.sessionId)).toBe(created);
    expect(cacheA.lastSeen.latest(one.sessionId)).toBe(later);

    // One statement for both.
    const flushes = cacheA.lastSeen.stats.flushes;
    await cacheA.lastSeen.flush();
    expect(cacheA.lastSeen.stats.flushes).toBe(flushes + 1);
    expect(await lastSeenOf(one.sessionId)).toBe(later);
    expect(await lastSeenOf(two.sessionId)).toBe(later);

    // Another process that saw the session within the same minute does not write it again.
    cacheB.lastSeen.seen(one.sessionId, later + 30_000);
    await cacheB.lastSeen.flush();
    expect(await lastSeenOf(one.sessionId)).toBe(later);

    // The flush announced nothing: B still answers both from memory. (Announcements arrive in commit
    // order, so once B has heard a later revocation, it would have heard the flush's.)
    const marker = await signedIn();
    await revokeSession(a, marker.sessionId, 'logout');
    expect(await eventually(async () => !(await checkOnB(marker.token)).live, 1_000)).toBe(true);
    expect(await checkOnB(one.token)).toEqual({ live: true, fromMemory: true });
    expect(await checkOnB(two.token)).toEqual({ live: true, fromMemory: true });

    // A revocation still is heard.
    await revokeSession(a, one.sessionId, 'logout');
    expect(await eventually(async () => !(await checkOnB(one.token)).live, 1_000)).toBe(true);
  });
});

describe('session cache', () => {
  it('a revoker answers only once every live listener acknowledged, however slow one is', async () => {
    // A third "process" whose event loop is slow: a bare LISTEN connection named as a session cache's,
    // acknowledging each sync 400 ms late.
    const slow = new pg.Client({ connectionString: db.url });
    await slow.connect();
    await slow.query(`LISTEN ${SESSION_CHANGED_CHANNEL}`);
    const { rows } = await slow.query<{ pid: number }>(
      "SELECT pg_backend_pid() AS pid, set_config('application_name', $1, false)",
      [SESSION_CACHE_APPLICATION],
    );
    const acknowledged: number[] = [];

    slow.on('notification', ({ payload }) => {
      if (!payload?.startsWith('sync:')) return;
      setTimeout(() => {
        acknowledged.push(Date.now());
        slow.query('SELECT pg_notify($1, $2)', [
          SESSION_CHANGED_CHANNEL,
          `ack:${payload.slice(5)}:${rows[0]!.pid}`,
        ]);
      }, 400);
    });
    try {
      const issued = await signedIn();
      const revoking = Date.now();
      await revokeSession(a, issued.sessionId, 'logout');
      expect(acknowledged.length).toBe(1);
      expect(Date.now() - revoking).toBeGreaterThanOrEqual(390);
      // A listener that never answers is waited for up to the bound, then counted.
      slow.removeAllListeners('notification');
      const before = cacheA.stats.unacknowledged;
      const started = Date.now();
      await sessionCacheOf(a)!.propagated(300);
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
      expect(cacheA.stats.unacknowledged).toBe(before + 1);
    } finally {
      await slow.end();
    }
  });
  it('writes what it noted when the process stops', async () => {
    const c = createPool(db.url, 2);
    startSessionCache(c, db.url);
    const issued = await createSession(c, settings, { userId, isAdmin: false }, false);
    const later = Date.now() + 120_000;
    const noted = sessionCacheOf(c)!.lastSeen;
    noted.seen(issued.sessionId, later);
    expect(await lastSeenOf(issued.sessionId)).not.toBe(later);
    await stopSessionCache(c);
    await c.end();
    expect(await lastSeenOf(issued.sessionId)).toBe(later);
  });
  it('answers nothing from memory while its LISTEN connection is down, and again once it is back', async () => {
    const issued = await signedIn();
    const { rows } = await db.pool.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`,
      [SESSION_CACHE_APPLICATION],
    );
    expect(rows.length).toBe(2);
    // Both listeners cut: B is deaf, and a revocation now would not be announced to it.
    await db.pool.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) pid', [
      rows.map((r) => r.pid),
    ]);
    expect(await eventually(async () => !(await checkOnB(issued.token)).fromMemory)).toBe(true);
    await db.pool.query(`UPDATE sessions SET revoked_at = now() WHERE id = $1`, [issued.sessionId]);
    expect(await checkOnB(issued.token)).toEqual({ live: false, fromMemory: false });
    // Reconnected (half a second later): a new session is answered from memory again.
    await live(cacheB);
    await eventually(
      async () => (cacheB as unknown as { listener: { liveSince: number } }).listener.liveSince > 0,
    );
    const after = await createSession(a, settings, { userId, isAdmin: false }, false);
    await checkOnB(after.token);
    expect(await checkOnB(after.token)).toEqual({ live: true, fromMemory: true });
  });
});

async function eventually(check: () => Promise<boolean>, ms = 2_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}
