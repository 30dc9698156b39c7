import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.ts';
import { type VerifyReport, verifyLedger } from '../../app/audit/verifyLedger.ts';
import {
  UPGRADE_APPLICATION_NAME,
  type UpgradeOptions,
  upgradeLog,
} from '../../app/privacy/upgrade/upgradeLog.ts';
import { PostgresEventStore } from '../../infra/eventStore/postgresEventStore.ts';
import { createPool } from '../../infra/postgres/pool.ts';
import { type Services, startServices } from '../../runtime/services.ts';
import { RUN_PRIVACY_KEYS } from '../privacyKeys.ts';
import { TestClient } from '../testApp.ts';
import { testConfig } from '../testConfig.ts';
import { createTestDatabase, queryOnce, type TestDatabase } from '../testDb.ts';
import { legacyExpected, restoreLegacyFixture } from './legacyFixture.ts';
import { legacySignIn, viewOf } from './legacyViews.ts';
import type { UserView } from './scenario.ts';

/**
 * The legacy fixture (a log written before crypto-shredding, every personal field and every e-mail in
 * clear) rewritten by `npm run privacy:upgrade-log` (docs/architecture/log-upgrade.md): interrupted in the
 * middle of a stream and run again, it ends with every personal field sealed and every uniqueness stream
 * pseudonymous, and every user sees the balances and history of before, with `ledger:verify` agreeing.
 */
const expected = legacyExpected();
const signIn = legacySignIn(expected);
/** Each legacy user signs in once below, and each sign-in is an event on a stream of its own. */
const SIGN_INS = expected.users.length;
const afterSignIns = {
  streams: expected.tables.es_streams! + SIGN_INS,
  verified: {
    ...expected.ledgerVerify,
    events: expected.ledgerVerify.events + SIGN_INS,
    streams: expected.ledgerVerify.streams + SIGN_INS,
  },
};
const keys: Omit<UpgradeOptions, 'databaseUrl'> = {
  personalDataKey: Buffer.from(RUN_PRIVACY_KEYS.PERSONAL_DATA_KEY, 'base64'),
  pseudonymKey: Buffer.from(RUN_PRIVACY_KEYS.PSEUDONYM_KEY, 'base64'),
};
/**
 * The events' fields that hold what a person typed or their name, by event type, from the inventory
 * (docs/architecture/personal-data.md), written out here rather than taken from the code under test.
 * A withdrawal's destination `address` is a financial record, kept in clear; a card's shipping address is
 * personal.
 */
const PERSONAL: Record<string, string[]> = {
  UserRegistered: ['email', 'username', 'firstName', 'lastName', 'bio', 'profileImageUrl'],
  UserProfileUpdated: ['firstName', 'lastName', 'username', 'bio'],
  UniqueValueReserved: ['value'],
  UniqueValueReleased: ['value'],
  TokensTransferred: ['description', 'fromLabel', 'toLabel'],
  TokensMinted: ['description'],
  WithdrawalHoldPlaced: ['notes'],
  WithdrawalRequested: ['notes'],
  WithdrawalFailed: ['reason'],
  CryptoDepositRejected: ['reason'],
  CardRequested: ['address'],
  CardShippingAddressSet: ['address'],
  CardShipped: ['trackingNumber'],
  PaymentProofSubmitted: ['notes', 'proofImageUrl'],
  PaymentRejected: ['reason'],
  ContactMessageReceived: ['fullName', 'email', 'subject', 'message'],
};
let db: TestDatabase;
let services: Services | null = null;
let before: { views: Record<string, UserView>; verify: Omit<VerifyReport, 'firstProblem' | 'root'> };
/** Every personal value the fixture's log holds in clear before the upgrade. */
const personalValues = new Set<string>();

async function start(): Promise<{ services: Services; app: ReturnType<typeof createApp> }> {
  const config = testConfig(db.url, { SESSION_SECRET: expected.sessionSecret, LOG_LEVEL: 'warn' });
  services = await startServices(config, pino({ level: 'silent' }), { databaseUrl: db.url });
  const head = await services.deps.store.headPosition();
  expect(await services.deps.runner.waitFor(head!, services.deps.runner.names, 30_000)).toBe(true);
  return { services, app: createApp(services.deps) };
}

async function stop(): Promise<void> {
  await services?.stop();
  services = null;
}

/** A short-lived client: the upgrade refuses while any other session is connected. */
function query<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
  return queryOnce<T>(db.url, sql, values);
}

/** The log's tables (and the one read model holding stream names) as text, every row. */
async function dumpLog(): Promise<string> {
  const rows = await query<{ dump: string }>(
    `SELECT concat_ws('|', (SELECT json_agg(e ORDER BY global_position)::text FROM es_events e),
       (SELECT json_agg(s ORDER BY stream_name)::text FROM es_streams s),
       (SELECT json_agg(t ORDER BY event_id, transaction_id)::text FROM transaction_events t)) AS dump`,
  );
  return rows[0]!.dump;
}

