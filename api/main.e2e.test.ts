import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort, POSTGRES_SERVER_SETTINGS } from '../infra/postgres/embedded.ts';
import { apiProcessArgs } from '../runtime/nodeFlags.ts';
import { RUN_LEDGER_SIGNING_KEY } from '../testing/privacyKeys.ts';

/** `npm start` as a newcomer runs it: no configuration, embedded Postgres under DATA_DIR. */
interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Started {
  const child = spawn(process.execPath, apiProcessArgs(), {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, BUILD_WEB: 'off', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr!.on('data', (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(started: Started, text: string | RegExp, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const found = () =>
    typeof text === 'string' ? started.output().includes(text) : text.test(started.output());
  while (!found()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${text}; output:\n${started.output()}`);
    if (started.child.exitCode !== null)
      throw new Error(`exited early (${started.child.exitCode}):\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function postgresRunningOn(dataDir: string): boolean {
  return execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .some((line) => line.includes('postgres') && line.includes(dataDir));
}

/** The embedded server on `dataDir`, reached over the port its postmaster.pid names. */
async function databaseUrlOf(dataDir: string, database = 'sai'): Promise<string> {
  const port = (await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[3]?.trim();
  return `postgres://postgres:postgres@127.0.0.1:${port}/${database}`;
}

/** A setting of the embedded server on `dataDir`. */
async function postgresSetting(dataDir: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: await databaseUrlOf(dataDir, 'postgres') });
  await client.connect();
  try {
    const { rows } = await client.query<{ value: string }>('SELECT current_setting($1) AS value', [name]);
    return rows[0]!.value;
  } finally {
    await client.end();
  }
}

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const dirs: string[] = [];

afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('starts on an embedded Postgres, prints demo credentials once, reuses its data and stops cleanly', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sai-start-'));
    dirs.push(dataDir);
    const port = await findFreePort();
    const env = { DATA_DIR: dataDir, PORT: String(port) };

    const first = start(env);
    await waitFor(first, `running at http://localhost:${port}`);
    expect(postgresRunningOn(dataDir)).toBe(true);
    // Development personal data keys: generated beside the database's folder (DATA_DIR/pg), with a warning.
    const keyFile = path.join(dataDir, 'keys', 'personal-data-key');
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    const developmentKey = await readFile(keyFile, 'utf8');
    // Said once, inside the banner after the address, not as JSON warnings before it (issue 48, point 17):
    // neither the main thread nor the projection thread logs them.
    const banner = first.output().slice(first.output().indexOf(`running at http://localhost:${port}`));
    expect(banner).toContain(`Development keys, kept in ${path.join(dataDir, 'keys')}`);
    expect(banner).toContain(
      'personal data keys: set PERSONAL_DATA_KEY and PSEUDONYM_KEY (or their _FILE variables)',
    );
    expect(banner).toContain('ledger signing key: set LEDGER_SIGNING_KEY (or LEDGER_SIGNING_KEY_FILE)');
    expect(first.output().match(/personal data keys/g)).toHaveLength(1);
    expect(first.output().match(/ledger signing key/g)).toHaveLength(1);
    expect(
      first
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{')),
    ).toEqual([]);
    expect(first.output()).not.toContain('No demo accounts');
    // The embedded server runs with the project's settings (wal_init_zero=off: infra/postgres/embedded.ts).
    for (const setting of POSTGRES_SERVER_SETTINGS) {
      const [name, value] = setting.split('=');
      expect(await postgresSetting(dataDir, name!), name).toBe(value);
    }
    const admin = /admin\s+(\S+@\S+)\s+\/\s+(\S+)/.exec(first.output());
    expect(admin, first.output()).not.toBeNull();
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin![1], password: admin![2] }),
    });
    expect(login.status).toBe(200);
    expect((await login.json()).isAdmin).toBe(true);
    // Strangers, localhost included, hear only that it is up; the admin's session sees the details.
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const details = await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { cookie } });
    expect((await details.json()).eventStore.kind).toBe('postgres');
    expect(await (await fetch(`http://127.0.0.1:${port}/readyz`)).json()).toEqual({ status: 'ready' });
    // Without METRICS_TOKEN, Prometheus metrics are served to localhost.
    const metrics = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('sai_http_requests_total');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    // Postgres stopped with it: no server process runs on this data directory any more.
    expect(postgresRunningOn(dataDir)).toBe(false);
    expect(await portOpen(port)).toBe(false);

    const second = start(env);
    await waitFor(second, `running at http://localhost:${port}`);
    expect(second.output()).not.toContain('Demo accounts');
    expect(await readFile(keyFile, 'utf8')).toBe(developmentKey);
    const again = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin![1], password: admin![2] }),
    });
    expect(again.status).toBe(200);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);

    // ADMIN_EMAIL / ADMIN_PASSWORD create that admin at start when no user has the e-mail.
    const third = start({ ...env, ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'ops-password-1' });
    await waitFor(third, `running at http://localhost:${port}`);
    const ops = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ops@example.com', password: 'ops-password-1' }),
    });
    expect(ops.status).toBe(200);
    expect((await ops.json()).isAdmin).toBe(true);
    // Not a first start: nothing to say about demo accounts.
    expect(third.output()).not.toContain('demo accounts');
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 180_000);
});

