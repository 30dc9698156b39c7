import type pg from 'pg';
import {
  type BulkLogRead,
  comparePositions,
  type EventStore,
  type LogPosition,
} from '../../infra/eventStore/eventStore.ts';
import { databaseIdentity } from '../../infra/eventStore/postgresEventStore.ts';
import { withTransaction } from '../../infra/postgres/pool.ts';
import { handledTypes, type Projection } from '../projection.ts';
import { applyToShadowsAtOnce } from './catchUp.ts';
import { deferKeys, earliest, ident, moveShadowCheckpoint, restoreKeys, shadowSchema } from './shadow.ts';

/**
 * The bulk pass, for a log in the rebuild's own Postgres database. The log is bounded at the last event
 * readAll can show now (the store's bulkRead.visibleEnd: nothing can still appear at or before it). Each
 * projection that starts from the start of the log and has `bulkSql` is computed there in SQL from
 * `rebuild_log` (the log up to the bound), its keys and indexes built and its shadow checkpoint moved to
 * the bound with it (computeInSql), all of them at once on connections of their own; meanwhile the other
 * projections behind the bound are fed in Node with the events of their own types only (the small ones:
 * users, cards, payments… a few thousand events of a million), then moved to the bound too. The rebuild
 * then goes on from the bound as before. Returns how many events the log holds up to the bound (0 when the
 * pass did not run: another store, another database, nothing to compute in SQL, an empty log) and which
 * projections it built with their indexes, keys and statistics.
 *
 * Why: the 1,043,007-event log rebuilt through Node took 42–47 s, with this pass 19–23 s in the same hour
 * (BENCHMARKS.md, stop 24): no event of the big tables is decoded in Node, and no COPY text is written or
 * parsed.
 */
export async function bulkPass(
  options: { store: EventStore; pool: pg.Pool },
  projections: readonly Projection[],
  checkpoints: Map<string, LogPosition | null>,
  batchSize: number,
): Promise<{ events: number; built: ReadonlySet<string> }> {
  const { store, pool } = options;
  const none = { events: 0, built: new Set<string>() };
  const bulkRead = store.bulkRead;
  if (!bulkRead) return none;
  let bulk = projections.filter((p) => p.bulkSql && checkpoints.get(p.name) === null);
  if (bulk.length === 0) return none;
  const identity = await bulkRead.databaseIdentity();
  if (identity === null || identity !== (await databaseIdentity(pool))) return none;
  const ready = await extensionsReady(pool, [...new Set(bulk.flatMap((p) => p.bulkExtensions ?? []))]);
  bulk = bulk.filter((p) => (p.bulkExtensions ?? []).every((name) => ready.has(name)));
  if (bulk.length === 0) return none;
  const end = await bulkRead.visibleEnd();
  if (!end) return none;
  const bound = end.position;
  const others = projections.filter(
    (p) => !bulk.includes(p) && comparePositions(bound, checkpoints.get(p.name) ?? null) > 0,
  );
  const built = new Set<string>();
  const overlay = await dataAsRead(bulkRead, pool, bulk, bound);
  try {
    const results = await Promise.allSettled([
      ...bulk.map(async (projection) => {
        await computeInSql(pool, projection, bound, end.events, overlay);
        built.add(projection.name);
      }),
      feedUpTo(bulkRead, pool, others, checkpoints, bound, end.events, batchSize),
    ]);
    // Every lane has ended, so none writes on after the rebuild gives up its locks.
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  } finally {
    if (overlay) await pool.query(`DROP TABLE IF EXISTS ${overlay}`);
  }
  for (const projection of [...bulk, ...others]) checkpoints.set(projection.name, bound);
  return { events: end.events, built };
}

/**
 * Before a bulk fill, every key and index of a projection's empty shadow tables goes (the keys kept in
 * rebuild_deferred_keys), to be built once the rows are in: the projection's schema creates its named
 * indexes again, restoreKeys its keys.
 */
