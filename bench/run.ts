import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import pino from 'pino';
import { verifyLedger } from '../api/audit/verifyLedger.ts';
import { hashSecret } from '../api/auth/credentials.ts';
import { createSession } from '../api/auth/sessions.ts';
import { registerUser } from '../api/auth/users.service.ts';
import { loadConfig } from '../api/config.ts';
import type { Deps } from '../api/deps.ts';
import { startServices } from '../api/services.ts';
import { startApp, startProjectionWorker } from '../api/testing/processes.ts';
import { accountDecider, accountStream } from '../domain/accounts/account.ts';
import { appendBatch, type StreamAppend } from '../infra/eventStore/eventStore.ts';
import { PostgresEventStore } from '../infra/eventStore/postgresEventStore.ts';
import { startEmbeddedPostgres } from '../infra/postgres/embedded.ts';
import { ensureDatabase } from '../infra/postgres/pool.ts';
import { ensureWebBuild, launchBrowser } from '../web/e2e/harness.ts';
import { type Figure, stat } from './stat.ts';

/**
 * npm run bench — every figure is the median of RUNS runs, with min and max, measured on this machine
 * against a baseline taken in the same run. Uses BENCH_DATABASE_URL, else starts its own (durable)
 * embedded Postgres (on such a server of the caller's, the databases a run makes are dropped at its end).
 * BENCH_EVENTS sets the size of the log for the rebuild/export scenarios (default 1,000,000);
 * BENCH_SECONDS the length of each load run (default 10); BENCH_RESULTS where the results go (default
 * bench/results.json; bench/bench.int.test.ts runs a small bench with its own).
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LOG_EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
/** The journal 7 exports (the issue: 1,000,000 postings); about half as many as the log has events. */
const EXPORT_POSTINGS = Number(process.env.BENCH_POSTINGS ?? 1_000_000);
/** BENCH_ONLY=commit,http,log runs some groups: 1-2 (commit path), 3-5 (HTTP), 6-9 (log, web and screens). */
const ONLY = process.env.BENCH_ONLY?.split(',').map((group) => group.trim());
const want = (group: 'commit' | 'http' | 'log') => !ONLY || ONLY.includes(group);
const repo = path.resolve(import.meta.dirname, '..');

const results: Record<string, Record<string, Figure | string | number>> = {};

/** Prometheus's text format, one entry per sample line ("name{labels}" -> value). */
async function scrapeMetrics(url: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const cut = line.lastIndexOf(' ');
    samples.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return samples;
}

function serverStats(before: Map<string, number>, after: Map<string, number>, pid: number): string {
  const delta = (key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0);
  const route = 'method="POST",route="/api/transactions"';
  const count = delta(`sai_http_request_duration_seconds_count{${route}}`);
  const within = ['0.01', '0.025', '0.05', '0.1']
    .map((le) => {
      const n = delta(`sai_http_request_duration_seconds_bucket{le="${le}",${route}}`);
      return `${Number(le) * 1000} ms ${((100 * n) / Math.max(1, count)).toFixed(1)} %`;
    })
    .join(', ');
  const gc = ['minor', 'major', 'incremental']
    .map((kind) => {
      const n = delta(`sai_nodejs_gc_duration_seconds_count{kind="${kind}"}`);
      const ms = delta(`sai_nodejs_gc_duration_seconds_sum{kind="${kind}"}`) * 1000;
      const over10 = n - delta(`sai_nodejs_gc_duration_seconds_bucket{le="0.01",kind="${kind}"}`);
      return `${kind} ${n} (${ms.toFixed(0)} ms, ${over10} over 10 ms)`;
    })
    .join(', ');
  const lag = (name: string) =>
    `${((after.get(`sai_nodejs_eventloop_lag_${name}_seconds`) ?? 0) * 1000).toFixed(1)}`;
  return (
    `server: ${count} transfers answered by the API within ${within} of their arrival in it; ` +
    `event loop delay p50 ${lag('p50')} / p99 ${lag('p99')} / max ${lag('max')} ms; collections ${gc}; ` +
    `the API's peak RSS so far ${((peakRssKb(pid) ?? Number.NaN) / 1024).toFixed(0)} MB`
  );
}

/** A process's peak resident set so far (VmHWM), in kB; null once it is gone. */
function peakRssKb(pid: number): number | null {
  try {
    const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return hwm ? Number(hwm[1]) : null;
  } catch {
    return null;
  }
}

/**
 * The load generator's own pauses during a run (this process): a late event loop or a collection delays
 * the requests it sends and stretches the latencies it measures.
 */
