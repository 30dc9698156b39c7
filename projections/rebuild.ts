import pg from 'pg';
import {
  type BulkLogRead,
  comparePositions,
  type EventStore,
  type LogPosition,
  type RecordedEvent,
} from '../infra/eventStore/eventStore.ts';
import { databaseIdentity } from '../infra/eventStore/postgresEventStore.ts';
import { withTransaction } from '../infra/postgres/pool.ts';
import type { Projection } from './projection.ts';
import { applyBatchOrNamePoison, CHECKPOINT_SCHEMA, readCheckpoint } from './runner.ts';

/**
 * Blue-green rebuild of projections (Marten-style "rebuild into a new version"):
 * 1. build: each projection's own SQL runs with a search_path that puts its shadow schema
 *    `rebuild_<name>` first, so its tables and its checkpoint are created and filled there, from the
 *    start of the log, beside the live tables the API keeps reading; several projections share one pass;
 * 2. resume: killed at any point, the shadow schema and its checkpoint are still there, and the next run
 *    goes on from that checkpoint (`fresh` starts over);
 * 3. bulk finish: the shadow tables fill without the indexes their apply path never reads
 *    (Projection.deferredIndexes); once full they are indexed and analysed in bulk;
 * 4. switch: one short transaction for all of them (switchToRebuilt).
 */
export interface RebuildProgress {
  /** The projection rebuilt, or the names of several rebuilt in one pass, joined with commas. */
  projection: string;
  processed: number;
  lagEvents: number;
  eventsPerSecond: number;
  etaSeconds: number | null;
  phase: 'building' | 'indexing' | 'switching' | 'done';
}

export interface RebuildOptions {
  databaseUrl: string;
  pool: pg.Pool;
  store: EventStore;
  /** Rebuilt together, in one pass over the log: each batch is read once and applied to all of them. */
  projections: readonly Projection[];
  fresh?: boolean;
  batchSize?: number;
  onProgress?: (progress: RebuildProgress) => void;
  /** Test seam: a pause after every batch, so a test can kill a rebuild half-way. */
  throttleMs?: number;
  /**
   * Where the log is in the same Postgres database, projections with `bulkSql` that start from the start of
   * the log are computed there in SQL (bulkPass). True unless set to false (tests of the batch path).
   */
  bulk?: boolean;
}

const shadowSchema = (name: string) => `rebuild_${name.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`;
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** One projection: the same as rebuildProjections with a single one. */
export async function rebuildProjection(
  options: Omit<RebuildOptions, 'projections'> & { projection: Projection },
): Promise<{ retiredSchema: string | null; processed: number }> {
  const { projection, ...rest } = options;
  const result = await rebuildProjections({ ...rest, projections: [projection] });
  return { retiredSchema: result.retiredSchemas[0] ?? null, processed: result.processed };
}

/**
 * Rebuilds several projections in one pass over the log. Each batch of the log is read once (the next one
 * is read while this one is written) and applied to every projection's shadow tables, each projection in a
 * transaction of its own that also moves its shadow checkpoint; the high-volume projections apply it set-based
 * (Projection.applyBatch). The batches commit with synchronous_commit off: a crash loses a shadow batch
 * and its checkpoint together, and the resumed run reads them again.
 */
