import type pg from 'pg';
import { comparePositions, type LogPosition } from '../../infra/eventStore/eventStore.ts';
import { withTransaction } from '../../infra/postgres/pool.ts';
import { CHECKPOINT_SCHEMA, readCheckpoint } from '../engine/checkpoints.ts';
import type { Projection } from '../projection.ts';

/**
 * A rebuild's shadow schemas: each projection's tables and checkpoint built in `rebuild_<name>`, beside the
 * live ones, with its deferred keys and indexes set aside until the rows are in.
 */
export const shadowSchema = (name: string) => `rebuild_${name.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`;
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Where each projection's shadow build stands: its shadow checkpoint, and the fewest events any has done. */
export interface Prepared {
  checkpoints: Map<string, LogPosition | null>;
  resumedFrom: number;
}

/**
 * The prepare phase: each projection's own DDL and checkpoint, created in its shadow schema (first on the search
 * path), or found there from a run that was stopped (`fresh` drops it first).
 */
export async function prepareShadows(
  pool: pg.Pool,
  projections: readonly Projection[],
  fresh: boolean,
): Promise<Prepared> {
  const checkpoints = new Map<string, LogPosition | null>();
  let resumedFrom = Number.POSITIVE_INFINITY;
  for (const projection of projections) {
    const shadow = shadowSchema(projection.name);
    if (fresh) await pool.query(`DROP SCHEMA IF EXISTS ${ident(shadow)} CASCADE`);
    await inShadow(pool, shadow, async (tx) => {
      await tx.query(CHECKPOINT_SCHEMA);
      const { rows } = await tx.query<{ n: string }>(
        'SELECT events_processed::text AS n FROM projection_checkpoints WHERE name = $1',
        [projection.name],
      );
      const done = Number(rows[0]?.n ?? 0);
      // A resumed build keeps its tables as they are: running the schema again would build the deferred
      // indexes on the half-filled tables, only to drop them again.
      if (done === 0) {
        await tx.query(projection.schema);
        await holdAutovacuum(tx, shadow, projection.tables);
        for (const index of projection.deferredIndexes ?? [])
          await tx.query(`DROP INDEX IF EXISTS ${ident(shadow)}.${ident(index)}`);
        await deferKeys(tx, shadow, projection.deferredKeys ?? []);
      }
      await tx.query('INSERT INTO projection_checkpoints (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [
        projection.name,
      ]);
      checkpoints.set(projection.name, await readCheckpoint(tx, projection.name));
      resumedFrom = Math.min(resumedFrom, done);
    });
  }
  return { checkpoints, resumedFrom };
}

/**
 * The index phase, before the switch: each shadow table gets its deferred indexes, built in bulk (the schema's own IF NOT
 * EXISTS DDL), and is analysed, so the planner knows the new tables from their first query. A run killed
 * here resumes here. (Filling the tables UNLOGGED and logging them here was tried: no faster, the build
 * is bound by CPU, not by the WAL.)
 */
export async function indexShadows(pool: pg.Pool, projections: readonly Projection[]): Promise<void> {
  await Promise.all(
    projections.map((projection) =>
      inShadow(pool, shadowSchema(projection.name), async (tx) => {
        await tx.query(`SET LOCAL maintenance_work_mem = '256MB'`);
        await tx.query(projection.schema);
        await restoreKeys(tx, shadowSchema(projection.name));
        for (const table of projection.tables) await tx.query(`ANALYZE ${ident(table)}`);
      }),
    ),
  );
}

export async function moveShadowCheckpoint(
  tx: pg.PoolClient,
  projection: Projection,
  to: LogPosition,
  events: number,
) {
  await tx.query(`SET LOCAL search_path = ${ident(shadowSchema(projection.name))}, public`);
  await tx.query(
    `UPDATE projection_checkpoints SET position_commit = $2, position_prepare = $3, events_processed = $4,
       updated_at = now() WHERE name = $1`,
    [projection.name, to.commit.toString(), to.prepare.toString(), events],
  );
  await tx.query('SET LOCAL search_path = public');
}

