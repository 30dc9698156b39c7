import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUN_PRIVACY_KEYS } from '../testing/privacyKeys.ts';
import { setUpTestApp, signedUpClient } from '../testing/testApp.ts';

/**
 * Runs the tool as an operator would, beside the running API: asynchronously, so that this process (the
 * API under test) keeps reading its sockets meanwhile, the session announcements among them
 * (app/auth/sessionCache.ts). A synchronous spawn would stall the API's event loop for the tool's whole run,
 * which no API process ever is.
 */
function adminCreate(
  databaseUrl: string,
  ...args: string[]
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['scripts/tool.mjs', 'adminCreate', ...args],
      {
        cwd: path.resolve(import.meta.dirname, '..'),
        // The app's keys: the tool finds users by e-mail through streams named with PSEUDONYM_KEY.
        env: {
          ...process.env,
          ...RUN_PRIVACY_KEYS,
          DATABASE_URL: databaseUrl,
          SESSION_SECRET: 'x'.repeat(40),
          LOG_LEVEL: 'silent',
        },
        encoding: 'utf8',
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const code = (error as { code?: unknown } | null)?.code;
        resolve({ status: error ? (typeof code === 'number' ? code : null) : 0, stdout, stderr });
      },
    );
  });
}

describe('npm run admin:create', () => {
  const t = setUpTestApp();

  it('creates an admin who can sign in and is an admin', async () => {
    const run = await adminCreate(t.db.url, '--email', 'ops@example.com', '--password', 'ops-password-1');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('Created admin ops@example.com');
    const reply = await t
      .client()
      .post('/api/auth/login', { email: 'ops@example.com', password: 'ops-password-1' });
    expect(reply.status).toBe(200);
    expect(reply.body.isAdmin).toBe(true);
  });

  it('promotes an existing user, resets the password and ends their sessions', async () => {
    const { client, registration } = await signedUpClient(t);
    expect((await client.get('/api/auth/me')).body.isAdmin).toBe(false);
    const run = await adminCreate(t.db.url, '--email', registration.email, '--password', 'brand-new-pass');
    expect(run.status, run.stderr).toBe(0);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    const reply = await t
      .client()
      .post('/api/auth/login', { email: registration.email, password: 'brand-new-pass' });
    expect(reply.status).toBe(200);
    expect(reply.body.isAdmin).toBe(true);
  });

  it('refuses bad arguments without touching the log', async () => {
    const before = await t.eventCount();
    const run = await adminCreate(t.db.url, '--email', 'not-an-email', '--password', 'short');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--email must be an e-mail address');
    expect(await t.eventCount()).toBe(before);
  });

  it('says it failed, under its name, and exits 1 when the database cannot be reached', async () => {
    const run = await adminCreate(
      'postgres://sai@127.0.0.1:1/nowhere',
      '--email',
      'ops@example.com',
      '--password',
      'ops-password-1',
    );
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/^admin:create failed: \S/m);
  });
});
