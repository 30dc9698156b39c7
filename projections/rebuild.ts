import pg from 'pg';
import pino from 'pino';
import type { EventStore, LogPosition } from '../infra/eventStore/eventStore.ts';
import type { Projection } from './projection.ts';
import { CHECKPOINT_SCHEMA, ProjectionRunner, readCheckpoint } from './runner.ts';

/**
 * Blue-green rebuild of one projection (Marten-style "rebuild into a new version", STYLE.md):
 * 1. build: the projection's own SQL runs on connections whose search_path puts a shadow schema
 *    `rebuild_<name>` first, so its tables and its checkpoint are created and filled there, from the
 *    start of the log, beside the live tables the API keeps reading;
 * 2. resume: killed at any point, the shadow schema and its checkpoint are still there, and the next run
 *    goes on from that checkpoint (`fresh` starts over);
 * 3. switch: one short transaction locks the live tables, applies the last events that arrived meanwhile,
 *    moves the live tables to `retired_<name>_<time>` and the rebuilt ones into `public`, and hands the
 *    live projection the rebuilt checkpoint. The live worker's next checkpoint compare-and-set fails, so
 *    it restarts from that checkpoint on the new tables.
 */
export interface RebuildProgress {
  projection: string;
  processed: number;
  lagEvents: number;
  eventsPerSecond: number;
  etaSeconds: number | null;
  phase: 'building' | 'switching' | 'done';
}

export interface RebuildOptions {
  databaseUrl: string;
  pool: pg.Pool;
  store: EventStore;
  projection: Projection;
  fresh?: boolean;
  batchSize?: number;
  onProgress?: (progress: RebuildProgress) => void;
  /** Test seam: a pause after every batch, so a test can kill a rebuild half-way. */
  throttleMs?: number;
}

const shadowSchema = (name: string) => `rebuild_${name.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`;
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function rebuildProjection(
  options: RebuildOptions,
): Promise<{ retiredSchema: string | null; processed: number }> {
  const { projection, pool, store } = options;
  if (projection.tables.length === 0) return { retiredSchema: null, processed: 0 };
  const shadow = shadowSchema(projection.name);
  if (options.fresh) await pool.query(`DROP SCHEMA IF EXISTS ${ident(shadow)} CASCADE`);
  await pool.query(`CREATE SCHEMA IF NOT EXISTS ${ident(shadow)}`);

  // Every connection of this pool resolves unqualified names in the shadow schema first.
  const shadowPool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: 4,
    options: `-c search_path=${shadow},public`,
  });
  shadowPool.on('error', () => {});
  const runner = new ProjectionRunner({
    pool: shadowPool,
    databaseUrl: options.databaseUrl,
    store,
    projections: [projection],
    logger: pino({ level: 'silent' }),
    batchSize: options.batchSize ?? 2_000,
    lockKeyPrefix: 'rebuild:',
    afterBatch: options.throttleMs
      ? () => new Promise((resolve) => setTimeout(resolve, options.throttleMs))
      : undefined,
  });
  const started = Date.now();
  let processed = 0;
  try {
    await runner.start();
    // Follow until the rebuild has caught up with the head of the log. The log's size is counted once
    // (Postgres) for the progress bar; "caught up" comes from the runner's capped lag.
    const total =
      store.kind === 'postgres'
        ? Number(
            (await pool.query<{ n: string }>('SELECT count(*)::text AS n FROM es_events')).rows[0]?.n ?? 0,
          )
        : null;
    for (;;) {
      const [status] = await runner.status();
      processed = status!.eventsProcessed;
      const seconds = (Date.now() - started) / 1000;
      const rate = seconds > 0 ? processed / seconds : 0;
      const remaining = total === null ? status!.lagEvents : Math.max(0, total - processed);
      options.onProgress?.({
        projection: projection.name,
        processed,
        lagEvents: remaining,
        eventsPerSecond: Math.round(rate),
        etaSeconds: rate > 0 ? Math.ceil(remaining / rate) : null,
        phase: 'building',
      });
      if (status!.lastError) throw new Error(`rebuild of ${projection.name} failed: ${status!.lastError}`);
      if (status!.lagEvents === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await runner.stop();
  }

  options.onProgress?.({
    projection: projection.name,
    processed,
    lagEvents: 0,
    eventsPerSecond: 0,
    etaSeconds: 0,
    phase: 'switching',
  });
  const retired = `retired_${shadow.slice(8)}_${Date.now()}`;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SET LOCAL lock_timeout = '10s'`);
    for (const table of projection.tables) {
      await client.query(`LOCK TABLE public.${ident(table)} IN ACCESS EXCLUSIVE MODE`);
    }
    // Events that arrived since the build caught up: applied here, under the locks, to the new tables.
    await client.query(`SET LOCAL search_path = ${ident(shadow)}, public`);
    let checkpoint = await readCheckpoint(client, projection.name);
    for (;;) {
      const batch = await store.readAll({ after: checkpoint, limit: 1_000 });
      if (batch.length === 0) break;
      for (const event of batch)
        if (projection.handles.has(event.type)) await projection.apply(event, client);
      checkpoint = batch[batch.length - 1]!.position;
    }
    await client.query('SET LOCAL search_path = public');
    await client.query(`CREATE SCHEMA ${ident(retired)}`);
    for (const table of projection.tables) {
      await client.query(`ALTER TABLE public.${ident(table)} SET SCHEMA ${ident(retired)}`);
      await client.query(`ALTER TABLE ${ident(shadow)}.${ident(table)} SET SCHEMA public`);
    }
    await setCheckpoint(client, projection.name, checkpoint);
    await client.query(`DROP SCHEMA ${ident(shadow)} CASCADE`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
    await shadowPool.end();
  }
  options.onProgress?.({
    projection: projection.name,
    processed,
    lagEvents: 0,
    eventsPerSecond: 0,
    etaSeconds: 0,
    phase: 'done',
  });
  return { retiredSchema: retired, processed };
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