async function dropEveryIndex(tx: pg.PoolClient, shadow: string, projection: Projection) {
  const deferred = new Set(projection.deferredKeys ?? []);
  await deferKeys(
    tx,
    shadow,
    projection.tables.filter((table) => !deferred.has(table)),
  );
  const { rows } = await tx.query<{ name: string }>(
    `SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS name
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE i.indrelid = ANY($1::regclass[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
    [projection.tables.map((table) => `${ident(shadow)}.${ident(table)}`)],
  );
  for (const row of rows) await tx.query(`DROP INDEX ${row.name}`);
}

/**
 * One projection's bulk SQL (Projection.bulkSql) over the log up to the bound, in its shadow schema: its
 * tables emptied and stripped of keys and indexes, its staging tables made, then its parts side by side,
 * each on a connection of its own, keying, indexing and analysing its own tables in its transaction (the
 * ledger's journal and its transactions build at once), and last the shadow checkpoint moved to the bound,
 * in the transaction that drops the staging tables. Until that commits the checkpoint stays at the start,
 * so a run killed half-way does it all again (its tables emptied first).
 */
async function computeInSql(
  pool: pg.Pool,
  projection: Projection,
  bound: LogPosition,
  events: number,
  overlay: string | null,
) {
  const bulk = projection.bulkSql!;
  const shadow = shadowSchema(projection.name);
  const bounded = `(e.transaction_id, e.global_position) <= ('${bound.commit}'::xid8, ${bound.prepare})`;
  const step = (work: (tx: pg.PoolClient) => Promise<void>) =>
    withTransaction(pool, async (tx) => {
      await tx.query(`SET LOCAL synchronous_commit = 'off'`);
      await tx.query(`SET LOCAL search_path = ${ident(shadow)}, public`);
      await tx.query(
        overlay
          ? `CREATE TEMP VIEW rebuild_log AS
               SELECT e.global_position, e.transaction_id, e.stream_name, e.stream_revision, e.event_id,
                      e.event_type, coalesce(o.data, e.data) AS data, e.metadata, e.created_at
                 FROM es_events e LEFT JOIN ${overlay} o ON o.event_id = e.event_id WHERE ${bounded}`
          : `CREATE TEMP VIEW rebuild_log AS SELECT * FROM es_events e WHERE ${bounded}`,
      );
      await work(tx);
      await tx.query('DROP VIEW rebuild_log');
    });
  await step(async (tx) => {
    await tx.query(
      `TRUNCATE ${projection.tables.map((table) => `${ident(shadow)}.${ident(table)}`).join(', ')}`,
    );
    await dropEveryIndex(tx, shadow, projection);
    if (bulk.stage) await tx.query(bulk.stage);
  });
  const parts = await Promise.allSettled(
    bulk.parts.map((part) =>
      step(async (tx) => {
        await tx.query(part.sql);
        await tx.query(`SET LOCAL maintenance_work_mem = '256MB'`);
        await restoreKeys(tx, shadow, part.tables);
        for (const statement of indexStatements(projection.schema, part.tables)) await tx.query(statement);
        for (const table of part.tables) await tx.query(`ANALYZE ${ident(table)}`);
      }),
    ),
  );
  const failed = parts.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  await step(async (tx) => {
    for (const table of bulk.staged ?? [])
      await tx.query(`DROP TABLE IF EXISTS ${ident(shadow)}.${ident(table)}`);
    // Whatever no part built (by design nothing): the schema's own IF NOT EXISTS DDL, and the keys.
    await tx.query(projection.schema);
    await restoreKeys(tx, shadow);
    await moveShadowCheckpoint(tx, projection, bound, events);
  });
}

/**
 * Where the log stores some events in a form the SQL cannot read as the application does (personal
 * fields sealed: app/privacy/sealingStore.ts), the data as read of those events of the bulk projections'
 * types, in a table of its own that `rebuild_log` reads in their place; null when there is nothing to put
 * there. Only the events that hold a sealed field are opened in Node; the rest stay in SQL.
 */
async function dataAsRead(
  bulkRead: BulkLogRead,
  pool: pg.Pool,
  bulk: readonly Projection[],
  bound: LogPosition,
): Promise<string | null> {
  if (!bulkRead.readDataAsRead) return null;
  const table = `rebuild_opened_${process.pid}_${Date.now().toString(36)}`;
  await pool.query(`CREATE UNLOGGED TABLE ${table} (event_id uuid PRIMARY KEY, data jsonb NOT NULL)`);
  try {
    await bulkRead.readDataAsRead({
      upTo: bound,
      types: [...new Set(bulk.flatMap(handledTypes))],
      write: async (rows) => {
        await pool.query(
          `INSERT INTO ${table} (event_id, data) SELECT * FROM unnest($1::uuid[], $2::jsonb[])`,
          [rows.map((row) => row.id), rows.map((row) => JSON.stringify(row.data))],
        );
      },
    });
    await pool.query(`ANALYZE ${table}`);
  } catch (error) {
    await pool.query(`DROP TABLE IF EXISTS ${table}`);
    throw error;
  }
  return table;
}

/** The schema's `CREATE INDEX IF NOT EXISTS` statements on the given tables. */
function indexStatements(schema: string, tables: readonly string[]): string[] {
  return [...schema.matchAll(/CREATE\s+(?:UNIQUE\s+)?INDEX\s+IF\s+NOT\s+EXISTS\s+\w+\s+ON\s+(\w+)[^;]*;/g)]
    .filter((match) => tables.includes(match[1]!))
    .map((match) => match[0]);
}

/** The projections fed in Node during the bulk pass: their own event types up to the bound, then the bound. */
async function feedUpTo(
  store: BulkLogRead,
  pool: pg.Pool,
  projections: readonly Projection[],
  checkpoints: ReadonlyMap<string, LogPosition | null>,
  bound: LogPosition,
  events: number,
  batchSize: number,
) {
  if (projections.length === 0) return;
  const types = [...new Set(projections.flatMap(handledTypes))];
  const from = new Map(projections.map((p) => [p.name, checkpoints.get(p.name) ?? null]));
  let after = earliest([...from.values()]);
  for (;;) {
    const batch = await store.readAllOfTypes({ after, upTo: bound, types, limit: batchSize });
    if (batch.length === 0) break;
    after = batch[batch.length - 1]!.position;
    await applyToShadowsAtOnce(pool, projections, from, batch);
    if (batch.length < batchSize) break;
  }
  // Each has seen every event of its types up to the bound; the others only move a checkpoint.
  await Promise.all(
    projections.map((projection) =>
      withTransaction(pool, (tx) => moveShadowCheckpoint(tx, projection, bound, events)),
    ),
  );
}

/**
 * The extensions bulk SQL calls, created where missing (pgcrypto is a trusted extension: a database's owner
 * may create it). One that cannot be created leaves its projections to Node.
 */
async function extensionsReady(pool: pg.Pool, names: readonly string[]): Promise<Set<string>> {
  const ready = new Set<string>();
  for (const name of names) {
    try {
      await pool.query(`CREATE EXTENSION IF NOT EXISTS ${ident(name)} WITH SCHEMA public`);
      ready.add(name);
    } catch {
      // Not available or not allowed here: Node does that projection's work, as it does for any store.
    }
  }
  return ready;
}
