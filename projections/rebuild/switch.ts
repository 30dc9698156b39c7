import type pg from 'pg';
import type { EventStore, LogPosition } from '../../infra/eventStore/eventStore.ts';
import { withTransaction } from '../../infra/postgres/pool.ts';
import { recordBuiltVersion } from '../engine/checkpoints.ts';
import type { Projection } from '../projection.ts';
import { applyToShadows } from './catchUp.ts';
import { AUTOVACUUM_OPTIONS, earliest, ident, shadowSchema } from './shadow.ts';

/** How many times the switch is tried before it gives up (see switchToRebuilt). */
export const SWITCH_ATTEMPTS = 16;

/**
 * How long the switch waits for one table's lock before it rolls back and tries again. Well under the
 * readers' deadlock_timeout (1 s), so a reader caught in a cycle with the switch is never the one cancelled.
 */
const TABLE_LOCK_WAIT = '400ms';

/** Deadlock detected, or a lock not had within lock_timeout: the switch rolled back whole. */
const LOST_A_LOCK = new Set(['40P01', '55P03']);

/**
 * One short transaction: locks every live table, applies the events that arrived since the build caught
 * up to the shadow tables, moves the live tables to `retired_<name>_<time>` and the rebuilt ones into
 * `public`, and hands each live projection the rebuilt checkpoint. The live workers' next batch finds its
 * checkpoint moved (engine/commit.ts checks it under the row lock), so they restart from it on the new tables.
 *
 * The tables are locked one after another, and a reader's query locks the tables it names in its own order
 * (a join of ledger_transactions with ledger_postings takes the first before the second): one that holds a
 * table the switch has yet to lock while it waits for one the switch holds is a deadlock, whatever order the
 * switch picks. Postgres checks a waiter for a deadlock once, when its deadlock_timeout runs out: with 20 ms
 * here (letAutovacuumGiveWay) against the readers' 1 s, the switch is the one cancelled when the cycle is
 * there by then; when the reader closes it later (seen on CI under load, 2026-12-04), the switch's
 * lock_timeout (TABLE_LOCK_WAIT) still gives up before the reader's check comes. Either way the reader
 * gets its answer; the switch's transaction has rolled back whole, and it is tried again from the same
 * checkpoints, after a short pause that lets the reader finish. First seen on CI under load (2026-11-28):
 * a history read during a rebuild.
 */
export async function switchToRebuilt(
  pool: pg.Pool,
  store: EventStore,
  projections: readonly Projection[],
  checkpoints: Map<string, LogPosition | null>,
  batchSize: number,
): Promise<string[]> {
  const before = new Map(checkpoints);
  for (let attempt = 1; ; attempt++) {
    try {
      return await switchOnce(pool, store, projections, checkpoints, batchSize);
    } catch (error) {
      if (!LOST_A_LOCK.has((error as { code?: string }).code ?? '') || attempt >= SWITCH_ATTEMPTS)
        throw error;
      // Rolled back: the shadow checkpoints are where they were before this attempt.
      for (const [name, position] of before) checkpoints.set(name, position);
      await new Promise((resolve) => setTimeout(resolve, 25 * attempt + Math.random() * 25));
    }
  }
}