export const AUTOVACUUM_OPTIONS = ['autovacuum_enabled', 'toast.autovacuum_enabled'];
/**
 * Keeps autovacuum off a new shadow build's tables until the switch. A bulk-filled table is at once due
 * for autovacuum (its insert threshold), and the switch's `SET SCHEMA` then waits for the worker to give
 * way, which it does only after deadlock_timeout (1 s) per table, while the switch already holds the
 * live tables' locks: measured on the 1M log, 1.0 s for each of two tables, every screen's reads waiting
 * the while. The tables are analysed before the switch all the same, and autovacuum takes them up after
 * it, as any other live table.
 */
export async function holdAutovacuum(tx: pg.PoolClient, shadow: string, tables: readonly string[]) {
  for (const table of tables)
    await tx.query(
      `ALTER TABLE ${ident(shadow)}.${ident(table)} SET (${AUTOVACUUM_OPTIONS.map((o) => `${o} = false`).join(', ')})`,
    );
}

/**
 * Drops the primary keys of `tables` (Projection.deferredKeys) from a new shadow build, keeping each
 * definition in the shadow schema, so that a resumed build still knows what to restore. A table whose key
 * an earlier run of the same build already dropped and kept (a run stopped after the bulk pass emptied its
 * tables, before it filled them) is left as it is: its definition is there to restore.
 */
export async function deferKeys(tx: pg.PoolClient, shadow: string, tables: readonly string[]) {
  if (tables.length === 0) return;
  await tx.query(
    `CREATE TABLE IF NOT EXISTS ${ident(shadow)}.rebuild_deferred_keys (
       table_name text NOT NULL, constraint_name text NOT NULL, definition text NOT NULL)`,
  );
  for (const table of tables) {
    const { rows } = await tx.query<{ name: string; definition: string }>(
      `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
       WHERE conrelid = $1::regclass AND contype = 'p'`,
      [`${ident(shadow)}.${ident(table)}`],
    );
    const key = rows[0];
    if (!key) {
      const kept = await tx.query(
        `SELECT 1 FROM ${ident(shadow)}.rebuild_deferred_keys WHERE table_name = $1`,
        [table],
      );
      if (kept.rowCount) continue;
      throw new Error(`${table} has no primary key to defer`);
    }
    await tx.query(
      `INSERT INTO ${ident(shadow)}.rebuild_deferred_keys (table_name, constraint_name, definition) VALUES ($1, $2, $3)`,
      [table, key.name, key.definition],
    );
    await tx.query(`ALTER TABLE ${ident(shadow)}.${ident(table)} DROP CONSTRAINT ${ident(key.name)}`);
  }
}

/**
 * Adds back, built in bulk and checked, the primary keys deferKeys dropped: those of `tables`, or all of
 * them (and then the list goes).
 */
export async function restoreKeys(tx: pg.PoolClient, shadow: string, tables?: readonly string[]) {
  const table = `${ident(shadow)}.rebuild_deferred_keys`;
  const { rows: found } = await tx.query<{ table: string | null }>('SELECT to_regclass($1)::text AS table', [
    table,
  ]);
  if (!found[0]?.table) return;
  const { rows } = await tx.query<{ table_name: string; constraint_name: string; definition: string }>(
    `SELECT table_name, constraint_name, definition FROM ${table}
      WHERE $1::text[] IS NULL OR table_name = ANY($1::text[])`,
    [tables ?? null],
  );
  for (const key of rows)
    await tx.query(
      `ALTER TABLE ${ident(shadow)}.${ident(key.table_name)} ADD CONSTRAINT ${ident(key.constraint_name)} ${key.definition}`,
    );
  if (tables) await tx.query(`DELETE FROM ${table} WHERE table_name = ANY($1::text[])`, [tables]);
  else await tx.query(`DROP TABLE ${table}`);
}

export async function inShadow<T>(pool: pg.Pool, shadow: string, work: (tx: pg.PoolClient) => Promise<T>) {
  return await withTransaction(pool, async (tx) => {
    await tx.query(`CREATE SCHEMA IF NOT EXISTS ${ident(shadow)}`);
    await tx.query(`SET LOCAL search_path = ${ident(shadow)}, public`);
    return await work(tx);
  });
}

/** The earliest of several checkpoints; null (the start of the log) when any is null. */
export function earliest(positions: readonly (LogPosition | null)[]): LogPosition | null {
  let first: LogPosition | null | undefined;
  for (const position of positions)
    if (first === undefined || comparePositions(position, first) < 0) first = position;
  return first ?? null;
}
