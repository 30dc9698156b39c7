import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import pino from 'pino';
import type { EventStore, RecordedEvent } from '../infra/eventStore/eventStore.ts';
import { migratePool } from '../infra/postgres/migrate.ts';
import { CHECKPOINT_SCHEMA } from '../projections/engine/checkpoints.ts';
import { ProjectionRunner } from '../projections/engine/runner.ts';
import { applyEvent, applyEventByEvent, handlesType, type Projection } from '../projections/projection.ts';

/**
 * Mints the continuous verifier accepts (docs/ledger.md invariant 11): distributions by TEST_ADMIN_ID,
 * once `adminRegistered()` is in the log before them; each on its receiver's account stream.
 */
export const TEST_ADMIN_ID = 'admin';
export const adminRegistered = () => ({
  id: randomUUID(),
  type: 'UserRegistered',
  data: { userId: TEST_ADMIN_ID, isAdmin: true },
  metadata: { actorId: null, correlationId: randomUUID(), causationId: null },
});
export const distributionMint = (userId: string, amount: string) => ({
  id: randomUUID(),
  type: 'TokensMinted',
  data: {
    transactionId: randomUUID(),
    source: 'distribution',
    mintedBy: TEST_ADMIN_ID,
    asset: 'SAI',
    amount,
    userId,
    description: 'gift',
  },
  metadata: { actorId: null, correlationId: randomUUID(), causationId: null },
});

/** Every row of the tables, ordered, as JSON: two snapshots are equal exactly when the tables are. */
export async function snapshotTables(
  pool: pg.Pool,
  tables: readonly string[],
): Promise<Record<string, unknown[]>> {
  const snapshot: Record<string, unknown[]> = {};
  for (const table of tables) {
    const { rows } = await pool.query(`SELECT to_jsonb(t) AS row FROM ${table} t ORDER BY to_jsonb(t)::text`);
    snapshot[table] = rows.map((r) => r.row);
  }
  return snapshot;
}

export async function readWholeLog(store: EventStore): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  let after = null;
  for (;;) {
    const batch = await store.readAll({ after, limit: 1000 });
    if (batch.length === 0) return events;
    events.push(...batch);
    after = batch[batch.length - 1]!.position;
  }
}

/**
 * Builds a projection's tables in a schema of their own (`schema`, new) from `batches`, each in a
 * transaction, and returns their snapshot by table name: `one` applies event by event, `set` set-based,
 * `first` set-based as a rebuild does (each event new, ApplyContext.firstDelivery, the deferred keys
 * dropped). What batch.int.test.ts and the ledger's tests compare.
 */
export async function projectIntoSchema(
  pool: pg.Pool,
  projection: Projection,
  schema: string,
  batches: readonly (readonly RecordedEvent[])[],
  mode: 'one' | 'set' | 'first',
): Promise<Record<string, unknown[]>> {
  const client = await pool.connect();
  let failed: Error | undefined;
  try {
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.query(`SET search_path = ${schema}, public`);
    await client.query(CHECKPOINT_SCHEMA);
    await client.query(projection.schema);
    if (mode === 'first')
      for (const table of projection.deferredKeys ?? [])
        await client.query(`ALTER TABLE ${schema}.${table} DROP CONSTRAINT ${table}_pkey`);
    for (const batch of batches) {
      await client.query('BEGIN');
      const handled = batch.filter((event) => handlesType(projection, event.type));
      if (mode === 'one') await applyEventByEvent(projection, handled, client);
      else await projection.applyBatch!(handled, client, { firstDelivery: mode === 'first' });
      await client.query('COMMIT');
    }
    await client.query('SET search_path = public');
  } catch (error) {
    failed = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // A connection left inside a failed transaction is closed, not pooled.
    client.release(failed);
  }
  const qualified = await snapshotTables(
    pool,
    projection.tables.map((table) => `${schema}.${table}`),
  );
  return Object.fromEntries(projection.tables.map((table) => [table, qualified[`${schema}.${table}`]!]));
}

/** Empties a projection's tables and checkpoint and replays the whole log through a fresh runner. */
export async function rebuildFromScratch(
  pool: pg.Pool,
  databaseUrl: string,
  store: EventStore,
  projection: Projection,
): Promise<void> {
  await pool.query(`TRUNCATE ${projection.tables.join(', ')}`);
  await pool.query(
    'UPDATE projection_checkpoints SET position_commit = NULL, position_prepare = NULL, events_processed = 0 WHERE name = $1',
    [projection.name],
  );
  const runner = new ProjectionRunner({
    pool,
    databaseUrl,
    store,
    projections: [projection],
    logger: pino({ level: 'silent' }),
  });
  await runner.start();
  const deadline = Date.now() + 30_000;
  while ((await runner.status())[0]!.lagEvents > 0) {
    if (Date.now() > deadline) throw new Error(`rebuild of ${projection.name} did not finish`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await runner.stop();
}

/** Applies every event of the log a second time, as a redelivery would. */
export async function redeliverAll(pool: pg.Pool, store: EventStore, projection: Projection): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    for (const event of await readWholeLog(store)) {
      await applyEvent(projection, event, client);
    }
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

/**
 * Replays the whole log through fresh projections into another, empty database and returns their tables'
 * snapshot: "rebuild equals live" without disturbing the live runner.
 */
export async function rebuildElsewhere(
  target: { pool: pg.Pool; url: string },
  store: EventStore,
  projections: readonly Projection[],
): Promise<Record<string, unknown[]>> {
  // The empty database gets the migrations' tables (the live checkpoints among them) as any database does.
  await migratePool(target.pool);
  const runner = new ProjectionRunner({
    pool: target.pool,
    databaseUrl: target.url,
    store,
    projections,
    logger: pino({ level: 'silent' }),
  });
  await runner.start();
  const head = await store.headPosition();
  if (head && !(await runner.waitFor(head, runner.names, 60_000)))
    throw new Error('rebuild did not catch up');
  await runner.stop();
  return await snapshotTables(
    target.pool,
    projections.flatMap((p) => p.tables),
  );
}

/** Polls `check` until it holds; fails after `timeoutMs`, naming the condition. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`condition not reached in time: ${check.toString().slice(0, 200)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
