import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../infra/postgres/embedded.ts';

/**
 * The server the bench runs on: BENCH_DATABASE_URL, else an embedded Postgres of its own in `dataDir`
 * (`embedded` is null on the caller's server).
 */
export async function benchServer(): Promise<{
  serverUrl: string;
  embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | null;
  dataDir: string;
}> {
  const dataDir = path.join(os.tmpdir(), `sai-bench-${process.pid}`);
  let serverUrl = process.env.BENCH_DATABASE_URL;
  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | null = null;
  if (!serverUrl) {
    // Durable on purpose: commits pay the real fsync, like production.
    embedded = await startEmbeddedPostgres({
      dataDir,
      durable: true,
      persistent: false,
      // BENCH_PG_STATS=1 prints the statements Postgres spent its time on during the HTTP load;
      // BENCH_PG_STATS=calls, the statements it ran most often (round trips). Either also lists the
      // tables that were read by sequential scans meanwhile.
      // BENCH_PG_SETTINGS="name=value …" sets more of the server's settings (to measure one against the default).
      settings: [
        ...(process.env.BENCH_PG_STATS
          ? [
              'shared_preload_libraries=pg_stat_statements',
              'pg_stat_statements.track_planning=on',
              // The time spent creating WAL segments (pg_stat_io's WAL "init" writes), in the WAL line.
              'track_wal_io_timing=on',
            ]
          : []),
        ...(process.env.BENCH_PG_SETTINGS?.split(' ').filter(Boolean) ?? []),
      ],
    });
    serverUrl = embedded.url;
  }
  return { serverUrl, embedded, dataDir };
}

/**
 * A table's row count over a connection of its own, closed at once: an idle one left open would outlive a
 * failed run's Postgres and crash the bench with "terminating connection" instead of the real error.
 */
export async function countRows(url: string, table: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n);
  } finally {
    await client.end();
  }
}

/** Drops the databases a run made (named by it: `bench_<time>`, `bench_log_<time>`). */
export async function dropBenchDatabases(serverUrl: string, urls: readonly string[]) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (const url of urls)
      await admin.query(`DROP DATABASE IF EXISTS "${new URL(url).pathname.slice(1)}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
