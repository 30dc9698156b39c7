import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postingsOf } from '../../domain/ledger/postings.ts';
import { hexOf } from '../../domain/verifiable/bytes.ts';
import {
  EMPTY_ROOT,
  eventLeaf,
  naiveRoot,
  verifyConsistency,
  verifyInclusion,
  webCryptoSha256,
} from '../../domain/verifiable/merkle.ts';
import type { NewEvent, RecordedEvent } from '../../infra/eventStore/eventStore.ts';
import { PostgresEventStore } from '../../infra/eventStore/postgresEventStore.ts';
import {
  adminRegistered,
  distributionMint,
  readWholeLog,
  TEST_ADMIN_ID,
  until,
} from '../../testing/projections.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/testDb.ts';
import { LedgerTreeFollower } from './follower.ts';
import {
  consistencyProof,
  inclusionProof,
  leavesOfEvents,
  liabilitySnapshot,
  rootAt,
  treeHead,
  waitForTreeSize,
} from './ledgerTree.queries.ts';

const logger = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const meta = () => ({ actorId: null, correlationId: randomUUID(), causationId: null });
const tick = (): NewEvent => ({
  id: randomUUID(),
  type: 'Tick',
  data: { n: Math.random() },
  metadata: meta(),
});
const minted = distributionMint;

/** The tree of a log as its definition gives it: every event's leaf in log order, RFC 9162's root. */
function leavesOf(log: readonly RecordedEvent[]): Uint8Array[] {
  return log.map((event, i) => eventLeaf(BigInt(i), event.metadata.hash));
}

async function treeRows(db: TestDatabase) {
  const [leaves, streams, balances, state] = await Promise.all([
    db.pool.query<{
      idx: string;
      event_id: string;
      stream_name: string;
      revision: string;
      event_hash: string;
    }>(
      'SELECT idx::text, event_id::text, stream_name, revision::text, event_hash FROM ledger_tree_leaves l ORDER BY l.idx',
    ),
    db.pool.query('SELECT stream_name, revision::text, hash FROM ledger_tree_streams ORDER BY stream_name'),
    db.pool.query('SELECT account, asset, units::text FROM ledger_tree_balances ORDER BY account, asset'),
    db.pool.query<{ size: string; mismatches: string }>(
      'SELECT size::text, mismatches::text FROM ledger_tree_state',
    ),
  ]);
  return { leaves: leaves.rows, streams: streams.rows, balances: balances.rows, state: state.rows[0]! };
}

/** Everything the tree tables must say about `log`, computed from the log alone. */
async function expectTreeOf(db: TestDatabase, log: readonly RecordedEvent[]) {
  const rows = await treeRows(db);
  expect(rows.state).toEqual({ size: String(log.length), mismatches: '0' });
  expect(rows.leaves.map((row) => row.event_id)).toEqual(log.map((event) => event.id));
  expect(rows.leaves.map((row) => row.idx)).toEqual(log.map((_, i) => String(i)));
  const heads = new Map<string, RecordedEvent>();
  const balances = new Map<string, bigint>();
  for (const event of log) {
    heads.set(event.streamName, event);
    for (const p of postingsOf(event)) {
      balances.set(`${p.from}|${p.asset}`, (balances.get(`${p.from}|${p.asset}`) ?? 0n) - p.units);
      balances.set(`${p.to}|${p.asset}`, (balances.get(`${p.to}|${p.asset}`) ?? 0n) + p.units);
    }
  }
  expect(rows.streams).toEqual(
    [...heads.values()]
      .sort((a, b) => (a.streamName < b.streamName ? -1 : 1))
      .map((e) => ({ stream_name: e.streamName, revision: String(e.revision), hash: e.metadata.hash })),
  );
  expect(rows.balances).toEqual(
    [...balances]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, units]) => ({
        account: key.split('|')[0],
        asset: key.split('|')[1],
        units: String(units),
      })),
  );
  const leaves = leavesOf(log);
  const head = await treeHead(db.pool);
  expect(head.size).toBe(BigInt(log.length));
  expect(hexOf(head.root)).toBe(hexOf(naiveRoot(leaves)));
  // Any earlier size's root, proofs of inclusion and consistency, from the stored nodes.
  for (const size of [1, 2, 3, 7, 8, 9, Math.floor(log.length / 2), log.length - 1, log.length]) {
    if (size < 1 || size > log.length) continue;
    const root = naiveRoot(leaves.slice(0, size));
    expect(hexOf(await rootAt(db.pool, BigInt(size)))).toBe(hexOf(root));
    for (const index of [0, size - 1, Math.floor(size / 3)]) {
      const proof = await inclusionProof(db.pool, BigInt(index), BigInt(size));
      expect(
        await verifyInclusion(webCryptoSha256, BigInt(index), BigInt(size), leaves[index]!, proof, root),
      ).toBe(true);
    }
    const proof = await consistencyProof(db.pool, BigInt(size), BigInt(log.length));
    expect(
      await verifyConsistency(webCryptoSha256, BigInt(size), BigInt(log.length), root, head.root, proof),
    ).toBe(true);
  }
  const some = [log[0]!, log[log.length - 1]!];
  const where = await leavesOfEvents(db.pool, [...some.map((e) => e.id), randomUUID(), 'not-a-uuid']);
  expect([...where.keys()]).toEqual(expect.arrayContaining(some.map((e) => e.id)));
  expect(where.size).toBe(2);
  expect(where.get(log[log.length - 1]!.id)?.index).toBe(BigInt(log.length - 1));
}

