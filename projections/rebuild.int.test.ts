import { spawn } from 'node:child_process';
import path from 'node:path';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPool, withTransaction } from '../infra/postgres/pool.ts';
import { rebuildElsewhere, snapshotTables } from '../testing/projections.ts';
import { setUpAdminClient, setUpTestApp, signedUpClient } from '../testing/testApp.ts';
import { createTestDatabase } from '../testing/testDb.ts';
import { toolEnv } from '../testing/toolEnv.ts';
import { allProjections } from './index.ts';
import type { Projection } from './projection.ts';
import { letAutovacuumGiveWay, rebuildProjection } from './rebuild.ts';
import { insertRows } from './sql.ts';

const rebuildable = allProjections.filter((p) => p.tables.length > 0);
const tables = rebuildable.flatMap((p) => p.tables);

const t = setUpTestApp();

const admin = setUpAdminClient(t, 'rebuild-admin@example.com');

/** A rebuild's database, pool and log: the test app's. */
const ofTheApp = () => ({ databaseUrl: t.db.url, pool: t.db.pool, store: t.deps.store });

let users: Awaited<ReturnType<typeof signedUpClient>>[];

/** Each notification of the log before the rebuilds, and whether its user had read it. */
let readBefore: { id: string; is_read: boolean }[];

beforeAll(async () => {
  users = [];
  for (let i = 0; i < 4; i++) users.push(await signedUpClient(t));
  for (const u of users)
    await admin.post('/api/transactions', {
      type: 'admin_deposit',
      receiver_id: u.user.id,
      amount: '500.00',
    });
  for (let i = 0; i < 60; i++) {
    const from = users[i % 4]!;
    const to = users[(i + 1) % 4]!;
    await from.client.post('/api/transactions', {
      type: 'transfer',
      amount: '1.25',
      receiver_id: to.user.id,
      description: `t${i}`,
    });
  }
  await users[0]!.client.post('/api/cards', {});
  // Notifications read one by one and all at once, then new ones: the rebuild must mark the same ones
  // read (its notifications table fills without its key).
  await t.settle();
  const listed = await users[1]!.client.get('/api/notifications?limit=5');
  expect(listed.body.length).toBeGreaterThan(2);
  for (const notice of listed.body.slice(1, 3))
    expect((await users[1]!.client.patch(`/api/notifications/${notice.id}/read`, {})).status).toBe(200);
  expect((await users[2]!.client.patch('/api/notifications/mark-all-read', {})).status).toBe(200);
  for (const from of [users[0]!, users[1]!])
    await from.client.post('/api/transactions', {
      type: 'transfer',
      amount: '0.50',
      receiver_id: users[2]!.user.id,
    });
  await t.settle();
  const { rows: notices } = await t.db.pool.query<{ id: string; is_read: boolean }>(
    'SELECT id, is_read FROM notifications ORDER BY id',
  );
  readBefore = notices;
  expect(notices.filter((n) => n.is_read).length).toBeGreaterThan(2);
  expect(notices.filter((n) => !n.is_read).length).toBeGreaterThan(2);
});

/** Every index the projections' schemas define is on the live tables (deferred ones included). */
async function expectEveryIndex() {
  const { rows } = await t.db.pool.query<{ indexname: string }>(
    `SELECT indexname FROM pg_indexes WHERE schemaname = 'public'`,
  );
  const live = new Set(rows.map((r) => r.indexname));
  const defined = rebuildable.flatMap((p) =>
    [...p.schema.matchAll(/CREATE (?:UNIQUE )?INDEX IF NOT EXISTS (\w+)/g)].map((m) => m[1]!),
  );
  expect(defined).toEqual(expect.arrayContaining(rebuildable.flatMap((p) => p.deferredIndexes ?? [])));
  expect(defined.filter((name) => !live.has(name))).toEqual([]);
  // And every table has its primary key, those the build went without (deferredKeys) included.
  const { rows: keys } = await t.db.pool.query<{ table: string }>(
    `SELECT conrelid::regclass::text AS table FROM pg_constraint
       WHERE contype = 'p' AND connamespace = 'public'::regnamespace`,
  );
  const keyed = new Set(keys.map((k) => k.table));
  expect(rebuildable.flatMap((p) => p.deferredKeys ?? [])).toContain('ledger_postings');
  expect(tables.filter((table) => !keyed.has(table))).toEqual([]);
  // Autovacuum, held off the shadow tables while they filled, is back on every live table.
  expect(await reloptionsIn('public')).toEqual([]);
}