function watchLoadGenerator(): () => string {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const collections: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) collections.push(entry.duration);
  });
  delay.enable();
  observer.observe({ entryTypes: ['gc'] });
  return () => {
    delay.disable();
    observer.disconnect();
    const ms = (ns: number) => (ns / 1e6).toFixed(1);
    return (
      `load generator: event loop delay p50 ${ms(delay.percentile(50))} / p99 ${ms(delay.percentile(99))} / ` +
      `max ${ms(delay.max)} ms (a 10 ms timer); ${collections.length} collections, ` +
      `${collections.reduce((a, b) => a + b, 0).toFixed(0)} ms, the longest ${Math.max(0, ...collections).toFixed(0)} ms; ` +
      `heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB`
    );
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
function log(text: string) {
  process.stderr.write(`${text}\n`);
}

async function repeat(
  runs: number,
  once: () => Promise<Record<string, number>>,
): Promise<Record<string, number[]>> {
  const all: Record<string, number[]> = {};
  for (let i = 0; i < runs; i++) {
    for (const [k, v] of Object.entries(await once())) {
      all[k] ??= [];
      all[k].push(v);
    }
  }
  return all;
}

/** Runs `work` from `concurrency` workers for `seconds`; returns ops/s and latency percentiles (ms). */
async function load(
  concurrency: number,
  seconds: number,
  work: (worker: number, i: number) => Promise<void>,
) {
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  let ops = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const t0 = performance.now();
        await work(worker, i);
        latencies.push(performance.now() - t0);
        ops++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { opsPerSecond: ops / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** What the bench's own services and the API processes it starts share. */
const BENCH_ENV = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
  LOG_LEVEL: 'silent',
  SECURE_COOKIES: 'off',
} as const;

// USER_HZ: 100 on every Linux build Node runs on (sysconf is not reachable from Node without an addon).
const CLOCK_TICKS = 100;

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); 0 when it is gone. */
function cpuSecondsOf(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
/** CPU seconds used so far by each named process, and by the whole machine (busy time over all cores). */
function cpuByGroup(groups: Record<string, number>): Record<string, number> {
  const result: Record<string, number> = {};
  for (const [name, pid] of Object.entries(groups)) result[name] = cpuSecondsOf(pid);
  // Whole machine: busy seconds over all cores, from /proc/stat's first line.
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  result.machineBusy = (cpu.reduce((a, b) => a + b, 0) - cpu[3]! - cpu[4]!) / CLOCK_TICKS;
  return result;
}

/**
 * A table's row count over a connection of its own, closed at once: an idle one left open would outlive a
 * failed run's Postgres and crash the bench with "terminating connection" instead of the real error.
 */
async function countRows(url: string, table: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n);
  } finally {
    await client.end();
  }
}

/** An operator's script as `npm run` starts it (`node scripts/tool.mjs NAME …`, npm's own start left out). */
async function peakRssOfChild(
  args: string[],
  env: Record<string, string>,
  onFirstByte?: () => void,
): Promise<{
  ms: number;
  peakMb: number;
  firstByteMs: number | null;
  stdoutBytes: number;
  /** When the rebuild's progress first named each phase (ms from the start). */
  phaseAt: Record<string, number>;
}> {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/tool.mjs', ...args], {
    cwd: repo,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const phaseAt: Record<string, number> = {};
  let errTail = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errTail = (errTail + String(chunk)).slice(-4_000);
    for (const phase of String(chunk).match(/(indexing|switching|done)\s*$/gm) ?? [])
      phaseAt[phase.trim()] ??= performance.now() - started;
  });
  let peakKb = 0;
  let firstByte: number | null = null;
  let bytes = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    if (firstByte === null) {
      firstByte = performance.now() - started;
      onFirstByte?.();
    }
    bytes += chunk.length;
  });
  const poll = setInterval(() => {
    peakKb = Math.max(peakKb, peakRssKb(child.pid ?? -1) ?? 0);
  }, 50);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(poll);
  if (code !== 0) throw new Error(`${args.join(' ')} exited with ${code}: ${errTail}`);
  return {
    ms: performance.now() - started,
    peakMb: peakKb / 1024,
    firstByteMs: firstByte,
    stdoutBytes: bytes,
    phaseAt,
  };
}