async function switchOnce(
  pool: pg.Pool,
  store: EventStore,
  projections: readonly Projection[],
  checkpoints: Map<string, LogPosition | null>,
  batchSize: number,
): Promise<string[]> {
  return await withTransaction(pool, async (client) => {
    await client.query(`SET LOCAL lock_timeout = '10s'`);
    await letAutovacuumGiveWay(client);
    // The live workers' checkpoint rows first, in name order, then their tables: a live batch locks its
    // projections' checkpoint rows in name order before it writes their tables (JointCommitter), so taking
    // the locks in that same order makes the switch wait for a batch in flight instead of deadlocking with
    // it (row here, table there).
    await client.query(
      'SELECT name FROM projection_checkpoints WHERE name = ANY($1::text[]) ORDER BY name FOR UPDATE',
      [projections.map((projection) => projection.name)],
    );
    // The tables are waited for briefly, each: a reader queued behind the switch stalls meanwhile.
    await client.query(`SET LOCAL lock_timeout = '${TABLE_LOCK_WAIT}'`);
    // A view before its tables: a query on the view holds the view's lock while it waits for its tables'.
    for (const projection of projections)
      for (const view of projection.views ?? [])
        await client.query(`LOCK TABLE public.${ident(view)} IN ACCESS EXCLUSIVE MODE`);
    for (const projection of projections)
      for (const table of projection.tables)
        await client.query(`LOCK TABLE public.${ident(table)} IN ACCESS EXCLUSIVE MODE`);
    // Events committed from here on stay hidden from this transaction's reads (the log's snapshot rule):
    // the live workers apply them to the new tables after the switch.
    for (;;) {
      const batch = await store.readAll({ after: earliest([...checkpoints.values()]), limit: batchSize });
      if (batch.length === 0) break;
      for (const [name, position] of await applyToShadows(client, projections, checkpoints, batch))
        checkpoints.set(name, position);
    }
    await client.query('SET LOCAL search_path = public');
    const stamp = Date.now();
    const retired: string[] = [];
    for (const projection of projections) {
      const shadow = shadowSchema(projection.name);
      const schema = `retired_${shadow.slice(8)}_${stamp}`;
      await client.query(`CREATE SCHEMA ${ident(schema)}`);
      for (const table of projection.tables) {
        await client.query(`ALTER TABLE public.${ident(table)} SET SCHEMA ${ident(schema)}`);
        await client.query(`ALTER TABLE ${ident(shadow)}.${ident(table)} SET SCHEMA public`);
        await client.query(`ALTER TABLE public.${ident(table)} RESET (${AUTOVACUUM_OPTIONS.join(', ')})`);
      }
      for (const view of projection.views ?? []) {
        await client.query(`ALTER VIEW public.${ident(view)} SET SCHEMA ${ident(schema)}`);
        await client.query(`ALTER VIEW ${ident(shadow)}.${ident(view)} SET SCHEMA public`);
      }
      await setCheckpoint(client, projection.name, checkpoints.get(projection.name) ?? null);
      // The live tables are now this code's: its version built them (projections/versions.ts).
      await recordBuiltVersion(client, projection);
      await client.query(`DROP SCHEMA ${ident(shadow)} CASCADE`);
      retired.push(schema);
    }
    return retired;
  });
}

/**
 * For the rest of the caller's transaction, an autovacuum worker on a table it waits to lock is cancelled
 * after 20 ms instead of deadlock_timeout (1 s by default). The switch locks table after table while the
 * live tables it already holds keep every reader waiting: measured 1.0 s per table on the 1M log when a
 * rebuild followed another (its new tables still being vacuumed). The worker starts again later. Setting
 * deadlock_timeout takes a superuser (or `GRANT SET ON PARAMETER deadlock_timeout`); without that the
 * transaction goes on with the default. Returns whether the setting took.
 */
export async function letAutovacuumGiveWay(client: pg.PoolClient): Promise<boolean> {
  await client.query('SAVEPOINT autovacuum_gives_way');
  try {
    await client.query(`SET LOCAL deadlock_timeout = '20ms'`);
    await client.query('RELEASE SAVEPOINT autovacuum_gives_way');
    return true;
  } catch (error) {
    await client.query('ROLLBACK TO SAVEPOINT autovacuum_gives_way');
    // Refused for want of the privilege: go on with the default. Anything else is a real failure.
    if ((error as { code?: string }).code === '42501') return false;
    throw error;
  }
}

async function setCheckpoint(client: pg.PoolClient, name: string, position: LogPosition | null) {
  await client.query(
    `INSERT INTO projection_checkpoints (name, position_commit, position_prepare, updated_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (name) DO UPDATE SET position_commit = EXCLUDED.position_commit, position_prepare = EXCLUDED.position_prepare,
       updated_at = now(), last_error = NULL, last_error_at = NULL, retry_count = 0`,
    [name, position?.commit.toString() ?? null, position?.prepare.toString() ?? null],
  );
}

/** Drops the schemas old rebuilds left behind, keeping the newest `keep` per projection. */
export async function dropRetiredSchemas(pool: pg.Pool, keep = 1): Promise<string[]> {
  const { rows } = await pool.query<{ nspname: string }>(
    `SELECT nspname FROM pg_namespace WHERE nspname LIKE 'retired\\_%' ORDER BY nspname DESC`,
  );
  const byProjection = new Map<string, string[]>();
  for (const { nspname } of rows) {
    const key = nspname.replace(/_\d+$/, '');
    byProjection.set(key, [...(byProjection.get(key) ?? []), nspname]);
  }
  const dropped: string[] = [];
  for (const schemas of byProjection.values()) {
    for (const schema of schemas.slice(keep)) {
      await pool.query(`DROP SCHEMA ${ident(schema)} CASCADE`);
      dropped.push(schema);
    }
  }
  return dropped;
}
