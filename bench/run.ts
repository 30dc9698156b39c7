import { writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureDatabase } from '../infra/postgres/pool.ts';
import { apisGroup } from './groups/apis.ts';
import { clusterGroup } from './groups/cluster.ts';
import { commitGroup } from './groups/commit.ts';
import { costGroup } from './groups/cost.ts';
import { httpGroup } from './groups/http.ts';
import { startTransferLoad } from './groups/httpSetup.ts';
import { logGroup } from './groups/log.ts';
import { openLoopGroup } from './groups/openLoop.ts';
import { readsGroup } from './groups/reads.ts';
import { webGroup } from './groups/web.ts';
import { LOG_EVENTS, log, repo, results, want, wantNamed } from './lib/context.ts';
import { benchServer, dropBenchDatabases } from './lib/database.ts';
import { judgeTargets } from './lib/targets.ts';
import type { Figure } from './stat.ts';

/**
 * npm run bench: its settings (BENCH_* variables) are in lib/context.ts, each group of figures in groups/.
 * This runs the groups BENCH_ONLY asks for, writes the results file and prints the table.
 */
async function main() {
  const { serverUrl, embedded, dataDir } = await benchServer();
  const url = await ensureDatabase(serverUrl, `bench_${Date.now()}`);
  /** What this run made on the server (dropped at the end on a caller's server). */
  const made = [url];
  const pool = new pg.Pool({ connectionString: url, max: 70 });
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${process.env.BENCH_DATABASE_URL ? 'Postgres at BENCH_DATABASE_URL' : 'embedded Postgres 18 (fsync on)'}`;
  results.machine = { description: machine };
  try {
    if (want('commit')) await commitGroup(pool, url);
    if (want('http')) {
      const setup = await startTransferLoad(url);
      await httpGroup(setup);
      await costGroup(setup);
      await setup.stop();
    }
    if (want('apis')) {
      // 10. Two API processes against one, on a database of its own (its users are 3-5's).
      const apisUrl = await ensureDatabase(serverUrl, `bench_apis_${Date.now()}`);
      made.push(apisUrl);
      const setup = await startTransferLoad(apisUrl);
      await apisGroup(setup, apisUrl);
      await setup.stop();
    }
    if (want('reads')) {
      // 11. The dashboard's reads against the trivial-read ceiling, on a database of their own.
      const readsUrl = await ensureDatabase(serverUrl, `bench_reads_${Date.now()}`);
      made.push(readsUrl);
      await readsGroup(readsUrl);
    }
    if (want('openloop')) {
      // 12-14. The write path against a plain-SQL reference, the mixed load and open loop, on a database
      // of its own (BENCH_OPEN_RATES, BENCH_OPEN_READ_RATES, BENCH_OPEN_SEARCH_STEPS).
      const openUrl = await ensureDatabase(serverUrl, `bench_open_${Date.now()}`);
      made.push(openUrl);
      await openLoopGroup(openUrl);
    }
    if (wantNamed('cluster')) {
      // 15. The transfer load on the cluster shape against this server, on a database of its own here.
      const singleUrl = await ensureDatabase(serverUrl, `bench_cluster_${Date.now()}`);
      made.push(singleUrl);
      await clusterGroup(singleUrl);
    }
    if (want('log')) {
      // 6 + 7. A log of LOG_EVENTS events (made by the seeder), rebuilt and exported by the real scripts.
      log(`bench: seeding a log of ${LOG_EVENTS.toLocaleString('en-US')} events`);
      const seedUrl = await ensureDatabase(serverUrl, `bench_log_${Date.now()}`);
      made.push(seedUrl);
      await logGroup(seedUrl);
      await webGroup(seedUrl);
    }
  } finally {
    await pool.end();
    // On a server of the caller's (BENCH_DATABASE_URL) the run's databases go with it: each run made
    // 0.3-0.6 GB (3 GB with the 1M log) and left them behind until stop 17.
    if (!embedded)
      await dropBenchDatabases(serverUrl, made).catch((error: unknown) =>
        log(`bench: could not drop ${made.join(', ')}: ${error instanceof Error ? error.message : error}`),
      );
    await embedded?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  const targets = judgeTargets(results);
  results['targets (issue 51)'] = Object.fromEntries(
    targets.map((t) => [t.target, `${t.verdict}: ${t.measured}`]),
  );
  writeFileSync(
    process.env.BENCH_RESULTS ?? path.join(repo, 'bench', 'results.json'),
    `${JSON.stringify({ command: 'npm run bench', at: new Date().toISOString(), results }, null, 2)}\n`,
  );
  const lines: string[] = [];
  for (const [name, figures] of Object.entries(results)) {
    if (name === 'targets (issue 51)') continue;
    const parts = Object.entries(figures).map(([k, v]) =>
      typeof v === 'object'
        ? `${k} ${short((v as Figure).median)} ${(v as Figure).unit} [${short((v as Figure).min)}–${short((v as Figure).max)}]`
        : `${k} ${v}`,
    );
    lines.push(`${name.padEnd(40)} ${parts.join(' · ')}`);
  }
  lines.push('targets (issue 51), judged on this run:');
  for (const t of targets) lines.push(`  ${t.verdict.padEnd(12)} ${t.target} — ${t.measured}`);
  process.stdout.write(`${lines.join('\n')}\n`);
  process.exit(0);
}

/** One decimal, or three significant digits below 10 (a ratio of 0.087 is not "0.1"). */
function short(value: number): number {
  return Math.abs(value) < 10 ? Number(value.toPrecision(3)) : Math.round(value * 10) / 10;
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