async function verifyNow(): Promise<VerifyReport> {
  const pool = createPool(db.url, 2);
  const store = new PostgresEventStore(pool, db.url);
  try {
    return await verifyLedger(store, pool);
  } finally {
    await store.close();
    await pool.end();
  }
}

/** How the command is started: the configuration as for `npm start`. */
const cli = {
  cwd: path.resolve(import.meta.dirname, '../..'),
  env: {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: '',
    SESSION_SECRET: expected.sessionSecret,
    LOG_LEVEL: 'silent',
    ...RUN_PRIVACY_KEYS,
  },
};

/** The sessions of the upgrade tool other than the test's own two, with an extra condition. */
async function toolSessions(client: pg.Client, ours: number[], where = ''): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = $1 AND pid <> ALL($2::int[]) ${where}`,
    [UPGRADE_APPLICATION_NAME, ours],
  );
  return rows[0]!.n;
}

async function until(condition: () => Promise<boolean>, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function collect(value: unknown): void {
  if (typeof value === 'string' && value.trim() !== '') personalValues.add(value);
  else if (value && typeof value === 'object') for (const inner of Object.values(value)) collect(inner);
}

beforeAll(async () => {
  db = await createTestDatabase('legacyseal');
  cli.env.DATABASE_URL = db.url;
  await restoreLegacyFixture(db.url);
  const events = await query<{ type: string; data: Record<string, unknown> }>(
    'SELECT event_type AS type, data FROM es_events',
  );
  for (const { type, data } of events) for (const field of PERSONAL[type] ?? []) collect(data[field]);
  const { services, app } = await start();
  const views: Record<string, UserView> = {};
  for (const user of expected.users) {
    views[user.name] = await viewOf(await signIn(app, services.deps.pool, user));
  }
  // The rewrite recomputes every hash it touches, so the log's Merkle root is a new one (the upgrade comes
  // before any digest is published: docs/architecture/log-upgrade.md); everything else is as before.
  const {
    firstProblem: _first,
    root: _root,
    ...verify
  } = await verifyLedger(services.deps.store, services.deps.pool);
  before = { views, verify };
  await stop();
}, 180_000);

afterAll(async () => {
  await stop();
  await db?.drop();
});

describe('privacy:upgrade-log on the legacy fixture', () => {
  it('starts from what that version showed, its personal data in clear', async () => {
    expect(before.views).toEqual(expected.views);
    expect(before.verify.problems).toEqual([]);
    for (const user of expected.users) expect(personalValues).toContain(user.email);
    for (const value of [
      'alice_legacy',
      'robert_legacy',
      'Carol',
      'ada@legacy.example.com',
      'How do I get a card?',
    ]) {
      expect(personalValues).toContain(value);
    }
  });
  it('refuses while another session is connected to the database, changing nothing', async () => {
    const dump = await dumpLog();
    const other = new pg.Client({ connectionString: db.url, application_name: 'sai-api' });
    await other.connect();
    try {
      await expect(upgradeLog({ databaseUrl: db.url, ...keys })).rejects.toThrow(
        /1 other session\(s\) are connected to this database \(pid \d+ "sai-api".*stop the API/,
      );
    } finally {
      await other.end();
    }
    expect(await dumpLog()).toBe(dump);
  });
});

describe('privacy:upgrade-log on the legacy fixture', () => {
  it('goes on where an interrupted run stopped; once finished, a run changes nothing', async () => {
    const interrupted = new Error('interrupted: the process died');
    await expect(
      upgradeLog({
        databaseUrl: db.url,
        ...keys,
        beforeCommit: (_outcome, done) => {
          if (done === 12) throw interrupted;
        },
      }),
    ).rejects.toBe(interrupted);
    // Eleven streams done, the twelfth rolled back; the log, half in each form, still verifies throughout.
    const done = await query<{ n: number }>('SELECT count(*)::int AS n FROM privacy_log_upgrade_streams');
    expect(done[0]!.n).toBe(11);
    expect((await verifyNow()).problems).toEqual([]);
    expect(await dumpLog()).toContain(expected.users[3]!.email);

    // The command an operator runs, killed (SIGKILL) inside a stream's transaction after its writes: a
    // session under the tool's own name (so not refused) holds the progress row that stream will write.
    const target = `user-${expected.users[2]!.id}`;
    const blocker = new pg.Client({ connectionString: db.url, application_name: UPGRADE_APPLICATION_NAME });
    await blocker.connect();
    // Watched from another session: one inside a transaction sees pg_stat_activity as at its first look.
    const watcher = new pg.Client({ connectionString: db.url, application_name: UPGRADE_APPLICATION_NAME });
    await watcher.connect();
    const pid = async (client: pg.Client) =>
      (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    const ours = [await pid(blocker), await pid(watcher)];
    await blocker.query('BEGIN');
    await blocker.query(
      `INSERT INTO privacy_log_upgrade_streams (stream_name, events, rewritten, renamed, run_id)
       SELECT $1, 0, false, false, max(id) FROM privacy_log_upgrade_runs`,
      [target],
    );
    const child = spawn(process.execPath, ['scripts/tool.mjs', 'privacyUpgradeLog'], {
      ...cli,
      stdio: 'ignore',
    });
    const exited = once(child, 'exit');
    try {
      await until(async () => (await toolSessions(watcher, ours, "AND wait_event_type = 'Lock'")) > 0);
      child.kill('SIGKILL');
      await exited;
    } finally {
      child.kill('SIGKILL');
      await blocker.query('ROLLBACK');
    }
    // The killed session's transaction ends with it (rolled back): wait until it is gone.
    await until(async () => (await toolSessions(watcher, ours)) === 0);
    await watcher.end();
    await blocker.end();
    const killed = await query<{ stream_name: string }>(
      'SELECT stream_name FROM privacy_log_upgrade_streams',
    );
    expect(killed.length).toBeGreaterThan(11);
    expect(killed.map((row) => row.stream_name)).not.toContain(target);
    expect((await verifyNow()).problems).toEqual([]);
    const [carol] = await query<{ email: unknown }>(
      `SELECT data->'email' AS email FROM es_events WHERE stream_name = $1 AND event_type = 'UserRegistered'`,
      [target],
    );
    expect(carol!.email).toBe(expected.users[2]!.email);

    // And run again: it finishes.
    const run = spawnSync(process.execPath, ['scripts/tool.mjs', 'privacyUpgradeLog'], {
      ...cli,
      encoding: 'utf8',
      timeout: 240_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('OK: every personal field sealed');
    const report = JSON.parse(run.stdout.slice(0, run.stdout.lastIndexOf('}') + 1));
    expect(report).toMatchObject({
      alreadyFinished: false,
      doneBefore: killed.length,
      streams: afterSignIns.streams - killed.length,
      verified: afterSignIns.verified,
    });
    const streams = await query<{ renamed: number; n: number }>(
      'SELECT count(*) FILTER (WHERE renamed)::int AS renamed, count(*)::int AS n FROM privacy_log_upgrade_streams',
    );
    // Five e-mails and six usernames (bob's old one, released, too).
    expect(streams[0]).toEqual({ renamed: 11, n: afterSignIns.streams });

    const dump = await dumpLog();
    const again = await upgradeLog({ databaseUrl: db.url, ...keys });
    expect(again).toMatchObject({ alreadyFinished: true, verified: afterSignIns.verified });
    expect(await dumpLog()).toBe(dump);
  }, 300_000);
});

describe('privacy:upgrade-log on the legacy fixture', () => {
  it('leaves no personal value in clear in the log, its stream names or the read model of stream names', async () => {
    const dump = await dumpLog();
    const found = [...personalValues].filter((value) =>
      // Short values only as whole JSON strings: a few letters occur by chance in ciphertext.
      value.length >= 8 ? dump.includes(value) : dump.includes(JSON.stringify(value)),
    );
    expect(found).toEqual([]);
    expect(dump).not.toMatch(/user(Email|Name)-(?![0-9a-f]{64}")/);
    const events = await query<{ n: number }>('SELECT count(*)::int AS n FROM es_events');
    expect(events[0]!.n).toBe(expected.tables.es_events! + SIGN_INS);
  });
  it('shows every user the balances and history of before, and ledger:verify agrees as before', async () => {
    const { services, app } = await start();
    // The rewrite recomputes every hash it touches, so the log's Merkle root is a new one (the upgrade comes
    // before any digest is published: docs/architecture/log-upgrade.md); everything else is as before.
    const {
      firstProblem: _first,
      root: _root,
      ...verify
    } = await verifyLedger(services.deps.store, services.deps.pool);
    expect(verify).toEqual(before.verify);
    for (const user of expected.users) {
      const view = await viewOf(await signIn(app, services.deps.pool, user));
      expect({ user: user.name, view }).toEqual({ user: user.name, view: before.views[user.name] });
    }
  });
  it("still refuses a registration with a fixture user's e-mail or username, however typed", async () => {
    const app = createApp(services!.deps);
    const register = (email: string, username: string) =>
      new TestClient(app).post('/api/auth/register', {
        username,
        email,
        password: 'a-new-password-1',
        confirmPassword: 'a-new-password-1',
        firstName: 'New',
        lastName: 'Person',
        isAdmin: false,
        profileImageUrl: '',
        bio: '',
        termsAgreed: true,
      });
    const email = await register(` ${expected.users[0]!.email.toUpperCase()} `, 'someone_new');
    expect({ status: email.status, detail: email.body.detail }).toEqual({
      status: 409,
      detail: 'Email already registered',
    });
    const username = await register('someone.new@example.com', 'Robert_Legacy');
    expect({ status: username.status, detail: username.body.detail }).toEqual({
      status: 409,
      detail: 'Username already taken',
    });
  });
});
