import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../app/audit/verifyLedger.ts';
import { postingsOf } from '../domain/ledger/postings.ts';
import type { EventStore } from '../infra/eventStore/eventStore.ts';
import { EVENT_UPCASTERS } from '../infra/eventStore/upcasting.ts';
import { ProjectionRunner } from '../projections/engine/runner.ts';
import { allProjections } from '../projections/index.ts';
import { loadConfig } from '../runtime/config.ts';
import { type Services, startServices } from '../runtime/services.ts';
import { replayLog } from '../testing/ledgerReplay.ts';
import { RUN_PRIVACY_KEYS } from '../testing/privacyKeys.ts';
import { createTestDatabase, type TestDatabase } from '../testing/testDb.ts';

const logger = pino({ level: 'silent' });

/**
 * The log's size: small in `npm test`; by hand, the 100,000-event log (docs/ledger.md, "The
 * seeder"): `SEED_TEST_EVENTS=100000 SEED_TEST_USERS=1000 npx vitest run scripts/seed.int.test.ts`.
 */
const EVENTS = Number(process.env.SEED_TEST_EVENTS ?? 6_000);
const USERS = Number(process.env.SEED_TEST_USERS ?? 25);
/** Every wait and the test's own timeout grow with the log (about a minute per 10,000 events is ample). */
const SCALE = Math.max(1, EVENTS / 6_000);
const TEST_TIMEOUT_MS = 300_000 * SCALE;

/**
 * The log as the postings see it, replayed in order: every account's balance at the end, the lowest any
 * user's balance went (a user overdrawn at any point of the log is a negative), and the events by type.
 */
async function replayed(store: EventStore) {
  const { events } = await replayLog(store);
  const balances = new Map<string, bigint>();
  let lowestUser = 0n;
  const types: Record<string, number> = {};
  for (const event of events) {
    types[event.type] = (types[event.type] ?? 0) + 1;
    for (const posting of postingsOf(EVENT_UPCASTERS.upcast(event))) {
      const from = `${posting.from}|${posting.asset}`;
      const to = `${posting.to}|${posting.asset}`;
      const after = (balances.get(from) ?? 0n) - posting.units;
      balances.set(from, after);
      balances.set(to, (balances.get(to) ?? 0n) + posting.units);
      if (posting.from.startsWith('user:') && after < lowestUser) lowestUser = after;
    }
  }
  return { events: events.length, types, balances: Object.fromEntries(balances), lowestUser };
}

async function caughtUp(services: Services, names: readonly string[]) {
  const head = await services.deps.store.headPosition();
  expect(await services.deps.runner.waitFor(head!, names, 60_000 * SCALE)).toBe(true);
}

describe('npm run seed', () => {
  let db: TestDatabase;
  afterAll(async () => {
    await db?.drop();
  });

  it('fills a log through the commands that the follow-up worker leaves as it is', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    db = await createTestDatabase('seed');
    const seeded = spawnSync(
      process.execPath,
      ['scripts/tool.mjs', 'seed', '--users', String(USERS), '--events', String(EVENTS), '--batch', '400'],
      {
        cwd: path.resolve(import.meta.dirname, '..'),
        env: {
          ...process.env,
          ...RUN_PRIVACY_KEYS,
          DATABASE_URL: db.url,
          SESSION_SECRET: 'x'.repeat(40),
          LOG_LEVEL: 'silent',
        },
        encoding: 'utf8',
        timeout: 180_000 * SCALE,
      },
    );
    expect(seeded.status, seeded.stderr).toBe(0);
    expect(seeded.stdout).toMatch(/Seeded [\d,]+ users and [\d,]+ ledger events/);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      SESSION_SECRET: 'x'.repeat(40),
      RATE_LIMITS: 'off',
      ...RUN_PRIVACY_KEYS,
    });

    // Before any worker: the read models alone (no follow-ups) build, and ledger:verify passes.
    const quiet = await startServices(config, logger, { databaseUrl: db.url, runProjections: false });
    let before: Awaited<ReturnType<typeof replayed>>;
    try {
      const readModels = new ProjectionRunner({
        pool: quiet.deps.pool,
        databaseUrl: db.url,
        store: quiet.deps.store,
        projections: allProjections,
        logger,
      });
      await readModels.start();
      try {
        const head = await quiet.deps.store.headPosition();
        expect(await readModels.waitFor(head!, readModels.names, 60_000 * SCALE)).toBe(true);
        // The seeder's users are made by a tool, not by a person claiming an address: verified.
        const unverified = await quiet.deps.pool.query('SELECT id FROM users WHERE NOT email_verified');
        expect(unverified.rows).toEqual([]);
      } finally {
        await readModels.stop();
      }
      expect((await verifyLedger(quiet.deps.store, quiet.deps.pool)).problems).toEqual([]);
      before = await replayed(quiet.deps.store);
    } finally {
      await quiet.stop();
    }
    expect(before.types.UserRegistered).toBe(USERS + 1);
    expect(before.types.TokensTransferred).toBeGreaterThan(EVENTS / 4);
    expect(before.types.TransferReceived).toBe(before.types.TokensTransferred);
    expect(before.types.PaymentApproved).toBeGreaterThan(USERS / 2);
    expect(before.lowestUser).toBe(0n);

    // The app's own runner, follow-up worker included, from the log's start: it catches up, its debits'
    // grace runs out and it sweeps them (ledger_follow_ups_due empties), and it has written nothing.
    const services = await startServices(config, logger, { databaseUrl: db.url });
    try {
      expect(services.deps.runner.names).toContain('ledgerFollowUps');
      await caughtUp(services, services.deps.runner.names);
      const deadline = Date.now() + 30_000 * SCALE;
      for (;;) {
        const due = await services.deps.pool.query('SELECT 1 FROM ledger_follow_ups_due LIMIT 1');
        if (due.rowCount === 0 || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      // One more sweep's time, then whatever it wrote is projected too.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await caughtUp(services, services.deps.runner.names);
      const due = await services.deps.pool.query('SELECT 1 FROM ledger_follow_ups_due');
      expect(due.rowCount).toBe(0);
      const after = await replayed(services.deps.store);
      expect(after.types.TokensMinted).toBe(before.types.TokensMinted);
      expect(after.types.TransferReceived).toBe(before.types.TransferReceived);
      expect(after.types).toEqual(before.types);
      expect(after.events).toBe(before.events);
      expect(after.balances).toEqual(before.balances);
      expect(after.lowestUser).toBe(0n);
      expect((await verifyLedger(services.deps.store, services.deps.pool)).problems).toEqual([]);
      const negative = await services.deps.pool.query(
        `SELECT 1 FROM account_history WHERE account_id LIKE 'user:%' AND balance_after < 0`,
      );
      expect(negative.rowCount).toBe(0);
    } finally {
      await services.stop();
    }
  });
});