/** The tables of a schema that carry storage options, with them. */
async function reloptionsIn(schema: string) {
  const { rows } = await t.db.pool.query<{ relname: string; reloptions: string[] }>(
    `SELECT relname, reloptions FROM pg_class
       WHERE relnamespace = to_regnamespace($1) AND relkind = 'r' AND reloptions IS NOT NULL ORDER BY relname`,
    [schema],
  );
  return rows;
}

async function freshRebuild() {
  const spare = await createTestDatabase('fresh');
  try {
    return await rebuildElsewhere(spare, t.deps.store, rebuildable);
  } finally {
    await spare.drop();
  }
}

describe('projections:rebuild (blue-green)', () => {
  it('rebuilds every read model while transfers keep coming and the API keeps answering; the result equals a fresh rebuild', async () => {
    let stop = false;
    const failures: string[] = [];
    const traffic = (async () => {
      let i = 0;
      while (!stop) {
        const from = users[i % 4]!;
        const r = await from.client.post('/api/transactions', {
          type: 'transfer',
          amount: '0.10',
          receiver_id: users[(i + 2) % 4]!.user.id,
        });
        if (r.status !== 201) failures.push(`transfer ${r.status}`);
        const me = await from.client.get('/api/transactions?limit=5');
        if (me.status !== 200) failures.push(`history ${me.status}`);
        i++;
      }
    })();
    const shadowOptions: Promise<unknown>[] = [];
    try {
      for (const projection of rebuildable) {
        const result = await rebuildProjection({
          ...ofTheApp(),
          projection,
          batchSize: 50,
          onProgress: (progress) => {
            // Filled, not yet switched: autovacuum is held off the shadow tables (rebuild.ts, holdAutovacuum).
            if (progress.phase === 'indexing' && projection.name === 'ledger')
              shadowOptions.push(reloptionsIn('rebuild_ledger'));
          },
        });
        expect(result.retiredSchema).toMatch(/^retired_/);
      }
    } finally {
      // Also when a rebuild failed: traffic left running would make the next tests' snapshots race it.
      stop = true;
      await traffic;
    }
    expect(failures).toEqual([]);
    expect(shadowOptions).toHaveLength(1);
    const heldOff = (await shadowOptions[0]) as { relname: string; reloptions: string[] }[];
    expect(heldOff.map((row) => row.relname).sort()).toEqual(
      [...rebuildable.find((p) => p.name === 'ledger')!.tables].sort(),
    );
    // (The TOAST table's option is kept on the TOAST table itself.)
    for (const row of heldOff) expect(row.reloptions).toEqual(['autovacuum_enabled=false']);
    await t.settle();
    const live = await snapshotTables(t.db.pool, tables);
    const fresh = await freshRebuild();
    for (const table of tables) expect(live[table], table).toEqual(fresh[table]);
    // …and the rebuilt notifications are read exactly where the live worker had marked them.
    const { rows: readAfter } = await t.db.pool.query<{ id: string; is_read: boolean }>(
      'SELECT id, is_read FROM notifications WHERE id = ANY($1) ORDER BY id',
      [readBefore.map((n) => n.id)],
    );
    expect(readAfter).toEqual(readBefore);
    await expectEveryIndex();
    // The live workers carried on from the switched checkpoints: new commands still show up.
    const r = await users[1]!.client.post('/api/transactions', {
      type: 'transfer',
      amount: '0.05',
      receiver_id: users[3]!.user.id,
      description: 'after',
    });
    expect(r.status).toBe(201);
    await t.settle();
    const history = await users[3]!.client.get('/api/transactions?limit=1');
    expect(history.body.transactions[0].description).toBe('after');
  }, 180_000);
});