export async function rebuildProjections(
  options: RebuildOptions,
): Promise<{ retiredSchemas: string[]; processed: number; inSql: string[] }> {
  const { pool, store } = options;
  const projections = options.projections.filter((p) => p.tables.length > 0);
  if (projections.length === 0) return { retiredSchemas: [], processed: 0, inSql: [] };
  const label = projections.map((p) => p.name).join(',');
  // Two batches are in memory at a time (one written, the next read ahead) whatever the log's size. Measured
  // on a 203,004-event log: 5,000 events a batch peaked at 253–295 MB of RSS, too near the 300 MB bound;
  // 2,500 at 220 MB, for 0–5 % more time (more statements per event).
  const batchSize = options.batchSize ?? 2_500;
  const report = (progress: Omit<RebuildProgress, 'projection'>) =>
    options.onProgress?.({ projection: label, ...progress });

  // One rebuild of a projection at a time, across processes: a session-level advisory lock per projection
  // (the live workers use another key, so they go on meanwhile).
  const lockClient = new pg.Client({ connectionString: options.databaseUrl });
  lockClient.on('error', () => {});
  await lockClient.connect();
  try {
    for (const projection of projections) {
      const { rows } = await lockClient.query<{ locked: boolean }>(
        `SELECT pg_try_advisory_lock(hashtextextended('rebuild:' || $1, 0)) AS locked`,
        [projection.name],
      );
      if (!rows[0]?.locked) throw new Error(`a rebuild of ${projection.name} is already running`);
    }

    // The projection's own DDL and checkpoint, created in its shadow schema (first on the search path).
    const checkpoints = new Map<string, LogPosition | null>();
    let resumedFrom = Number.POSITIVE_INFINITY;
    for (const projection of projections) {
      const shadow = shadowSchema(projection.name);
      if (options.fresh) await pool.query(`DROP SCHEMA IF EXISTS ${ident(shadow)} CASCADE`);
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
        await tx.query(
          'INSERT INTO projection_checkpoints (name) VALUES ($1) ON CONFLICT (name) DO NOTHING',
          [projection.name],
        );
        checkpoints.set(projection.name, await readCheckpoint(tx, projection.name));
        resumedFrom = Math.min(resumedFrom, done);
      });
    }

    // The log's size, counted once (Postgres) for the progress bar.
    const total =
      store.kind === 'postgres'
        ? Number(
            (await pool.query<{ n: string }>('SELECT count(*)::text AS n FROM es_events')).rows[0]?.n ?? 0,
          )
        : null;
    const started = Date.now();
    let processed = 0;
    const reportBuilding = () => {
      const seconds = (Date.now() - started) / 1000;
      const rate = seconds > 0 ? processed / seconds : 0;
      const remaining = total === null ? 0 : Math.max(0, total - resumedFrom - processed);
      report({
        processed: resumedFrom + processed,
        lagEvents: remaining,
        eventsPerSecond: Math.round(rate),
        etaSeconds: rate > 0 ? Math.ceil(remaining / rate) : null,
        phase: 'building',
      });
    };
    let bulkBuilt: ReadonlySet<string> = new Set();
    if (options.bulk !== false) {
      const bulk = await bulkPass(options, projections, checkpoints, batchSize);
      processed = bulk.events;
      bulkBuilt = bulk.built;
      if (processed > 0) reportBuilding();
    }
    let after = earliest([...checkpoints.values()]);
    let next = store.readAll({ after, limit: batchSize });
    for (;;) {
      const batch = await next;
      if (batch.length === 0) break;
      after = batch[batch.length - 1]!.position;
      // Read ahead while this batch is written.
      next = store.readAll({ after, limit: batchSize });
      next.catch(() => {});
      await applyToShadowsAtOnce(pool, projections, checkpoints, batch);
      processed += batch.length;
      reportBuilding();
      if (options.throttleMs) await new Promise((resolve) => setTimeout(resolve, options.throttleMs));
      // Near the head: what is left (and whatever keeps arriving) is applied under the switch's locks.
      if (batch.length < batchSize) break;
    }

    // Before the switch, each shadow table gets its deferred indexes, built in bulk (the schema's own IF NOT
    // EXISTS DDL), and is analysed, so the planner knows the new tables from their first query. A run killed
    // here resumes here. (Filling the tables UNLOGGED and logging them here was tried: no faster, the build
    // is bound by CPU, not by the WAL.)
    report({
      processed: resumedFrom + processed,
      lagEvents: 0,
      eventsPerSecond: 0,
      etaSeconds: null,
      phase: 'indexing',
    });
    await Promise.all(
      projections
        .filter((projection) => !bulkBuilt.has(projection.name))
        .map((projection) =>
          inShadow(pool, shadowSchema(projection.name), async (tx) => {
            await tx.query(`SET LOCAL maintenance_work_mem = '256MB'`);
            await tx.query(projection.schema);
            await restoreKeys(tx, shadowSchema(projection.name));
            for (const table of projection.tables) await tx.query(`ANALYZE ${ident(table)}`);
          }),
        ),
    );
    report({
      processed: resumedFrom + processed,
      lagEvents: 0,
      eventsPerSecond: 0,
      etaSeconds: 0,
      phase: 'switching',
    });
    const retiredSchemas = await switchToRebuilt(pool, store, projections, checkpoints, batchSize);
    report({
      processed: resumedFrom + processed,
      lagEvents: 0,
      eventsPerSecond: 0,
      etaSeconds: 0,
      phase: 'done',
    });
    return { retiredSchemas, processed: resumedFrom + processed, inSql: [...bulkBuilt] };
  } finally {
    await lockClient.end().catch(() => {});
  }
}

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
async function bulkPass(
  options: RebuildOptions,
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
  const results = await Promise.allSettled([
    ...bulk.map(async (projection) => {
      await computeInSql(pool, projection, bound, end.events);
      built.add(projection.name);
    }),
    feedUpTo(bulkRead, pool, others, checkpoints, bound, end.events, batchSize),
  ]);
  // Every lane has ended, so none writes on after the rebuild gives up its locks.
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
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
async function computeInSql(pool: pg.Pool, projection: Projection, bound: LogPosition, events: number) {
  const bulk = projection.bulkSql!;
  const shadow = shadowSchema(projection.name);
  const step = (work: (tx: pg.PoolClient) => Promise<void>) =>
    withTransaction(pool, async (tx) => {
      await tx.query(`SET LOCAL synchronous_commit = 'off'`);
      await tx.query(`SET LOCAL search_path = ${ident(shadow)}, public`);
      await tx.query(
        `CREATE TEMP VIEW rebuild_log AS SELECT * FROM es_events
          WHERE (transaction_id, global_position) <= ('${bound.commit}'::xid8, ${bound.prepare})`,
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
  const types = [...new Set(projections.flatMap((p) => [...p.handles]))];
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

async function moveShadowCheckpoint(
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

/**
 * One short transaction: locks every live table, applies the events that arrived since the build caught
 * up to the shadow tables, moves the live tables to `retired_<name>_<time>` and the rebuilt ones into
 * `public`, and hands each live projection the rebuilt checkpoint. The live workers' next batch finds its
 * checkpoint moved (runner.ts checks it under the row lock), so they restart from it on the new tables.
 */
async function switchToRebuilt(
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
      await client.query(`DROP SCHEMA ${ident(shadow)} CASCADE`);
      retired.push(schema);
    }
    return retired;
  });
}

/**
 * A batch of the log applied to each projection's shadow tables and checkpoint, on a connection and in a
 * transaction of its own, all of them at once: they share nothing but the batch, and Postgres then works on
 * every core. One that fails leaves the others' batches committed; each resumes from its own checkpoint.
 * `positions` follows each commit (the rebuild's pass over the log, and the bulk pass's feed).
 */
async function applyToShadowsAtOnce(
  pool: pg.Pool,
  projections: readonly Projection[],
  positions: Map<string, LogPosition | null>,
  batch: readonly RecordedEvent[],
) {
  await Promise.all(
    projections.map(async (projection) => {
      const from = positions.get(projection.name) ?? null;
      // The batch is in log order: nothing in it is new to this projection unless its last event is.
      if (comparePositions(batch[batch.length - 1]!.position, from) <= 0) return;
      const moved = await withTransaction(pool, async (tx) => {
        await tx.query(`SET LOCAL synchronous_commit = 'off'`);
        return await applyToShadow(tx, projection, from, batch);
      });
      if (moved) positions.set(projection.name, moved);
    }),
  );
}

/**
 * Applies a batch of the log to each projection's shadow tables and moves its shadow checkpoint, inside
 * the caller's transaction. Returns the new checkpoints (to be trusted once the caller commits).
 */
async function applyToShadows(
  tx: pg.PoolClient,
  projections: readonly Projection[],
  checkpoints: ReadonlyMap<string, LogPosition | null>,
  batch: readonly RecordedEvent[],
): Promise<Map<string, LogPosition>> {
  const moved = new Map<string, LogPosition>();
  for (const projection of projections) {
    const last = await applyToShadow(tx, projection, checkpoints.get(projection.name) ?? null, batch);
    if (last) moved.set(projection.name, last);
  }
  return moved;
}

/**
 * The events of a batch past `from`, applied to one projection's shadow tables, and its shadow checkpoint
 * moved, inside the caller's transaction. Returns the new checkpoint, or null when nothing was past it.
 */
async function applyToShadow(
  tx: pg.PoolClient,
  projection: Projection,
  from: LogPosition | null,
  batch: readonly RecordedEvent[],
): Promise<LogPosition | null> {
  const relevant = batch.filter((event) => comparePositions(event.position, from) > 0);
  if (relevant.length === 0) return null;
  const last = relevant[relevant.length - 1]!.position;
  await tx.query(`SET LOCAL search_path = ${ident(shadowSchema(projection.name))}, public`);
  // Past the shadow checkpoint that commits with it, each event once: no redelivery to guard against.
  await applyBatchOrNamePoison(projection, relevant, tx, { firstDelivery: true });
  await tx.query(
    `UPDATE projection_checkpoints SET position_commit = $2, position_prepare = $3,
       events_processed = events_processed + $4, updated_at = now() WHERE name = $1`,
    [projection.name, last.commit.toString(), last.prepare.toString(), relevant.length],
  );
  await tx.query('SET LOCAL search_path = public');
  return last;
}

const AUTOVACUUM_OPTIONS = ['autovacuum_enabled', 'toast.autovacuum_enabled'];

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

/**
 * Keeps autovacuum off a new shadow build's tables until the switch. A bulk-filled table is at once due
 * for autovacuum (its insert threshold), and the switch's `SET SCHEMA` then waits for the worker to give
 * way, which it does only after deadlock_timeout (1 s) per table, while the switch already holds the
 * live tables' locks: measured on the 1M log, 1.0 s for each of two tables, every screen's reads waiting
 * the while. The tables are analysed before the switch all the same, and autovacuum takes them up after
 * it, as any other live table.
 */
async function holdAutovacuum(tx: pg.PoolClient, shadow: string, tables: readonly string[]) {
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
async function deferKeys(tx: pg.PoolClient, shadow: string, tables: readonly string[]) {
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
async function restoreKeys(tx: pg.PoolClient, shadow: string, tables?: readonly string[]) {
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

async function inShadow<T>(pool: pg.Pool, shadow: string, work: (tx: pg.PoolClient) => Promise<T>) {
  return await withTransaction(pool, async (tx) => {
    await tx.query(`CREATE SCHEMA IF NOT EXISTS ${ident(shadow)}`);
    await tx.query(`SET LOCAL search_path = ${ident(shadow)}, public`);
    return await work(tx);
  });
}

/** The earliest of several checkpoints; null (the start of the log) when any is null. */
function earliest(positions: readonly (LogPosition | null)[]): LogPosition | null {
  let first: LogPosition | null | undefined;
  for (const position of positions)
    if (first === undefined || comparePositions(position, first) < 0) first = position;
  return first ?? null;
}

async function setCheckpoint(client: pg.PoolClient, name: string, position: LogPosition | null) {
  await client.query(CHECKPOINT_SCHEMA);
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
