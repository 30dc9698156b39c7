import type pg from 'pg';
import type { EventStore } from '../infra/eventStore/eventStore.ts';
import { withAdvisoryLock } from '../infra/postgres/pool.ts';
import type { Projection } from './projection.ts';
import { type RebuildProgress, rebuildProjections } from './rebuild.ts';

/**
 * Read-model versions. Each projection declares the version of its tables and handlers
 * (`Projection.version`); `projection_versions` (a migration's table) records which version built the live
 * tables. A process starting with other versions than the live tables' brings them up to date before it
 * serves: a blue-green rebuild of those read models (projections/rebuild.ts), during which the processes
 * already running keep serving the live tables, or, with AUTO_REBUILD=off, it refuses to start and names
 * what to run.
 */

export interface StaleProjection {
  name: string;
  /** The version that built the live tables (1 where none is recorded: built before versions existed). */
  built: number;
  version: number;
}

/** The read models whose live tables another version of their projection built. */
export async function staleProjections(
  pool: pg.Pool | pg.PoolClient,
  projections: readonly Projection[],
): Promise<StaleProjection[]> {
  const readModels = projections.filter((projection) => projection.tables.length > 0);
  const { rows } = await pool.query<{ name: string; version: number }>(
    'SELECT name, version FROM projection_versions WHERE name = ANY($1::text[])',
    [readModels.map((projection) => projection.name)],
  );
  const built = new Map(rows.map((row) => [row.name, row.version]));
  return readModels
    .map((projection) => ({
      name: projection.name,
      built: built.get(projection.name) ?? 1,
      version: projection.version,
    }))
    .filter((projection) => projection.built !== projection.version);
}

export class StaleReadModelsError extends Error {
  constructor(readonly stale: readonly StaleProjection[]) {
    const names = stale.map((p) => p.name);
    const what = stale.map((p) => `${p.name} (built by version ${p.built}, this code is ${p.version})`);
    const command = `npm run projections:rebuild -- ${names.length === 1 ? `--projection ${names[0]} ` : ''}--fresh`;
    super(
      `read models out of date: ${what.join(', ')}. AUTO_REBUILD=off: run \`${command}\` first, or start with AUTO_REBUILD=on to rebuild them before serving`,
    );
    this.name = 'StaleReadModelsError';
  }
}

export interface VersionLog {
  info(fields: object, message: string): void;
}

/**
 * Brings the read models to this code's versions before the process serves. One process at a time
 * (an advisory lock held while it rebuilds): processes starting together wait for the first, then find
 * the versions current. Returns the names rebuilt. Each stale read model is rebuilt from scratch (`fresh`):
 * a shadow left by a stopped run may hold another version's tables.
 */
export async function bringReadModelsUpToDate(options: {
  pool: pg.Pool;
  databaseUrl: string;
  store: EventStore;
  projections: readonly Projection[];
  autoRebuild: boolean;
  log: VersionLog;
}): Promise<string[]> {
  const { pool, projections, log } = options;
  // Checked without the lock first: the common start, nothing stale, waits for no one.
  if ((await staleProjections(pool, projections)).length === 0) return [];
  return await withAdvisoryLock(pool, 'sai:projection-versions', async (client) => {
    const stale = await staleProjections(client, projections);
    if (stale.length === 0) return [];
    if (!options.autoRebuild) throw new StaleReadModelsError(stale);
    const names = stale.map((p) => p.name);
    log.info({ projections: stale }, 'read models out of date: rebuilding them before serving');
    const started = Date.now();
    let lastReport = 0;
    await rebuildProjections({
      databaseUrl: options.databaseUrl,
      pool,
      store: options.store,
      projections: projections.filter((projection) => names.includes(projection.name)),
      fresh: true,
      onProgress: (progress: RebuildProgress) => {
        if (progress.phase === 'building' && Date.now() - lastReport < 2_000) return;
        lastReport = Date.now();
        log.info({ ...progress }, 'rebuilding read models');
      },
    });
    log.info({ projections: names, seconds: (Date.now() - started) / 1000 }, 'read models rebuilt');
    return names;
  });
}