describe('projections:rebuild (blue-green)', () => {
  it('tries the switch again when it deadlocks with a reader that holds one table and waits for another', async () => {
    const ledger = rebuildable.find((p) => p.name === 'ledger')!;
    expect(ledger.tables.indexOf('ledger_transactions')).toBeGreaterThan(
      ledger.tables.indexOf('ledger_postings'),
    );
    // A reader in the order a join of the history takes its tables: the transactions first, then the journal.
    const reader = await t.db.pool.connect();
    let readerFailed: unknown;
    try {
      await reader.query('BEGIN');
      await reader.query('SELECT count(*) FROM ledger_transactions');
      let deadlocked: Promise<unknown> | undefined;
      const rebuilt = rebuildProjection({
        ...ofTheApp(),
        projection: ledger,
        onProgress: (progress) => {
          if (progress.phase !== 'switching' || deadlocked) return;
          deadlocked = (async () => {
            // The switch holds the journal and waits for the transactions the reader holds…
            await switchWaiting(null);
            // …and the reader now asks for the journal: a deadlock, which Postgres breaks by cancelling the switch
            // (or, closed after the switch's check, the switch's lock_timeout ends), never the reader.
            await reader.query('SELECT count(*) FROM ledger_postings');
            await reader.query('COMMIT');
          })().catch((error: unknown) => {
            readerFailed = error;
          });
        },
      });
      const result = await rebuilt;
      await deadlocked;
      expect(readerFailed).toBeUndefined();
      // Without the retry the rebuild rejects here with "deadlock detected".
      expect(result.retiredSchema).toMatch(/^retired_ledger_/);
    } finally {
      reader.release(readerFailed instanceof Error ? readerFailed : undefined);
    }
    await t.settle();
    const live = await snapshotTables(t.db.pool, ledger.tables);
    const fresh = await freshRebuild();
    for (const table of ledger.tables) expect(live[table], table).toEqual(fresh[table]);
  }, 60_000);

  it('gives a table a long reader holds up after a short wait, and tries again until the reader is done', async () => {
    const ledger = rebuildable.find((p) => p.name === 'ledger')!;
    const reader = await t.db.pool.connect();
    let watched: Promise<void> | undefined;
    try {
      await reader.query('BEGIN');
      await reader.query('SELECT count(*) FROM ledger_transactions');
      const rebuilt = rebuildProjection({
        ...ofTheApp(),
        projection: ledger,
        onProgress: (progress) => {
          if (progress.phase !== 'switching' || watched) return;
          // The switch waits for the table, lets it go (its tables unlocked, the readers behind it served),
          // and waits again in a new transaction, while the reader still holds it; then the reader finishes.
          watched = (async () => {
            const first = await switchWaiting(null);
            await switchWaiting(first);
            await reader.query('COMMIT');
          })();
        },
      });
      const result = await rebuilt;
      await watched;
      expect(result.retiredSchema).toMatch(/^retired_ledger_/);
    } finally {
      reader.release();
    }
  }, 60_000);
});

describe('projections:rebuild (blue-green)', () => {
  it('checks a deferred key as it adds it back: a build that wrote a row twice fails before its switch', async () => {
    // A faulty projection: one row per transfer keyed by its stream, which repeats.
    const faulty: Projection = {
      name: 'faultyKeys',
      version: 1,
      tables: ['faulty_rows'],
      schema: 'CREATE TABLE IF NOT EXISTS faulty_rows (stream text PRIMARY KEY)',
      handlers: {
        async TokensTransferred(event, tx) {
          await faulty.applyBatch!([event], tx);
        },
      },
      async applyBatch(events, tx) {
        await insertRows(
          tx,
          'faulty_rows',
          [['stream', 'text']],
          events.map((event) => [event.streamName]),
        );
      },
      deferredKeys: ['faulty_rows'],
    };
    try {
      await expect(
        rebuildProjection({
          ...ofTheApp(),
          projection: faulty,
          batchSize: 1_000,
        }),
      ).rejects.toThrow(/could not create unique index "faulty_rows_pkey"/);
      // Nothing went live.
      const { rows } = await t.db.pool.query(`SELECT to_regclass('public.faulty_rows') AS live`);
      expect(rows[0].live).toBeNull();
    } finally {
      await t.db.pool.query('DROP SCHEMA IF EXISTS rebuild_faultykeys CASCADE');
    }
  }, 60_000);
});

