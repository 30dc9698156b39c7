import { type ChildProcess, execFile as execFileCallback, spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';
import { findFreePort } from '../../infra/postgres/embedded.ts';
import { startPostgresFromBin } from '../postgresBin.ts';
import { ALL_EVENT_TYPES, LEGACY_ADMIN, LEGACY_SESSION_SECRET, runScenario } from './scenario.ts';

const execFile = promisify(execFileCallback);

/**
 * Regenerates the legacy-database fixture (testing/legacy/README.md):
 *
 *   git worktree add /tmp/legacy-src 9a45975 && cp -a node_modules /tmp/legacy-src/
 *   npx tsx testing/legacy/generate.ts --source /tmp/legacy-src
 *
 * It starts a throw-away Postgres 15 server (Debian's binaries: the only pg_dump on this machine is 15's,
 * and a pg_dump refuses a newer server; the app runs on 15 to 18), starts the checkout's own API on it
 * (`node --import tsx api/main.ts`, as its `npm start` does), drives it over HTTP (scenario.ts), waits until
 * every projection has caught up, runs the checkout's own `ledger:verify`, stops the API and dumps the
 * database as plain SQL (INSERT statements, so a test can load it without psql).
 */
export const LEGACY_COMMIT = '9a45975';
const here = import.meta.dirname;

async function main() {
  const { values } = parseArgs({
    options: { source: { type: 'string' }, 'pg-bin': { type: 'string' } },
    strict: true,
  });
  if (!values.source) throw new Error('--source PATH: a checkout of the fixture commit (see the README)');
  const source = path.resolve(values.source);
  const head = (await execFile('git', ['-C', source, 'rev-parse', 'HEAD'])).stdout.trim();
  if (!head.startsWith(LEGACY_COMMIT)) throw new Error(`${source} is at ${head}, not ${LEGACY_COMMIT}`);
  const server = await startPostgresFromBin(values['pg-bin'] ?? '/usr/lib/postgresql/15/bin');
  const url = new URL(server.url);
  url.pathname = '/sai_legacy';
  let api: ChildProcess | null = null;
  try {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query('CREATE DATABASE sai_legacy');
    await admin.end();
    const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    pool.on('error', () => {});
    const port = await findFreePort();
    const env = {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: url.toString(),
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: LEGACY_ADMIN.email,
      ADMIN_PASSWORD: LEGACY_ADMIN.password,
      SESSION_SECRET: LEGACY_SESSION_SECRET,
      RATE_LIMITS: 'off',
      BUILD_WEB: 'off',
      DEMO_USERS: 'off',
      LOG_LEVEL: 'warn',
    };
    api = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], { cwd: source, env, stdio: 'inherit' });
    const base = `http://127.0.0.1:${port}`;
    await until(async () => (await fetch(`${base}/readyz`).catch(() => null))?.status === 200, 120_000);
    const settle = () => settled(pool);
    const result = await runScenario(base, {
      settle,
      async promote(email, password) {
        await execFile(
          process.execPath,
          ['scripts/tool.mjs', 'adminCreate', '--email', email, '--password', password],
          {
            cwd: source,
            env,
          },
        );
      },
    });
    await settle();

    const { rows } = await pool.query<{ event_type: string; n: number }>(
      'SELECT event_type, count(*)::int AS n FROM es_events GROUP BY 1 ORDER BY 1',
    );
    const missing = ALL_EVENT_TYPES.filter((type) => !rows.some((row) => row.event_type === type));
    if (missing.length > 0) throw new Error(`the scenario wrote no ${missing.join(', ')}`);
    const verify = await execFile(process.execPath, ['scripts/tool.mjs', 'verifyLedger'], {
      cwd: source,
      env,
    });
    const counts = /(\d+) events in (\d+) streams, (\d+) postings over (\d+) account balances/.exec(
      verify.stdout,
    );
    if (!counts || !verify.stdout.includes('OK:')) throw new Error(`ledger:verify said: ${verify.stdout}`);
    const tables = await pool.query<{ table_name: string; n: number }>(
      `SELECT table_name, (xpath('/row/n/text()', query_to_xml(format('SELECT count(*) AS n FROM %I', table_name), false, true, '')))[1]::text::int AS n
         FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
    );
    // A due row lives only while a transfer's second step is outstanding: a settled log leaves none.
    const mayBeEmpty = ['ledger_follow_ups_due'];
    const empty = tables.rows
      .filter((row) => row.n === 0 && !mayBeEmpty.includes(row.table_name))
      .map((row) => row.table_name);
    if (empty.length > 0) throw new Error(`tables left empty: ${empty.join(', ')}`);
    await pool.end();
    api.kill('SIGTERM');
    await new Promise((resolve) => api!.once('exit', resolve));
    api = null;

    const dump = await execFile(
      path.join(values['pg-bin'] ?? '/usr/lib/postgresql/15/bin', 'pg_dump'),
      ['--no-owner', '--no-privileges', '--inserts', '--rows-per-insert=100', '-d', url.toString()],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    await writeFile(path.join(here, 'fixture.sql'), dump.stdout);
    const expected = {
      commit: LEGACY_COMMIT,
      postgres: server.version,
      sessionSecret: LEGACY_SESSION_SECRET,
      admin: LEGACY_ADMIN,
      users: result.users,
      eventTypes: Object.fromEntries(rows.map((row) => [row.event_type, row.n])),
      tables: Object.fromEntries(tables.rows.map((row) => [row.table_name, row.n])),
      ledgerVerify: {
        events: Number(counts[1]),
        streams: Number(counts[2]),
        postings: Number(counts[3]),
        accounts: Number(counts[4]),
      },
      views: result.views,
    };
    await writeFile(path.join(here, 'expected.json'), `${JSON.stringify(expected, null, 2)}\n`);
    const size = (await readFile(path.join(here, 'fixture.sql'))).length;
    process.stdout.write(
      `fixture: ${rows.reduce((sum, row) => sum + row.n, 0)} events of ${rows.length} types, ${tables.rows.length} tables, ${(size / 1024).toFixed(0)} KiB\n`,
    );
  } finally {
    api?.kill('SIGTERM');
    await server.stop();
  }
}

/** Until the log stops growing and every checkpoint is at its head (the follow-ups append as they go). */
async function settled(pool: pg.Pool): Promise<void> {
  let stableSince = 0;
  await until(async () => {
    const { rows } = await pool.query<{ behind: number; head: string | null }>(
      `WITH head AS (SELECT transaction_id::text::numeric AS c, global_position AS p FROM es_events
                      ORDER BY transaction_id DESC, global_position DESC LIMIT 1)
       SELECT (SELECT count(*)::int FROM projection_checkpoints, head
                WHERE position_commit IS DISTINCT FROM head.c OR position_prepare IS DISTINCT FROM head.p) AS behind,
              (SELECT c || ':' || p FROM head) AS head`,
    );
    if (rows[0]!.behind > 0) {
      stableSince = 0;
      return false;
    }
    stableSince ||= Date.now();
    return Date.now() - stableSince > 1_000;
  }, 60_000);
}

async function until(check: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `legacy fixture: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
