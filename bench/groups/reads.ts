import autocannon from 'autocannon';
import { log, RUNS, results, SECONDS } from '../lib/context.ts';
import { CEILING_PATH, DASHBOARD_CALLS } from '../lib/dashboard.ts';
import { repeat } from '../lib/measure.ts';
import { scrapeMetrics } from '../lib/processes.ts';
import { stat } from '../stat.ts';
import { type ReadsSetup, startReads } from './readsSetup.ts';

/** One endpoint under load: the trivial-read ceiling (no session sent) or one of the dashboard's reads. */
interface Target {
  name: string;
  path: (userId: string) => string;
  signedIn: boolean;
}

const TARGETS: readonly Target[] = [
  { name: 'ceiling', path: () => CEILING_PATH, signedIn: false },
  ...DASHBOARD_CALLS.map((call) => ({ ...call, signedIn: true })),
];

/**
 * Whether a status counts as answered: a 2xx, and from the card call a 404 too (a user with no card is
 * answered 404 today; a card-less 200 would count as well).
 */
const answered = (name: string, status: number) =>
  (status >= 200 && status < 300) || (name === 'card' && status === 404);

/** Reads per answer while the dashboard's calls for one user are timed: 50 after 10 not timed. */
const TIMED = 50;
const WARM = 10;

/**
 * 11 + 11b. The dashboard's reads on a database of their own (readsSetup.ts): READERS signed-in users with
 * about HISTORY_ROWS history rows each, the API in `npm start`'s shape.
 *
 * 11. For the trivial-read ceiling (CEILING_PATH, no session) and each of DASHBOARD_CALLS in turn, autocannon
 * with 64 connections for SECONDS, each request a random reader's cookie and path: the answered reads per
 * second, p50/p99 of every answer's latency (as autocannon measures it, closed loop), the errors (anything
 * else than an answer: connection errors, timeouts, unexpected statuses) and `ratioToCeiling`, the reads/s
 * over the ceiling's reads/s of the same run (the ceiling runs first in each run, the calls right after).
 *
 * 11b. The whole dashboard's calls for one reader on the idle API: (a) `parallelWall`, the wall time of all
 * of them issued at once as the browser does, from the first request sent to the last body read; (b)
 * `sequentialRoundTrips`, the sum of each call's round trip issued one after another; (c) `serverTime`, the
 * sum of each call's time inside the API as the API itself measures it (its request-duration histogram,
 * sai_http_request_duration_seconds, read from /metrics before and after each call: from its first
 * middleware until its answer is made, so neither the loopback nor Node's own HTTP parsing and writing).
 * Each is the median of TIMED sets of calls per run, after WARM sets not timed.
 */
export async function readsGroup(url: string) {
  const setup = await startReads(url);
  try {
    await loadReads(setup);
    await dashboardForOneUser(setup);
  } finally {
    await setup.stop();
  }
}

async function loadReads({ api, users, freshSignedIn, history, shape, transfers }: ReadsSetup) {
  const pick = () => users[Math.floor(Math.random() * users.length)]!;
  const request = (target: Target): autocannon.Request => ({
    method: 'GET',
    // Called for every request: a reader chosen at random, with their own cookie and path.
    setupRequest: (req) => {
      const user = pick();
      return { ...req, path: target.path(user.id), headers: target.signedIn ? { cookie: user.cookie } : {} };
    },
  });
  // A warm-up, not measured: V8 compiles the API's read paths and its caches fill, for every target.
  await freshSignedIn();
  await autocannon({
    url: api.url,
    connections: 64,
    duration: Math.min(3, SECONDS),
    requests: TARGETS.map(request),
  });
  const runs = await repeat(RUNS, async () => {
    const out: Record<string, number> = {};
    for (const target of TARGETS) {
      // Sessions younger than the API's one-minute renewal for each target's run (see httpSetup.ts).
      await freshSignedIn();
      const result = await autocannon({
        url: api.url,
        connections: 64,
        duration: SECONDS,
        requests: [request(target)],
      });
      let ok = 0;
      let other = 0;
      for (const [status, { count = 0 }] of Object.entries(result.statusCodeStats ?? {})) {
        if (answered(target.name, Number(status))) ok += count;
        else {
          other += count;
          log(`bench: reads: ${target.name} answered ${status} ${count} times`);
        }
      }
      out[`${target.name} reads`] = ok / SECONDS;
      out[`${target.name} p50`] = result.latency.p50;
      out[`${target.name} p99`] = result.latency.p99;
      // autocannon's `errors` are its connection errors, timeouts included; the rest are unexpected statuses.
      out[`${target.name} errors`] = result.errors + other;
    }
    for (const target of TARGETS)
      out[`${target.name} ratio`] = out[`${target.name} reads`]! / Math.max(1, out['ceiling reads']!);
    log(
      `reads run: ${TARGETS.map((t) => `${t.name} ${out[`${t.name} reads`]!.toFixed(0)}/s p99 ${out[`${t.name} p99`]} ms`).join(', ')}`,
    );
    return out;
  });
  for (const target of TARGETS) {
    const key = `11. reads, 64 connections: ${target.name}`;
    results[key] = {
      path: target.path('{id}'),
      reads: stat(runs[`${target.name} reads`]!, 'reads/s'),
      p50: stat(runs[`${target.name} p50`]!, 'ms'),
      p99: stat(runs[`${target.name} p99`]!, 'ms'),
      errors: stat(runs[`${target.name} errors`]!, 'requests'),
      ...(target.name === 'ceiling'
        ? { users: users.length, historyRowsPerUser: history.mean, historyTransfers: transfers, shape }
        : { ratioToCeiling: stat(runs[`${target.name} ratio`]!, '× the ceiling') }),
    };
  }
}