describe('projections:rebuild (blue-green)', () => {
  it('resumes a rebuild that was killed half-way, and ends equal to a fresh rebuild', async () => {
    const script = (env: Record<string, string>) =>
      spawn(
        process.execPath,
        ['scripts/tool.mjs', 'rebuildProjections', '--projection', 'ledger', '--batch-size', '5'],
        {
          cwd: path.resolve(import.meta.dirname, '..'),
          env: toolEnv(t.db.url, env),
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
    // Through Node, so that it is killed between batches (the bulk pass computes the ledger in a few SQL
    // steps and moves its checkpoint only after the last); the second run resumes it there, through Node too.
    const first = script({ REBUILD_THROTTLE_MS: '100', REBUILD_BULK: 'off' });
    let output = '';
    first.stderr.on('data', (d) => {
      output += String(d);
    });
    const deadline = Date.now() + 60_000;
    while (!/\[ledger\] \S+ +\d+% {2}[1-9][\d,]* events/.test(output) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    first.kill('SIGKILL');
    await new Promise((resolve) => first.on('exit', resolve));
    const { rows } = await t.db.pool.query(
      `SELECT position_prepare FROM rebuild_ledger.projection_checkpoints WHERE name = 'ledger' AND position_prepare IS NOT NULL`,
    );
    expect(rows).toHaveLength(1);

    const second = script({});
    let out = '';
    second.stdout.on('data', (d) => {
      out += String(d);
    });
    const code = await new Promise((resolve) => second.on('exit', resolve));
    expect(code, out).toBe(0);
    expect(out).toMatch(/ledger: rebuilt \d+ events/);
    const gone = await t.db.pool.query(`SELECT 1 FROM pg_namespace WHERE nspname = 'rebuild_ledger'`);
    expect(gone.rowCount).toBe(0);
    await t.settle();
    const live = await snapshotTables(t.db.pool, tables);
    const fresh = await freshRebuild();
    for (const table of tables) expect(live[table], table).toEqual(fresh[table]);
    await expectEveryIndex();
  }, 180_000);
  it('resumes a bulk pass stopped after it emptied the tables and set their keys aside', async () => {
    const ledger = rebuildable.find((p) => p.name === 'ledger')!;
    expect(ledger.bulkSql).toBeDefined();
    // The same projection, with its journal's part failing: the pass has emptied the shadow tables and
    // dropped their keys (kept in rebuild_deferred_keys) in a step it committed, as when it is killed there.
    const failing: Projection = {
      ...ledger,
      bulkSql: {
        ...ledger.bulkSql!,
        parts: ledger.bulkSql!.parts.map((part) =>
          part.tables.includes('ledger_postings') ? { ...part, sql: 'SELECT 1 / 0' } : part,
        ),
      },
    };
    const options = { ...ofTheApp(), fresh: true };
    await expect(rebuildProjection({ ...options, projection: failing })).rejects.toThrow(/division by zero/);
    const { rows: kept } = await t.db.pool.query<{ table_name: string }>(
      'SELECT table_name FROM rebuild_ledger.rebuild_deferred_keys ORDER BY table_name',
    );
    expect(kept.map((k) => k.table_name)).toContain('ledger_postings');
    const { rows: keyed } = await t.db.pool.query(
      `SELECT 1 FROM pg_constraint WHERE conrelid = 'rebuild_ledger.ledger_postings'::regclass AND contype = 'p'`,
    );
    expect(keyed).toEqual([]);

    // Run again, not fresh: it takes up the build where it stopped and goes live.
    const resumed = await rebuildProjection({ ...options, fresh: false, projection: ledger });
    expect(resumed.processed).toBeGreaterThan(0);
    await t.settle();
    const live = await snapshotTables(t.db.pool, ledger.tables);
    const fresh = await freshRebuild();
    for (const table of ledger.tables) expect(live[table], table).toEqual(fresh[table]);
    await expectEveryIndex();
  }, 120_000);
});

describe('projections:rebuild (blue-green)', () => {
  it("shortens the switch's wait for autovacuum where the role may, and goes on with the default where it may not", async () => {
    const role = `plain_${Date.now().toString(36)}`;
    await t.db.pool.query(`CREATE ROLE ${role} LOGIN PASSWORD 'plain-password'`);
    const url = new URL(t.db.url);
    url.username = role;
    url.password = 'plain-password';
    const plain = createPool(url.toString(), 1);
    const inTransaction = (pool: pg.Pool) =>
      withTransaction(pool, async (tx) => {
        const took = await letAutovacuumGiveWay(tx);
        // The transaction is still usable either way.
        const { rows } = await tx.query<{ deadlock_timeout: string }>('SHOW deadlock_timeout');
        return { took, setting: rows[0]!.deadlock_timeout };
      });
    try {
      expect(await inTransaction(t.db.pool)).toEqual({ took: true, setting: '20ms' });
      expect(await inTransaction(plain)).toEqual({ took: false, setting: '1s' });
      // SET LOCAL: the superuser's connection is back to the default after its transaction.
      expect((await t.db.pool.query('SHOW deadlock_timeout')).rows[0].deadlock_timeout).toBe('1s');
    } finally {
      await plain.end();
      await t.db.pool.query(`DROP ROLE ${role}`);
    }
  });
});

/**
 * Until the rebuild's switch waits for ledger_transactions' lock in a transaction other than `seen`;
 * returns that transaction's start (each attempt of the switch is a transaction of its own).
 */
async function switchWaiting(seen: string | null): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { rows } = await t.db.pool.query<{ started: string }>(
      `SELECT a.xact_start::text AS started FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE NOT l.granted AND l.mode = 'AccessExclusiveLock'
          AND l.relation = 'public.ledger_transactions'::regclass`,
    );
    const started = rows[0]?.started;
    if (started && started !== seen) return started;
    if (Date.now() > deadline)
      throw new Error(`the switch never waited for the reader${seen ? ' again' : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