describe('ledger tree follower', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  /** Appends to `slow-` streams commit late: held open for a while after their insert. */
  beforeAll(async () => {
    db = await createTestDatabase('tree');
    store = new PostgresEventStore(db.pool, db.url, {
      beforeCommit: async () => {
        await sleep(Math.random() * 40);
      },
      holds: (stream) => stream.startsWith('slow-') || stream.startsWith('account-slow'),
    });
    await store.init();
    // The admin whose distributions the mints below are.
    await store.append(`user-${TEST_ADMIN_ID}`, [adminRegistered()], { expectedRevision: 'no_stream' });
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  const follower = (options: Partial<ConstructorParameters<typeof LedgerTreeFollower>[0]> = {}) =>
    new LedgerTreeFollower({ pool: db.pool, databaseUrl: db.url, store, logger, batchSize: 7, ...options });

  it('builds the tree of the log in log order under concurrent writers with late commits, across a restart and a failed batch', {
    timeout: 120_000,
  }, async () => {
    expect(hexOf((await treeHead(db.pool).catch(() => ({ root: EMPTY_ROOT }))).root)).toBe(hexOf(EMPTY_ROOT));
    let batches = 0;
    const first = follower({
      // Two batches roll back after writing everything: the follower must reload, not go on from memory.
      beforeCommit: async () => {
        batches++;
        if (batches === 3 || batches === 6) throw new Error('injected failure before commit');
      },
      maxBackoffMs: 50,
    });
    await first.start();
    const writers = (n: number, rounds: number) =>
      Promise.all(
        Array.from({ length: n }, async (_, w) => {
          for (let round = 0; round < rounds; round++) {
            const pace = w % 3 === 0 ? 'slow' : 'fast';
            // A mint on its receiver's account stream (as the continuous verifier expects it), ticks elsewhere.
            if (round % 5 === 0)
              await store.append(`account-${pace}${w}`, [minted(`${pace}${w}`, `${round + 1}.25`)], {
                expectedRevision: 'any',
              });
            else
              await store.append(`${pace}-${w}-${round % 4}`, [tick(), tick()].slice(0, 1 + (round % 2)), {
                expectedRevision: 'any',
              });
          }
        }),
      );
    await writers(8, 20);
    await until(async () => (await treeHead(db.pool)).size > 40n);
    // Stopped between batches while the writers go on; a second follower carries on from the tables.
    await Promise.all([writers(8, 20), first.stop()]);
    const second = follower();
    await second.start();
    await writers(4, 10);
    const log = await readWholeLog(store);
    expect(await waitForTreeSize(db.pool, BigInt(log.length), 60_000)).toBe(true);
    expect(batches).toBeGreaterThan(6);
    await second.stop();
    await expectTreeOf(db, log);
    const snapshot = await liabilitySnapshot(db.pool);
    expect(snapshot.size).toBe(BigInt(log.length));
    expect(hexOf(snapshot.root)).toBe(hexOf(naiveRoot(leavesOf(log))));
    expect(snapshot.balances.every((b) => b.account.startsWith('user:') && b.units > 0n)).toBe(true);
    expect(snapshot.balances.length).toBe(8);
  });

  it('keeps one leader across followers: two running side by side build the same tree once', {
    timeout: 60_000,
  }, async () => {
    const a = follower({ standbyPollMs: 20 });
    const b = follower({ standbyPollMs: 20 });
    await Promise.all([a.start(), b.start()]);
    for (let i = 0; i < 30; i++)
      await store.append(`fast-pair-${i % 3}`, [tick()], { expectedRevision: 'any' });
    await a.stop();
    for (let i = 0; i < 30; i++)
      await store.append(`slow-pair-${i % 3}`, [tick()], { expectedRevision: 'any' });
    const log = await readWholeLog(store);
    expect(await waitForTreeSize(db.pool, BigInt(log.length), 30_000)).toBe(true);
    await b.stop();
    await expectTreeOf(db, log);
    expect(await waitForTreeSize(db.pool, BigInt(log.length + 1), 50)).toBe(false);
  });

  it('carries on under a standby when the leader dies mid-load (its lock session killed): the same tree', {
    timeout: 60_000,
  }, async () => {
    const a = follower({ standbyPollMs: 20, maxBackoffMs: 50 });
    const b = follower({ standbyPollMs: 20, maxBackoffMs: 50 });
    await a.start();
    await b.start();
    const writing = (async () => {
      for (let i = 0; i < 60; i++)
        await store.append(`${i % 2 ? 'slow' : 'fast'}-kill-${i % 5}`, [tick()], { expectedRevision: 'any' });
    })();
    // As a crash looks to Postgres: the leader's session ends, its advisory lock with it, between or during
    // its batches; whichever follower takes the lead goes on from the tables.
    let killed = 0;
    for (let kill = 0; kill < 3; kill++) {
      await sleep(60);
      const { rows } = await db.pool.query<{ n: number }>(
        `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS n FROM pg_locks
          WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid()
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      );
      killed += rows[0]!.n;
    }
    expect(killed).toBeGreaterThan(0);
    await writing;
    const log = await readWholeLog(store);
    expect(await waitForTreeSize(db.pool, BigInt(log.length), 30_000)).toBe(true);
    await Promise.all([a.stop(), b.stop()]);
    await expectTreeOf(db, log);
  });
});
