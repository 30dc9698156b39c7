import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUN_PRIVACY_KEYS } from '../testing/privacyKeys.ts';
import { setUpTestApp, signedUpClient } from '../testing/testApp.ts';

function adminCreate(databaseUrl: string, ...args: string[]) {
  return spawnSync(process.execPath, ['scripts/tool.mjs', 'adminCreate', ...args], {
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
  });
}

describe('npm run admin:create', () => {
  const t = setUpTestApp();

  it('creates an admin who can sign in and is an admin', async () => {
    const run = adminCreate(t.db.url, '--email', 'ops@example.com', '--password', 'ops-password-1');
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
    const run = adminCreate(t.db.url, '--email', registration.email, '--password', 'brand-new-pass');
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
    const run = adminCreate(t.db.url, '--email', 'not-an-email', '--password', 'short');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--email must be an e-mail address');
    expect(await t.eventCount()).toBe(before);
  });

  it('says it failed, under its name, and exits 1 when the database cannot be reached', () => {
    const run = adminCreate(
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
