import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../testing/processes.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/testDb.ts';

/**
 * Two API processes on one database, as `docs/architecture/scaling.md` deploys them. Each answers the
 * sessions it checked lately from memory (app/auth/sessionCache.ts); a logout or a password change on one
 * must end the session on the other for the very next request the client sends.
 */
describe('sessions across two API processes', () => {
  let db: TestDatabase;
  let a: RunningApp;
  let b: RunningApp;
  const secret = 'two-apis-session-secret-0123456789abcdef';

  beforeAll(async () => {
    db = await createTestDatabase('sessions_two_apis');
    // One session secret for both, as the processes of one deployment share it.
    const env = { SESSION_SECRET: secret, PROJECTIONS: 'on' };
    a = await startApp({ databaseUrl: db.url, env });
    b = await startApp({ databaseUrl: db.url, env });
  });
  afterAll(async () => {
    await Promise.all([a, b].map((p) => p?.stop()));
    await db?.drop();
  });

  async function send(app: RunningApp, method: string, path: string, cookie: string, body?: unknown) {
    const response = await fetch(`${app.url}${path}`, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    await response.arrayBuffer();
    return response;
  }

  async function signUp(name: string) {
    const password = 'correct-horse-battery-1';
    const response = await fetch(`${a.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: name,
        email: `${name}@example.com`,
        password,
        confirmPassword: password,
        termsAgreed: true,
      }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith('sai_session='))!;
    expect(cookie).toBeDefined();
    // Both processes have checked the session (B twice: the second answer is B's memory's).
    for (const app of [a, b, b]) expect((await send(app, 'GET', '/api/auth/user', cookie)).status).toBe(200);
    return { cookie, password };
  }

  async function signIn(name: string, password: string) {
    const response = await fetch(`${a.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `${name}@example.com`, password }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith('sai_session='))!;
    expect((await send(b, 'GET', '/api/auth/user', cookie)).status).toBe(200);
    expect((await send(b, 'GET', '/api/auth/user', cookie)).status).toBe(200);
    return cookie;
  }

  it('a logout on one process ends the session on the other for the next request', async () => {
    for (let round = 0; round < 5; round++) {
      const { cookie } = await signUp(`logout${round}`);
      expect((await send(a, 'POST', '/api/auth/logout', cookie)).status).toBeLessThan(300);
      expect((await send(b, 'GET', '/api/auth/user', cookie)).status).toBe(401);
      expect((await send(b, 'GET', '/api/notifications/unread-count', cookie)).status).toBe(401);
    }
  });

  it("a password change on one process ends the user's other sessions on the other", async () => {
    const { cookie, password } = await signUp('pwchange');
    const other = await signIn('pwchange', password);
    const changed = await send(a, 'POST', '/api/account/password', cookie, {
      currentPassword: password,
      newPassword: 'another-horse-battery-2',
      confirmPassword: 'another-horse-battery-2',
    });
    expect(changed.status).toBe(200);
    expect((await send(b, 'GET', '/api/auth/user', other)).status).toBe(401);
  });
});