async function dashboardForOneUser({ api, users, freshSignedIn }: ReadsSetup) {
  await freshSignedIn();
  const user = users[0]!;
  const calls = DASHBOARD_CALLS.map((call) => ({ name: call.name, path: call.path(user.id) }));
  const call = async (c: { name: string; path: string }) => {
    const answer = await fetch(`${api.url}${c.path}`, { headers: { cookie: user.cookie } });
    await answer.arrayBuffer();
    if (!answered(c.name, answer.status))
      throw new Error(`bench: reads: ${c.path} answered ${answer.status}`);
  };
  // The API's own time over every /api request so far (seconds): its request-duration histogram's sums.
  const serverSeconds = async () => {
    let sum = 0;
    for (const [key, value] of await scrapeMetrics(api.url))
      if (key.startsWith('sai_http_request_duration_seconds_sum{')) sum += value;
    return sum;
  };
  const median = (values: number[]) => stat(values, 'ms').median;
  // Idle: nothing else runs against the API (the load above has ended; nothing writes).
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const runs = await repeat(RUNS, async () => {
    const parallel: number[] = [];
    for (let i = 0; i < WARM + TIMED; i++) {
      const t0 = performance.now();
      await Promise.all(calls.map(call));
      if (i >= WARM) parallel.push(performance.now() - t0);
    }
    const roundTrips: number[] = [];
    const server: number[] = [];
    const perCall: Record<string, number[]> = Object.fromEntries(calls.map((c) => [c.name, []]));
    for (let i = 0; i < WARM + TIMED; i++) {
      let roundTrip = 0;
      let inServer = 0;
      for (const c of calls) {
        const before = await serverSeconds();
        const t0 = performance.now();
        await call(c);
        const ms = performance.now() - t0;
        const own = ((await serverSeconds()) - before) * 1000;
        if (own <= 0) throw new Error(`bench: reads: the API's /metrics did not count ${c.path}`);
        roundTrip += ms;
        inServer += own;
        if (i >= WARM) perCall[c.name]!.push(own);
      }
      if (i >= WARM) {
        roundTrips.push(roundTrip);
        server.push(inServer);
      }
    }
    const out: Record<string, number> = {
      parallelWall: median(parallel),
      sequentialRoundTrips: median(roundTrips),
      serverTime: median(server),
    };
    for (const [name, ms] of Object.entries(perCall)) out[`server: ${name}`] = median(ms);
    log(
      `reads: dashboard for one user: ${out.parallelWall!.toFixed(1)} ms in parallel, ${out.serverTime!.toFixed(1)} ms in the server`,
    );
    return out;
  });
  results['11b. dashboard calls, one user'] = {
    calls: calls.length,
    parallelWall: stat(runs.parallelWall!, `ms (all ${calls.length} at once, median of ${TIMED})`),
    sequentialRoundTrips: stat(runs.sequentialRoundTrips!, `ms (one after another, median of ${TIMED})`),
    serverTime: stat(runs.serverTime!, `ms (the API's own time, summed, median of ${TIMED})`),
    ...Object.fromEntries(
      calls.map((c) => [`server: ${c.name}`, stat(runs[`server: ${c.name}`]!, 'ms (median)')]),
    ),
  };
}
