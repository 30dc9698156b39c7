import { readdirSync } from 'node:fs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.ts';
import { verifyLedger } from '../../app/audit/verifyLedger.ts';
import { signDigest } from '../../app/ledgerProofs/digests.ts';
import { replayLogTree } from '../../app/ledgerProofs/logReplay.ts';
import { formatUnits, scaledUnits } from '../../domain/shared/money.ts';
import type { LedgerDigest } from '../../domain/verifiable/formats.ts';
import { MIGRATIONS_TABLE, migrateDatabase, migrationsDir } from '../../infra/postgres/migrate.ts';
import { allProjections } from '../../projections/index.ts';
import { rebuildProjections } from '../../projections/rebuild.ts';
import { type Services, startServices } from '../../runtime/services.ts';
import type { TestClient } from '../testApp.ts';
import { testConfig } from '../testConfig.ts';
import { createTestDatabase, type TestDatabase } from '../testDb.ts';
import { legacyExpected, restoreLegacyFixture } from './legacyFixture.ts';
import { legacySignIn, viewOf } from './legacyViews.ts';

/**
 * A database written by main as of the fixture's commit, upgraded in place by today's code: the
 * migrations adopt it, the projections catch up on it, and every user sees what that version showed them
 * (balances, histories), with `ledger:verify` agreeing on every chain and balance.
 */
const expected = legacyExpected();
const allMigrations = readdirSync(migrationsDir())
  .filter((file) => file.endsWith('.sql'))
  .map((file) => file.replace(/\.sql$/, ''))
  .sort();
let db: TestDatabase;
let services: Services;
let app: ReturnType<typeof createApp>;
let migrationMs = 0;
/** A digest of the upgraded log, signed before the new commands of the last test. */
let digest: LedgerDigest;

const signInAs = legacySignIn(expected);
const signIn = (user: (typeof expected.users)[number]) => signInAs(app, db.pool, user);

describe(`the legacy fixture (main at ${expected.commit}) upgraded in place`, () => {
  beforeAll(async () => {
    db = await createTestDatabase('legacy');
    await restoreLegacyFixture(db.url);
    const started = performance.now();
    // Every migration runs on it, the first adopting the tables it finds.
    expect(await migrateDatabase({ databaseUrl: db.url })).toEqual(allMigrations);
    migrationMs = performance.now() - started;
    const config = testConfig(db.url, { SESSION_SECRET: expected.sessionSecret, LOG_LEVEL: 'warn' });
    services = await startServices(config, pino({ level: 'silent' }), { databaseUrl: db.url });
    app = createApp(services.deps);
    const head = await services.deps.store.headPosition();
    expect(await services.deps.runner.waitFor(head!, services.deps.runner.names, 30_000)).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await services?.stop();
    await db?.drop();
  });

  it('is adopted by the first migration, keeping every event and secret', async () => {
    console.log(`migrations on the legacy fixture: ${migrationMs.toFixed(0)} ms`);
    const { rows } = await db.pool.query(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY id`);
    expect(rows.map((row) => row.name)).toEqual(allMigrations);
    // Its read models were built before versions existed (version 1); those whose projection has a newer
    // version today were rebuilt to it before serving, so every read model is at this code's version.
    const versions = await db.pool.query<{ name: string; version: number }>(
      'SELECT name, version FROM projection_versions ORDER BY name',
    );
    const readModels = allProjections.filter((projection) => projection.tables.length > 0);
    const built = new Map(versions.rows.map((row) => [row.name, row.version]));
    expect(
      Object.fromEntries(readModels.map((projection) => [projection.name, built.get(projection.name)])),
    ).toEqual(Object.fromEntries(readModels.map((projection) => [projection.name, projection.version])));
    for (const table of ['es_events', 'es_streams', 'credentials', 'totp_secrets', 'card_pins']) {
      const count = await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
      expect({ table, n: count.rows[0]!.n }).toEqual({ table, n: expected.tables[table] });
    }
    const types = await db.pool.query<{ event_type: string; n: number }>(
      'SELECT event_type, count(*)::int AS n FROM es_events GROUP BY 1 ORDER BY 1',
    );
    expect(Object.fromEntries(types.rows.map((row) => [row.event_type, row.n]))).toEqual(expected.eventTypes);
  });

  it('verifies every hash chain and balance as that version did', async () => {
    const report = await verifyLedger(services.deps.store, services.deps.pool);
    expect(report.problems).toEqual([]);
    expect({
      events: report.events,
      streams: report.streams,
      postings: report.postings,
      accounts: report.accounts,
    }).toEqual(expected.ledgerVerify);
  });

  it('gets its Merkle tree from its log: a digest signed now verifies against it (docs/ledger.md invariant 8)', async () => {
    const tree = await replayLogTree(services.deps.store);
    expect(tree.size).toBe(BigInt(expected.ledgerVerify.events));
    digest = signDigest(
      services.deps.ledgerProofs.signer,
      { treeSize: tree.size, root: tree.root(), time: new Date() },
      tree.blocks(),
    );
    const report = await verifyLedger(services.deps.store, services.deps.pool, {
      digest: { digest, publicKey: services.deps.ledgerProofs.signer.publicKey },
    });
    expect(report.problems).toEqual([]);
    expect(report.digest).toMatchObject({ extends: true, treeSize: String(expected.ledgerVerify.events) });
  });

  it('shows every user the balances and history that version showed', async () => {
    for (const user of expected.users) {
      const client = await signIn(user);
      expect({ user: user.name, view: await viewOf(client) }).toEqual({
        user: user.name,
        view: expected.views[user.name],
      });
    }
  });

  it("rebuilds the same read models from that log with today's projections, and takes new commands", async () => {
    await rebuildProjections({
      databaseUrl: db.url,
      pool: services.deps.pool,
      store: services.deps.store,
      projections: allProjections,
      fresh: true,
    });
    const clients = new Map<string, TestClient>();
    for (const user of expected.users) {
      const client = await signIn(user);
      clients.set(user.name, client);
      expect({ user: user.name, view: await viewOf(client) }).toEqual({
        user: user.name,
        view: expected.views[user.name],
      });
    }
    const [alice, , carol] = expected.users;
    const sent = await clients
      .get('alice')!
      .post('/api/transactions', { type: 'transfer', amount: '1.25', receiver_id: carol!.id });
    expect(sent.status).toBe(201);
    const head = await services.deps.store.headPosition();
    expect(await services.deps.runner.waitFor(head!, services.deps.runner.names, 15_000)).toBe(true);
    const balance = async (name: string) => (await viewOf(clients.get(name)!)).saiBalance;
    const moved = (before: string, delta: bigint) => formatUnits(scaledUnits(before, 2) + delta, 'SAI');
    expect(await balance('alice')).toBe(moved(expected.views[alice!.name]!.saiBalance, -125n));
    expect(await balance('carol')).toBe(moved(expected.views[carol!.name]!.saiBalance, 125n));
    const report = await verifyLedger(services.deps.store, services.deps.pool, {
      digest: { digest, publicKey: services.deps.ledgerProofs.signer.publicKey },
    });
    expect(report.problems).toEqual([]);
    expect(report.events).toBeGreaterThan(expected.ledgerVerify.events);
    // The log grew past the digest signed before the new commands, and still extends it.
    expect(report.digest?.extends).toBe(true);
  });
});
