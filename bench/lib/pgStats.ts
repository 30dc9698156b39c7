import type pg from 'pg';
import { log } from './context.ts';

/**
 * BENCH_WAITS=1: what Postgres backends wait on during the load, sampled every 100 ms until the returned
 * function prints the tally. The profile of the API shows it idle, waiting on the database, and this says
 * for what.
 */
export function sampleWaits(pool: pg.Pool): (() => void) | null {
  if (!process.env.BENCH_WAITS) return null;
  const waits = new Map<string, number>();
  const waitSampler = setInterval(() => {
    pool
      .query<{ w: string; n: number }>(
        `SELECT coalesce(wait_event_type || ':' || wait_event, state) AS w, count(*)::int AS n
                 FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() GROUP BY 1`,
      )
      .then(
        ({ rows }) => {
          for (const row of rows) waits.set(row.w, (waits.get(row.w) ?? 0) + row.n);
        },
        () => {},
      );
  }, 100);
  return () => {
    clearInterval(waitSampler);
    log(`postgres waits: ${JSON.stringify([...waits].sort((a, b) => b[1] - a[1]).slice(0, 12))}`);
  };
}

/**
 * BENCH_PG_STATS=1 (or =calls): the statements Postgres spent its time on (or ran most often) during the
 * load, the WAL it wrote and the tables it read by sequential scans meanwhile; null without it. Made before
 * the load (it resets pg_stat_statements), `snapshot` just before it starts, `report` once it is over.
 */
export async function watchPostgres(pool: pg.Pool) {
  if (!process.env.BENCH_PG_STATS) return null;
  await pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await pool.query('SELECT pg_stat_statements_reset()');
  const tableStats = async () =>
    new Map(
      (
        await pool.query<{
          t: string;
          seq: string;
          seq_read: string;
          idx: string;
          dead: string;
        }>(
          `SELECT relname AS t, seq_scan::text AS seq, seq_tup_read::text AS seq_read,
                            coalesce(idx_scan, 0)::text AS idx, n_dead_tup::text AS dead
                       FROM pg_stat_user_tables`,
        )
      ).rows.map((row) => [row.t, row]),
    );
  // The WAL written during the load, the checkpoints that ran (full-page images follow each one), autovacuum's
  // runs and the blocks Postgres had to read in.
  const walStats = async () =>
    (
      await pool.query<{
        records: string;
        fpi: string;
        bytes: string;
        checkpoints: string;
        autovacuums: string;
        reads: string;
        segments: string;
        segmentMs: string;
      }>(
        `SELECT w.wal_records::text AS records, w.wal_fpi::text AS fpi, w.wal_bytes::text AS bytes,
                          (c.num_timed + c.num_requested)::text AS checkpoints,
                          (SELECT sum(autovacuum_count + autoanalyze_count) FROM pg_stat_user_tables)::text AS autovacuums,
                          d.blks_read::text AS reads, i.segments, i."segmentMs"
                     FROM pg_stat_wal w, pg_stat_checkpointer c, pg_stat_database d,
                          (SELECT sum(writes)::text AS segments, round(sum(write_time + fsync_time))::text AS "segmentMs"
                             FROM pg_stat_io WHERE object = 'wal' AND context = 'init') i
                    WHERE d.datname = current_database()`,
      )
    ).rows[0]!;
  let tablesBefore: Awaited<ReturnType<typeof tableStats>> | undefined;
  let walBefore: Awaited<ReturnType<typeof walStats>> | undefined;
  return {
    async snapshot() {
      tablesBefore = await tableStats();
      walBefore = await walStats();
    },
    /** Prints the figures of the load that has just ended, per `accepted` transfer where it says so. */
    async report(accepted: number) {
      const { rows } = await pool.query<{ ms: number; plan: number; calls: string; query: string }>(
        `SELECT round(total_exec_time)::int AS ms, round(total_plan_time)::int AS plan, calls::text,
                    left(regexp_replace(query, '\\s+', ' ', 'g'), 160) AS query
             FROM pg_stat_statements ORDER BY ${
               // Qualified: the output column `calls` is text, and would sort '99' above '7823'.
               process.env.BENCH_PG_STATS === 'calls'
                 ? 'pg_stat_statements.calls DESC LIMIT 40'
                 : 'total_exec_time + total_plan_time DESC LIMIT 25'
             }`,
      );
      for (const row of rows)
        log(`pg: ${row.ms} ms exec, ${row.plan} ms plan, ${row.calls} calls: ${row.query}`);
      const walAfter = await walStats();
      const walDelta = (key: keyof typeof walAfter) => Number(walAfter[key]) - Number(walBefore?.[key] ?? 0);
      log(
        `pg wal: ${(walDelta('bytes') / 2 ** 20).toFixed(1)} MB in ${walDelta('records')} records (${(walDelta('bytes') / Math.max(1, accepted)).toFixed(0)} bytes and ${(walDelta('records') / Math.max(1, accepted)).toFixed(1)} records per accepted transfer), ${walDelta('fpi')} full-page images, ${walDelta('checkpoints')} checkpoints, ${walDelta('autovacuums')} autovacuums and autoanalyzes, ${walDelta('reads')} blocks read from outside the shared buffers; ${walDelta('segments')} new WAL segments, ${walDelta('segmentMs')} ms creating them`,
      );
      // Sequential scans during the load, per table (the statistics lag by up to a second).
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      for (const [table, after] of await tableStats()) {
        const before = tablesBefore?.get(table);
        const seq = Number(after.seq) - Number(before?.seq ?? 0);
        if (seq > 0)
          log(
            `pg table ${table}: ${seq} seq scans reading ${Number(after.seq_read) - Number(before?.seq_read ?? 0)} rows, ${Number(after.idx) - Number(before?.idx ?? 0)} index scans, ${after.dead} dead rows now`,
          );
      }
    },
  };
}
