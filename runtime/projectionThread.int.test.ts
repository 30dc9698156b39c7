import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../testing/processes.ts';
import { createTestDatabase, type TestDatabase } from '../testing/testDb.ts';

/**
 * `npm start`'s default shape (PROJECTIONS=on): one process, the read models built in a worker thread of it
 * (runtime/projectionThread.ts). What a user does shows on the read models; a clean stop ends the thread.
 */
describe('the projection thread of npm start', () => {
  let db: TestDatabase;
  let app: RunningApp;

  beforeAll(async () => {
    db = await createTestDatabase('projection_thread');
    app = await startApp({ databaseUrl: db.url, env: { PROJECTIONS: 'on', LOG_LEVEL: 'info' } });
  });
  afterAll(async () => {
    await app?.stop();
    await db?.drop();
  });

  it('builds the read models beside the HTTP server, and stops with the process', async () => {
    const password = 'thread-password-1';
    const registered = await fetch(`${app.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'threaded',
        email: 'threaded@example.com',
        password,
        confirmPassword: password,
        termsAgreed: true,
      }),
    });
    expect(registered.status).toBe(201);
    // The users read model gets the row, built by the thread (the only runner of this deployment).
    const deadline = Date.now() + 15_000;
    let caughtUp = false;
    while (!caughtUp && Date.now() < deadline) {
      const { rows } = await db.pool.query<{ users: string; processed: string | null }>(
        `SELECT (SELECT count(*) FROM users WHERE username = 'threaded')::text AS users,
                (SELECT events_processed::text FROM projection_checkpoints WHERE name = 'users') AS processed`,
      );
      caughtUp = rows[0]!.users === '1' && Number(rows[0]!.processed ?? 0) > 0;
      if (!caughtUp) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(caughtUp, app.output()).toBe(true);
    // The thread's log lines are tagged as its own.
    await app.stop();
    expect(app.output()).toContain('"thread":"projections"');
    expect(await app.exited).toBe(0);
  });
});