describe('npm start', () => {
  it('with ADMIN_EMAIL on a first start, says in the banner that no demo accounts were made', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sai-start-admin-'));
    dirs.push(dataDir);
    const port = await findFreePort();
    const started = start({
      DATA_DIR: dataDir,
      PORT: String(port),
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'owner-password-1',
    });
    await waitFor(started, `running at http://localhost:${port}`);
    await waitFor(started, 'Press Ctrl-C to stop.');
    const banner = started.output().slice(started.output().indexOf('running at'));
    expect(banner).toContain(
      'No demo accounts: ADMIN_EMAIL is set, so the only account is the admin owner@example.com.',
    );
    expect(started.output()).not.toContain('Demo accounts (shown on first start only)');
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
  }, 120_000);
  it('in production creates no demo account, and on SIGTERM turns unready, then drains and exits', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sai-prod-'));
    dirs.push(dataDir);
    const port = await findFreePort();
    const started = start({
      DATA_DIR: dataDir,
      PORT: String(port),
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-production-secret-of-at-least-32-characters',
      PERSONAL_DATA_KEY: 'eFh5PRXLP/Wwrvh/3rzjo7PfiGFYv4lHJQQzPiMZWgo=',
      PSEUDONYM_KEY: 'cHJvZHVjdGlvbi10ZXN0LXBzZXVkb255bS1rZXktMzI=',
      LEDGER_SIGNING_KEY: RUN_LEDGER_SIGNING_KEY,
      LOG_LEVEL: 'info',
      SHUTDOWN_DELAY_MS: '1500',
      SHUTDOWN_GRACE_MS: '1500',
    });
    await waitFor(started, `running at http://localhost:${port}`);
    expect(started.output()).not.toContain('Demo accounts');
    expect(started.output()).not.toMatch(/password/i);
    const pool = new pg.Pool({ connectionString: await databaseUrlOf(dataDir) });
    try {
      expect((await pool.query('SELECT count(*)::int AS n FROM users')).rows[0].n).toBe(0);
    } finally {
      await pool.end();
    }
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    // A client that never finishes its request holds a connection open: only the grace period ends it.
    const slow = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => slow.once('connect', resolve));
    slow.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const slowClosed = new Promise((resolve) => slow.once('close', resolve));

    const signalledAt = Date.now();
    started.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Unready first, while requests are still served.
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).code).toBe('draining');
    expect((await fetch(`${base}/livez`)).status).toBe(200);

    await slowClosed;
    expect(Date.now() - signalledAt, started.output()).toBeGreaterThanOrEqual(2_500); // delay + grace
    expect(await started.exited).toBe(0);
    expect(started.output()).toContain('grace period over');
  }, 180_000);
});

describe('npm start', () => {
  it('refuses to start in production without the personal data keys, saying which to set', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sai-nokeys-'));
    dirs.push(dataDir);
    const started = start({
      DATA_DIR: dataDir,
      PORT: String(await findFreePort()),
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-production-secret-of-at-least-32-characters',
      PERSONAL_DATA_KEY: '',
      PERSONAL_DATA_KEY_FILE: '',
      PSEUDONYM_KEY: '',
      PSEUDONYM_KEY_FILE: '',
    });
    expect(await started.exited).not.toBe(0);
    expect(started.output()).toContain(
      'PERSONAL_DATA_KEY (or PERSONAL_DATA_KEY_FILE) is required in production',
    );
    expect(postgresRunningOn(dataDir)).toBe(false);
  }, 120_000);
  it('fails with a clear message naming the URL when EventStoreDB cannot be reached', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sai-esdb-'));
    dirs.push(dataDir);
    const started = start({
      DATA_DIR: dataDir,
      PORT: String(await findFreePort()),
      EVENT_STORE: 'eventstoredb',
      EVENTSTORE_URL: 'esdb://127.0.0.1:1?tls=false',
    });
    const code = await started.exited;
    expect(code).not.toBe(0);
    expect(started.output()).toContain('Cannot reach EventStoreDB at esdb://127.0.0.1:1?tls=false');
  }, 120_000);
  it('prints the captured Postgres log, not "undefined", when the embedded server cannot start', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sai-broken-'));
    dirs.push(dataDir);
    // A data directory that claims to be initialised but is not: the server refuses to start.
    await mkdir(path.join(dataDir, 'pg'), { recursive: true });
    await writeFile(path.join(dataDir, 'pg', 'PG_VERSION'), '18\n');
    const started = start({ DATA_DIR: dataDir, PORT: String(await findFreePort()) });
    const code = await started.exited;
    expect(code).not.toBe(0);
    expect(started.output()).toContain('Embedded Postgres failed to start');
    expect(started.output()).toContain('--- Postgres log ---');
    expect(started.output()).not.toMatch(/failed to start: undefined/);
  }, 120_000);
});