/** Drops the databases a run made (named by it: `bench_<time>`, `bench_log_<time>`). */
async function dropBenchDatabases(serverUrl: string, urls: readonly string[]) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (const url of urls)
      await admin.query(`DROP DATABASE IF EXISTS "${new URL(url).pathname.slice(1)}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

async function main() {
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
  const url = await ensureDatabase(serverUrl, `bench_${Date.now()}`);
  /** What this run made on the server (dropped at the end on a caller's server). */
  const made = [url];
  const pool = new pg.Pool({ connectionString: url, max: 70 });
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${process.env.BENCH_DATABASE_URL ? 'Postgres at BENCH_DATABASE_URL' : 'embedded Postgres 18 (fsync on)'}`;
  results.machine = { description: machine };
  try {
    if (want('commit')) {
      // 1. Baseline: raw single-row INSERT transactions into a table shaped like es_events.
      await pool.query(`CREATE TABLE bench_baseline (LIKE es_events INCLUDING ALL)`).catch(async () => {
        const store = new PostgresEventStore(pool, url);
        await store.init();
        await store.close();
        await pool.query(`CREATE TABLE bench_baseline (LIKE es_events INCLUDING ALL)`);
      });
      for (const concurrency of [1, 32]) {
        const r = await repeat(RUNS, async () => {
          const res = await load(concurrency, SECONDS / 2, async () => {
            await pool.query(
              `INSERT INTO bench_baseline (stream_name, stream_revision, event_id, event_type, data, metadata) VALUES ($1, 0, $2, 'X', '{}', '{}')`,
              [randomUUID(), randomUUID()],
            );
          });
          return { txPerSecond: res.opsPerSecond, p50: res.p50, p99: res.p99 };
        });
        results[`1. baseline INSERT c=${concurrency}`] = {
          throughput: stat(r.txPerSecond!, 'tx/s'),
          p50: stat(r.p50!, 'ms'),
          p99: stat(r.p99!, 'ms'),
        };
        log(`baseline c=${concurrency}: ${Math.round(stat(r.txPerSecond!, '').median)} tx/s`);
      }

      // 2. Event store appends, one event per transaction.
      const store = new PostgresEventStore(pool, url);
      await store.init();
      for (const concurrency of [1, 32]) {
        const r = await repeat(RUNS, async () => {
          const res = await load(concurrency, SECONDS / 2, async (worker, i) => {
            const id = randomUUID();
            await store.append(
              `bench-${worker}-${i % 1000}-${id.slice(0, 4)}`,
              [
                {
                  id,
                  type: 'Bench',
                  data: { i },
                  metadata: { actorId: null, correlationId: id, causationId: null },
                },
              ],
              { expectedRevision: 'any' },
            );
          });
          return { eventsPerSecond: res.opsPerSecond, p50: res.p50, p99: res.p99 };
        });
        const baseline = (results[`1. baseline INSERT c=${concurrency}`]!.throughput as Figure).median;
        const figure = stat(r.eventsPerSecond!, 'events/s');
        results[`2. store append c=${concurrency}`] = {
          throughput: figure,
          p50: stat(r.p50!, 'ms'),
          p99: stat(r.p99!, 'ms'),
          ratioToBaseline: Number((figure.median / baseline).toFixed(2)),
        };
        log(
          `append c=${concurrency}: ${Math.round(figure.median)} events/s (${(figure.median / baseline).toFixed(2)} of baseline)`,
        );
      }
      await store.close();
    }
    if (want('http')) {
      // 3 + 4. End-to-end transfers over HTTP with 64 connections, 1,000 funded users, Zipf senders.
      const config = loadConfig({ ...BENCH_ENV, DATABASE_URL: url, RATE_LIMITS: 'off' });
      // Production shape: the API with PROJECTIONS=off and the read models built by `npm run
      // projections:worker` in its own process (BENCH_PROJECTIONS=inline runs them inside the API instead).
      const inline = process.env.BENCH_PROJECTIONS === 'inline';
      const services = await startServices(config, pino({ level: 'silent' }), {
        databaseUrl: url,
        runProjections: false,
      });
      // BENCH_PROJECTIONS=none measures the command path alone (no read models are built meanwhile; the
      // worker starts after the load to catch up), to show what the projections cost.
      const none = process.env.BENCH_PROJECTIONS === 'none';
      const startWorker = () =>
        startProjectionWorker({
          databaseUrl: url,
          env: { LOG_LEVEL: 'silent' },
          // BENCH_WORKER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the projection worker.
          nodeArgs: process.env.BENCH_WORKER_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
        });
      let worker = inline || none ? null : await startWorker();
      results.machine!.projections = inline
        ? 'inside the API process'
        : none
          ? 'none during the load'
          : 'a separate worker process';
      const { deps } = services;
      // The API under load runs as its own process (`npm start`'s entry point), so the load generator
      // does not share its event loop; the services above only prepare users and read the results.
      const api = await startApp({
        databaseUrl: url,
        env: { ...BENCH_ENV, PROJECTIONS: inline ? 'on' : 'off' },
        // BENCH_API_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the API under load.
        nodeArgs: process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
      });
      const passwordHash = await hashSecret('bench-password');
      const users: { id: string; cookie: string }[] = [];
      log('bench: registering and funding 1,000 users');
      for (let i = 0; i < 1000; i += 25) {
        const created = await Promise.all(
          Array.from({ length: 25 }, async (_, j) => {
            const { user } = await registerUser(
              deps,
              {
                email: `b${i + j}@bench.example`,
                username: `bench${i + j}`,
                password: 'x',
                passwordHash,
                firstName: '',
                lastName: '',
                bio: '',
                profileImageUrl: '',
                isAdmin: false,
              },
              { actorId: null, correlationId: randomUUID(), causationId: null },
            );
            // Signed in by freshSessions, before each run.
            return { id: user.userId, cookie: '' };
          }),
        );
        users.push(...created);
      }
      const funding: StreamAppend[] = users.map((u) => {
        const events = accountDecider.decide(
          {
            type: 'MintTokens',
            data: {
              transactionId: randomUUID(),
              userId: u.id,
              asset: 'SAI',
              units: 10_000_000n,
              source: 'distribution',
              paymentId: null,
              description: 'bench',
              mintedBy: 'bench',
              receiverSuspended: false,
            },
            now: new Date(),
          },
          accountDecider.initialState(),
        );
        return {
          streamName: accountStream(u.id),
          expectedRevision: 'no_stream' as const,
          events: events.map((e) => ({
            id: randomUUID(),
            type: e.type,
            data: e.data,
            metadata: { actorId: null, correlationId: randomUUID(), causationId: null },
          })),
        };
      });
      await appendBatch(deps.store, funding);
      const zipfCdf = (() => {
        const w = users.map((_, k) => 1 / (k + 1) ** 1.1);
        const total = w.reduce((a, b) => a + b, 0);
        let acc = 0;
        return w.map((x) => {
          acc += x / total;
          return acc;
        });
      })();
      const pickSender = () => {
        // BENCH_SENDERS=uniform spreads senders evenly (to tell hot-account contention from the rest).
        if (process.env.BENCH_SENDERS === 'uniform') return users[Math.floor(Math.random() * users.length)]!;
        const r = Math.random();
        let lo = 0;
        let hi = zipfCdf.length - 1;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (zipfCdf[mid]! < r) lo = mid + 1;
          else hi = mid;
        }
        return users[lo]!;
      };
      const countTransfers = async () => {
        const { rows } = await deps.pool.query<{ sent: string; received: string; distinct_sent: string }>(
          `SELECT count(*) FILTER (WHERE event_type = 'TokensTransferred')::text AS sent,
                count(DISTINCT data->>'transactionId') FILTER (WHERE event_type = 'TokensTransferred')::text AS distinct_sent,
                count(*) FILTER (WHERE event_type = 'TransferReceived')::text AS received FROM es_events`,
        );
        return {
          sent: Number(rows[0]!.sent),
          distinctSent: Number(rows[0]!.distinct_sent),
          received: Number(rows[0]!.received),
        };
      };
      const transferRequest: autocannon.Request = {
        method: 'POST',
        path: '/api/transactions',
        setupRequest: (request) => {
          const sender = pickSender();
          let receiver = users[Math.floor(Math.random() * users.length)]!;
          if (receiver.id === sender.id) receiver = users[(users.indexOf(sender) + 1) % users.length]!;
          return {
            ...request,
            headers: { 'content-type': 'application/json', cookie: sender.cookie },
            body: JSON.stringify({ type: 'transfer', amount: '0.01', receiver_id: receiver.id }),
          };
        },
      };
      // A warm-up, not measured: the processes' code is compiled by V8 and the API's caches hold the
      // users' streams by the first measured second (the first of three runs was a third slower without).
      // Each user's cookie as a browser holds it: the API renews a session token older than a minute with
      // every answer (Set-Cookie), and a browser keeps the new one; autocannon cannot, so a run more than a
      // minute after sign-in would renew on every request (an UPDATE and a signature each: measured at
      // 14,335 renewals in 10 s, stop 18). Fresh sessions before each run keep every token younger than that.
      const freshSessions = async () => {
        for (let i = 0; i < users.length; i += 50)
          await Promise.all(
            users.slice(i, i + 50).map(async (user) => {
              const session = await createSession(
                deps.pool,
                deps.sessions,
                { userId: user.id, isAdmin: false },
                true,
              );
              user.cookie = `sai_session=${session.token}`;
            }),
          );
      };
      // Each fresh session's first request, before the measured seconds. A browser's session begins with a
      // sign-in the API answers, and the API trusts a token it signed itself (api/auth/sessions.ts); these
      // tokens are signed here instead, to spare 1,000 password hashes, so without this each session's first
      // use (its token's HMAC check on the API's thread pool, its new row's first read) fell inside the
      // measured run, spread over it by the Zipf senders. Measured (stop 25, alternating, two pairs): the
      // first 2 s of a run at 1,700-1,800 transfers/s without it against 2,300-2,400 with it, and the runs'
      // p99 56 and 78 ms against 42 and 47 ms.
      const signIn = async () => {
        for (let i = 0; i < users.length; i += 64)
          await Promise.all(
            users.slice(i, i + 64).map(async (user) => {
              const answer = await fetch(`${api.url}/api/auth/user`, { headers: { cookie: user.cookie } });
              if (answer.status !== 200) throw new Error(`bench: sign-in check answered ${answer.status}`);
              await answer.arrayBuffer();
            }),
          );
      };
      const freshSignedIn = async () => {
        await freshSessions();
        await signIn();
      };
      await freshSignedIn();
      await autocannon({ url: api.url, connections: 64, duration: 3, requests: [transferRequest] });
      // Requests cut off at its end may still commit: let them, before the log is counted.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await services.deps.runner.waitFor((await deps.store.headPosition())!, deps.runner.names, 60_000);
      const before = await countTransfers();
      let acceptedTotal = 0;
      let unansweredTotal = 0;
      let timelineRuns = 0;
      const e2e = await repeat(RUNS, async () => {
        const lagSamples: number[] = [];
        // What Postgres backends wait on during the load (BENCH_WAITS=1 prints a tally): the profile of the
        // API shows it idle, waiting on the database, and this says for what.
        const waits = new Map<string, number>();
        const waitSampler = process.env.BENCH_WAITS
          ? setInterval(() => {
              deps.pool
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
            }, 100)
          : null;
        const sampler = setInterval(() => {
          deps.runner.status(100).then(
            (s) => {
              // A sample only where the ledger's lag was read: a missing one is not a lag of 0.
              const lag = s.find((p) => p.name === 'ledger')?.lagMs;
              if (typeof lag === 'number') lagSamples.push(lag);
            },
            () => {},
          );
        }, 100);
        if (process.env.BENCH_PG_STATS) {
          await deps.pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
          await deps.pool.query('SELECT pg_stat_statements_reset()');
        }
        const tableStats = async () =>
          process.env.BENCH_PG_STATS
            ? new Map(
                (
                  await deps.pool.query<{
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
              )
            : null;
        // The WAL written during the load, the checkpoints that ran (full-page images follow each one), autovacuum's
        // runs and the blocks Postgres had to read in.
        const walStats = async () =>
          process.env.BENCH_PG_STATS
            ? (
                await deps.pool.query<{
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
              ).rows[0]!
            : null;
        await freshSignedIn();
        // BENCH_SERVER_STATS=1: the API's own view of the load from its /metrics (prom-client): how long it
        // took over each transfer, its event loop's delays, its garbage collections; to tell what the API
        // adds to the latency autocannon sees from what queueing on the machine's two cores adds.
        // (Scraping resets the event loop's delay histogram, so the second scrape covers the load alone.)
        const serverBefore = process.env.BENCH_SERVER_STATS ? await scrapeMetrics(api.url) : null;
        const loadGenerator = serverBefore ? watchLoadGenerator() : null;
        const tablesBefore = await tableStats();
        const walBefore = await walStats();
        // CPU spent during the load by each process, per accepted transfer: what the two cores go to.
        const cpuGroups = { api: api.pid, worker: worker?.pid ?? -1, loadGenerator: process.pid };
        const cpuBefore = cpuByGroup(cpuGroups);
        const load = autocannon({
          url: api.url,
          connections: 64,
          duration: SECONDS,
          requests: [transferRequest],
          // Without a callback autocannon returns its run: an event emitter that is also a promise.
        }) as Promise<autocannon.Result> & EventEmitter;
        // BENCH_TIMELINE=file writes each answer's time and latency (ms), to tell stalls from queueing.
        const timeline: string[] = [];
        if (process.env.BENCH_TIMELINE) {
          const started = performance.now();
          load.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) =>
            timeline.push(`${(performance.now() - started).toFixed(1)}\t${ms.toFixed(1)}`),
          );
        }
        const result = await load;
        if (process.env.BENCH_TIMELINE)
          writeFileSync(`${process.env.BENCH_TIMELINE}.${++timelineRuns}`, `${timeline.join('\n')}\n`);
        clearInterval(sampler);
        const cpuAfter = cpuByGroup(cpuGroups);
        const cpu = Object.fromEntries(
          Object.keys(cpuAfter).map((name) => [
            name,
            ((cpuAfter[name]! - cpuBefore[name]!) * 1000) / Math.max(1, result['2xx']),
          ]),
        ) as Record<keyof typeof cpuGroups | 'machineBusy', number>;
        if (process.env.BENCH_PG_STATS) {
          const { rows } = await deps.pool.query<{ ms: number; plan: number; calls: string; query: string }>(
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
          const walAfter = (await walStats())!;
          const walDelta = (key: keyof typeof walAfter) =>
            Number(walAfter[key]) - Number(walBefore?.[key] ?? 0);
          log(
            `pg wal: ${(walDelta('bytes') / 2 ** 20).toFixed(1)} MB in ${walDelta('records')} records (${(walDelta('bytes') / Math.max(1, result['2xx'])).toFixed(0)} bytes and ${(walDelta('records') / Math.max(1, result['2xx'])).toFixed(1)} records per accepted transfer), ${walDelta('fpi')} full-page images, ${walDelta('checkpoints')} checkpoints, ${walDelta('autovacuums')} autovacuums and autoanalyzes, ${walDelta('reads')} blocks read from outside the shared buffers; ${walDelta('segments')} new WAL segments, ${walDelta('segmentMs')} ms creating them`,
          );
          // Sequential scans during the load, per table (the statistics lag by up to a second).
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          for (const [table, after] of (await tableStats())!) {
            const before = tablesBefore?.get(table);
            const seq = Number(after.seq) - Number(before?.seq ?? 0);
            if (seq > 0)
              log(
                `pg table ${table}: ${seq} seq scans reading ${Number(after.seq_read) - Number(before?.seq_read ?? 0)} rows, ${Number(after.idx) - Number(before?.idx ?? 0)} index scans, ${after.dead} dead rows now`,
              );
          }
        }
        if (serverBefore && loadGenerator) {
          const own = loadGenerator();
          log(serverStats(serverBefore, await scrapeMetrics(api.url), api.pid));
          log(own);
        }
        if (waitSampler) {
          clearInterval(waitSampler);
          log(`postgres waits: ${JSON.stringify([...waits].sort((a, b) => b[1] - a[1]).slice(0, 12))}`);
        }
        if (lagSamples.length === 0)
          throw new Error('bench: no projection lag could be read during the load');
        lagSamples.sort((a, b) => a - b);
        const accepted = result['2xx'];
        log(
          `http run: ${(accepted / SECONDS).toFixed(0)} transfers/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
        );
        acceptedTotal += accepted;
        // Requests cut off when the run ends (at most one per connection) or timed out: they may or may not
        // have been committed; everything else must be in the log exactly once.
        unansweredTotal += 64 + result.timeouts + result.errors;
        return {
          acceptedPerSecond: accepted / SECONDS,
          p50: result.latency.p50,
          p99: result.latency.p99,
          p999: result.latency.p99_9 ?? result.latency.p99,
          errors: result.errors + result.timeouts + result.non2xx,
          cpuApi: cpu.api,
          cpuWorker: cpu.worker,
          // Postgres backends come and go (a sum over the living ones can even shrink), so Postgres is
          // counted as the machine's busy time less the three Node processes: it includes the kernel's own.
          cpuPostgres: cpu.machineBusy - cpu.api - cpu.worker - cpu.loadGenerator,
          cpuLoadGenerator: cpu.loadGenerator,
          cpuMachine: cpu.machineBusy,
          machineBusyShare: (cpuAfter.machineBusy! - cpuBefore.machineBusy!) / (os.cpus().length * SECONDS),
          lagP50: percentile(lagSamples, 50),
          lagP99: percentile(lagSamples, 99),
        };
      });
      results['3. HTTP transfers, 64 connections'] = {
        accepted: stat(e2e.acceptedPerSecond!, 'transfers/s'),
        p50: stat(e2e.p50!, 'ms'),
        p99: stat(e2e.p99!, 'ms'),
        'p99.9': stat(e2e.p999!, 'ms'),
        errors: stat(e2e.errors!, 'requests'),
      };
      // The issue's stretch goal, and a figure that stays comparable when the machine's speed varies from
      // run to run: accepted transfers per single-row commit of the baseline at c=32, in this same run.
      const commits32 = results['1. baseline INSERT c=32']?.throughput as Figure | undefined;
      if (commits32)
        results['3. HTTP transfers, 64 connections'].ratioToBaseline = Number(
          (
            (results['3. HTTP transfers, 64 connections'].accepted as Figure).median / commits32.median
          ).toFixed(3),
        );
      results['3b. CPU per accepted transfer during the load'] = {
        api: stat(e2e.cpuApi!, 'ms'),
        projectionWorker: stat(e2e.cpuWorker!, 'ms'),
        postgres: stat(e2e.cpuPostgres!, 'ms (Postgres and the kernel: the machine less the Node processes)'),
        loadGenerator: stat(e2e.cpuLoadGenerator!, 'ms (autocannon, this process)'),
        wholeMachine: stat(e2e.cpuMachine!, 'ms'),
        machineBusy: stat(e2e.machineBusyShare!, 'of both cores'),
      };
      // Zero lost or duplicated: every acknowledged transfer is exactly one debit and one credit in the log
      // (the credit may be finished by the follow-up worker a moment later).
      let after = await countTransfers();
      for (let i = 0; i < 100 && after.received - before.received < after.sent - before.sent; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        after = await countTransfers();
      }
      results['3. HTTP transfers, 64 connections'].acknowledged = acceptedTotal;
      results['3. HTTP transfers, 64 connections'].debitsInLog = after.sent - before.sent;
      results['3. HTTP transfers, 64 connections'].creditsInLog = after.received - before.received;
      const debits = after.sent - before.sent;
      const credits = after.received - before.received;
      const duplicated = after.sent - after.distinctSent;
      if (
        debits < acceptedTotal ||
        debits > acceptedTotal + unansweredTotal ||
        credits !== debits ||
        duplicated
      ) {
        throw new Error(
          `transfers lost or duplicated: ${acceptedTotal} acknowledged (${unansweredTotal} unanswered at most), ${debits} debits, ${credits} credits, ${duplicated} duplicated debits in the log`,
        );
      }
      results['4. projection lag under load (ledger)'] = {
        p50: stat(e2e.lagP50!, 'ms'),
        p99: stat(e2e.lagP99!, 'ms'),
      };
      log(
        `http: ${Math.round(stat(e2e.acceptedPerSecond!, '').median)} transfers/s, p99 ${stat(e2e.p99!, '').median} ms`,
      );

      if (none) worker = await startWorker();
      // 5. Command cost against history: an account with 100,000 past events vs one with 10.
      const deep = users[0]!.id;
      const shallow = users[1]!.id;
      log('bench: giving one account 100,000 past events');
      // Real history through the decider (small distributions), so the ledger still balances afterwards.
      for (let done = 0; done < 100_000; done += 2_000) {
        const events = Array.from({ length: 2_000 }, () => {
          const [event] = accountDecider.decide(
            {
              type: 'MintTokens',
              data: {
                transactionId: randomUUID(),
                userId: deep,
                asset: 'SAI',
                units: 1n,
                source: 'distribution',
                paymentId: null,
                description: 'bench history',
                mintedBy: 'bench',
                receiverSuspended: false,
              },
              now: new Date(),
            },
            accountDecider.initialState(),
          );
          return {
            id: randomUUID(),
            type: event!.type,
            data: event!.data,
            metadata: { actorId: null, correlationId: randomUUID(), causationId: null },
          };
        });
        await deps.store.append(accountStream(deep), events, { expectedRevision: 'any' });
      }
      const { transferTokens } = await import('../api/ledger/ledger.service.ts');
      // The projections first catch up with those 100,000 events: timed while the worker was still
      // building their rows, the deep account's transfers also paid for that (ratio 1.21 in a run of stop
      // 23, where the worker had 100,000 rows left to write during the deep account's turn and none during
      // the shallow one's).
      await services.deps.runner.waitFor((await deps.store.headPosition())!, deps.runner.names, 600_000);
      const transferFrom = (from: string, description: string) =>
        transferTokens(
          deps,
          { transactionId: randomUUID(), fromUserId: from, toUserId: users[2]!.id, units: 1n, description },
          { actorId: from, correlationId: randomUUID(), causationId: null },
        );
      // The two accounts take turns, one transfer each, so that whatever else the machine does in those
      // seconds (the worker projecting these transfers, a noisy neighbour) falls on both alike.
      const timeTransfers = async () => {
        const times: Record<'deep' | 'shallow', number[]> = { deep: [], shallow: [] };
        await transferFrom(deep, 'warm');
        await transferFrom(shallow, 'warm');
        for (let i = 0; i < 200; i++) {
          for (const [which, from] of [
            ['deep', deep],
            ['shallow', shallow],
          ] as const) {
            const t0 = performance.now();
            await transferFrom(from, 'cost');
            times[which].push(performance.now() - t0);
          }
        }
        return { deep: stat(times.deep, 'ms').median, shallow: stat(times.shallow, 'ms').median };
      };
      const cost = await repeat(RUNS, timeTransfers);
      const deepCost = stat(cost.deep!, 'ms');
      const shallowCost = stat(cost.shallow!, 'ms');
      results['5. command cost vs history'] = {
        '100k events': deepCost,
        '10 events': shallowCost,
        ratio: Number((deepCost.median / shallowCost.median).toFixed(2)),
      };
      log(`cost ratio: ${(deepCost.median / shallowCost.median).toFixed(2)}`);

      // Conservation after all that load: every chain and balance agrees with the log.
      const head = await deps.store.headPosition();
      const caughtUp = await deps.runner.waitFor(head!, deps.runner.names, 600_000);
      if (!caughtUp) log('bench: the read models did not catch up within 10 minutes');
      const report = await verifyLedger(deps.store, deps.pool);
      results['conservation after load'] = { problems: report.problems.length, events: report.events };
      for (const problem of report.problems.slice(0, 5)) log(`ledger:verify: ${JSON.stringify(problem)}`);
      await api.stop();
      await services.stop();
      await worker?.stop();
    }
    if (want('log')) {
      // 6 + 7. A log of LOG_EVENTS events (made by the seeder), rebuilt and exported by the real scripts.
      log(`bench: seeding a log of ${LOG_EVENTS.toLocaleString('en-US')} events`);
      const seedUrl = await ensureDatabase(serverUrl, `bench_log_${Date.now()}`);
      made.push(seedUrl);
      const env = { DATABASE_URL: seedUrl, SESSION_SECRET: BENCH_ENV.SESSION_SECRET, LOG_LEVEL: 'silent' };
      await peakRssOfChild(
        ['seed', '--users', '1000', '--events', String(LOG_EVENTS), '--batch', '2000'],
        env,
      );
      const eventCount = await countRows(seedUrl, 'es_events');
      // The measured tools' bundles are made fresh first: a first run would otherwise count their build.
      for (const tool of ['rebuildProjections', 'exportLedger'])
        execFileSync(process.execPath, ['scripts/tool.mjs', '--build', tool], {
          cwd: repo,
          stdio: 'inherit',
        });
      const rebuild = await repeat(Math.min(RUNS, 2), async () => {
        const r = await peakRssOfChild(['rebuildProjections', '--fresh'], env);
        const at = (phase: string) => (r.phaseAt[phase] ?? r.ms) / 1000;
        return {
          eventsPerSecond: eventCount / (r.ms / 1000),
          seconds: r.ms / 1000,
          // Where the time goes: the pass over the log (with the process's start), the deferred keys,
          // indexes and ANALYZE, the switch, and what follows it (dropping older retired tables, exit).
          building: at('indexing'),
          indexing: at('switching') - at('indexing'),
          switching: at('done') - at('switching'),
          after: r.ms / 1000 - at('done'),
          peakMb: r.peakMb,
        };
      });
      results['6. rebuild all read models'] = {
        events: eventCount,
        throughput: stat(rebuild.eventsPerSecond!, 'events/s (all read models, one pass)'),
        seconds: stat(rebuild.seconds!, 's'),
        building: stat(rebuild.building!, 's (start and the pass over the log)'),
        indexing: stat(rebuild.indexing!, 's (keys, indexes, ANALYZE)'),
        switching: stat(rebuild.switching!, 's'),
        after: stat(rebuild.after!, 's (older retired tables dropped, exit)'),
        peakMemory: stat(rebuild.peakMb!, 'MB'),
      };
      // 7 exports a journal of EXPORT_POSTINGS postings. The 1M-event log holds about half as many (a
      // transfer's credit, a registration, a card's events post nothing): until stop 23 the export ran on
      // that log's 494,892. The seeder now adds events until the journal is long enough, and every read
      // model is rebuilt once more over the longer log: 6b, the rebuild's memory at twice the log's size.
      let postings = await countRows(seedUrl, 'ledger_postings');
      if (postings < EXPORT_POSTINGS) {
        const perEvent = postings / eventCount;
        const more = Math.ceil(((EXPORT_POSTINGS - postings) / perEvent) * 1.02);
        log(
          `bench: adding ${more.toLocaleString('en-US')} events for a journal of ${EXPORT_POSTINGS.toLocaleString('en-US')} postings`,
        );
        await peakRssOfChild(
          ['seed', '--users', '1000', '--events', String(more), '--batch', '2000', '--seed', '43'],
          env,
        );
        const longerEvents = await countRows(seedUrl, 'es_events');
        // As many runs as 6: the rebuild's memory at twice the log's size, and its rate there.
        const longer = await repeat(Math.min(RUNS, 2), async () => {
          const r = await peakRssOfChild(['rebuildProjections', '--fresh'], env);
          return { eventsPerSecond: longerEvents / (r.ms / 1000), seconds: r.ms / 1000, peakMb: r.peakMb };
        });
        results['6b. rebuild all read models, the longer log of 7'] = {
          events: longerEvents,
          throughput: stat(longer.eventsPerSecond!, 'events/s (all read models, one pass)'),
          seconds: stat(longer.seconds!, 's'),
          peakMemory: stat(longer.peakMb!, 'MB'),
        };
        postings = await countRows(seedUrl, 'ledger_postings');
        if (postings < EXPORT_POSTINGS)
          log(`bench: the journal has ${postings} postings, fewer than ${EXPORT_POSTINGS}`);
      }
      const exported = await repeat(RUNS, async () => {
        const r = await peakRssOfChild(['exportLedger', '--from', '2000-01-01', '--to', '2999-01-01'], env);
        return {
          seconds: r.ms / 1000,
          firstByteMs: r.firstByteMs ?? 0,
          peakMb: r.peakMb,
        };
      });
      // The CLI's own start (Node, its bundle's imports, pool, schema check) measured with an empty period, so the
      // export's rate can be told apart from the process's start.
      const startup = await repeat(RUNS, async () => {
        const r = await peakRssOfChild(['exportLedger', '--from', '2000-01-01', '--to', '2000-01-02'], env);
        return { ms: r.ms };
      });
      const startMs = stat(startup.ms!, 'ms').median;
      results['7. export to CSV'] = {
        postings,
        throughput: stat(
          exported.seconds!.map((seconds) => postings / seconds),
          'rows/s (whole command, process start included)',
        ),
        throughputAfterStart: stat(
          exported.seconds!.map((seconds) => postings / (seconds - startMs / 1000)),
          'rows/s (process start taken out)',
        ),
        processStart: stat(startup.ms!, 'ms (an empty period)'),
        firstByte: stat(exported.firstByteMs!, 'ms (incl. process start)'),
        peakMemory: stat(exported.peakMb!, 'MB'),
      };

      // 8. Web: landing JavaScript (gzip) from the production build, and the dashboard's time to interactive.
      await ensureWebBuild();
      const dist = path.join(repo, 'web', 'dist');
      if (existsSync(path.join(dist, 'index.html'))) {
        const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
        const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
        const bytes = scripts.reduce((sum, s) => sum + gzipSync(readFileSync(path.join(dist, s))).length, 0);
        results['8. web'] = {
          landingJsGzipKb: Number((bytes / 1024).toFixed(1)),
          chunks: readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js')).length,
        };
      }
      // performance.now() in the page counts from its navigation start.
      const { apiExportFirstByte, apiExportRows, ...web } = await dashboardTimeToInteractive(seedUrl);
      results['7. export to CSV'] = {
        ...results['7. export to CSV'],
        'API first byte': apiExportFirstByte!,
        'API throughput': apiExportRows!,
      };
      results['8. web'] = { ...results['8. web'], ...web };
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
  writeFileSync(
    process.env.BENCH_RESULTS ?? path.join(repo, 'bench', 'results.json'),
    `${JSON.stringify({ command: 'npm run bench', at: new Date().toISOString(), results }, null, 2)}\n`,
  );
  const lines: string[] = [];
  for (const [name, figures] of Object.entries(results)) {
    const parts = Object.entries(figures).map(([k, v]) =>
      typeof v === 'object'
        ? `${k} ${Math.round((v as Figure).median * 10) / 10} ${(v as Figure).unit} [${Math.round((v as Figure).min * 10) / 10}–${Math.round((v as Figure).max * 10) / 10}]`
        : `${k} ${v}`,
    );
    lines.push(`${name.padEnd(40)} ${parts.join(' · ')}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  process.exit(0);
}

/**
 * Time to interactive of the dashboard in headless Chromium: from navigation start until the page's own
 * data has arrived and the "Send" quick action accepts a click (its dialog opens), with a signed-in user of
 * the seeded log, against the production build served by the real app.
 */
async function dashboardTimeToInteractive(databaseUrl: string): Promise<Record<string, Figure>> {
  const config = loadConfig({ ...BENCH_ENV, DATABASE_URL: databaseUrl, RATE_LIMITS: 'off' });
  // Sessions are made here; the API under measure is `npm start`'s entry point in a process of its own (the
  // read models are already caught up), so neither the browser's page nor the export's client shares its
  // event loop.
  const services = await startServices(config, pino({ level: 'silent' }), {
    databaseUrl,
    runProjections: false,
  });
  const api = await startApp({
    databaseUrl,
    env: { ...BENCH_ENV, PROJECTIONS: 'off' },
  });
  const base = api.url;
  const browser = await launchBrowser();
  try {
    const { rows } = await services.deps.pool.query<{ id: string }>(
      'SELECT id FROM users ORDER BY id LIMIT 1',
    );
    const session = await createSession(
      services.deps.pool,
      services.deps.sessions,
      { userId: rows[0]!.id, isAdmin: false },
      true,
    );
    // 7 (API). The admin export over HTTP from a running API: time to first byte and rows/s as streamed.
    const admin = await createSession(
      services.deps.pool,
      services.deps.sessions,
      { userId: rows[0]!.id, isAdmin: true },
      true,
    );
    const firstByte: number[] = [];
    const apiRows: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const response = await fetch(`${base}/api/admin/ledger/export?from=2000-01-01&to=2999-01-01`, {
        headers: { cookie: `sai_session=${admin.token}` },
      });
      if (!response.ok || !response.body) {
        log(`bench: the API export answered ${response.status}`);
        break;
      }
      let first = 0;
      let lines = 0;
      for await (const chunk of response.body) {
        if (first === 0) first = performance.now() - t0;
        // Count lines natively: a JavaScript loop over every byte would slow the API it shares a process with.
        const bytes = chunk as Uint8Array;
        for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) lines++;
      }
      firstByte.push(first);
      apiRows.push((lines - 1) / ((performance.now() - t0) / 1000));
    }
    results['9. screens on the log (each call, 5 times)'] = await screenCalls(
      base,
      services.deps,
      admin.token,
    );
    const times: number[] = [];
    for (let i = 0; i < Math.max(RUNS, 5); i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addCookies([{ name: 'sai_session', value: session.token, url: base }]);
      const page = await context.newPage();
      await page.goto(`${base}/dashboard`);
      await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
      await page
        .getByRole('button', { name: /^Send$/ })
        .first()
        .click();
      await page.getByRole('dialog').waitFor();
      times.push(await page.evaluate(() => performance.now()));
      await context.close();
    }
    return {
      dashboardTimeToInteractive: stat(times, 'ms'),
      apiExportFirstByte: stat(firstByte, 'ms'),
      apiExportRows: stat(apiRows, 'rows/s'),
    };
  } finally {
    await browser.close();
    await api.stop();
    await services.stop();
  }
}

/**
 * 9. What each screen's calls take on the seeded log, as the busiest user (the most postings) and as an
 * admin: a read model that a screen scans instead of seeking shows here as a call that grows with the log
 * (the admin's transaction screen did until stop 23: 44 ms on the 1M log, now under 1 ms). Informational:
 * the issue sets no target. The statement and export downloads are measured as exports (7), not here.
 */
async function screenCalls(
  base: string,
  deps: Pick<Deps, 'pool' | 'sessions'>,
  adminToken: string,
): Promise<Record<string, Figure>> {
  const { rows } = await deps.pool.query<{ user_id: string; transaction_id: string }>(
    `SELECT substr(from_account, 6) AS user_id,
            (SELECT transaction_id FROM ledger_postings p WHERE p.from_account = b.from_account
              ORDER BY position_commit DESC LIMIT 1) AS transaction_id
       FROM (SELECT from_account, count(*) AS n FROM ledger_postings WHERE from_account LIKE 'user:%'
              GROUP BY 1 ORDER BY 2 DESC LIMIT 1) b`,
  );
  const busiest = rows[0];
  if (!busiest) return {};
  const user = (
    await createSession(deps.pool, deps.sessions, { userId: busiest.user_id, isAdmin: false }, false)
  ).token;
  const u = busiest.user_id;
  const calls: [string, string][] = [
    [user, '/api/auth/user'],
    [user, '/api/transactions?limit=5'],
    [user, '/api/transactions?limit=50'],
    [user, '/api/transactions?type=deposit&limit=20'],
    [user, '/api/transactions?status=pending&limit=20'],
    [user, '/api/notifications'],
    [user, '/api/notifications/unread-count'],
    [user, '/api/crypto/balances'],
    [user, `/api/cards/user/${u}`],
    [user, `/api/payments/user/${u}`],
    [adminToken, '/api/admin/stats'],
    [adminToken, '/api/users'],
    [adminToken, '/api/transactions/all'],
    [adminToken, '/api/transactions/all?type=card_payment'],
    [adminToken, '/api/transactions/all?q=zzzz'],
    [adminToken, '/api/admin/cards'],
    [adminToken, `/api/admin/audit/users/${u}`],
    [adminToken, `/api/admin/audit/streams/account-${u}`],
    [adminToken, `/api/admin/ledger/balance?account=user:${u}&asset=SAI&at=${new Date().toISOString()}`],
    [adminToken, '/api/admin/projections'],
    [adminToken, `/api/admin/transactions/${busiest.transaction_id}`],
  ];
  const out: Record<string, Figure> = {};
  for (const [token, call] of calls) {
    const ms: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      const response = await fetch(`${base}${call}`, { headers: { cookie: `sai_session=${token}` } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`bench: ${call} answered ${response.status}`);
      ms.push(performance.now() - t0);
    }
    out[
      call
        .replace(u, '{busiest}')
        .replace(busiest.transaction_id, '{id}')
        .replace(/at=[^&]+/, 'at={now}')
    ] = stat(ms, 'ms');
  }
  return out;
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
