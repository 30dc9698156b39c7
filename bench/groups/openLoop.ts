import type pg from 'pg';
import { verifyLedger } from '../../app/audit/verifyLedger.ts';
import { type RunningApp, startApp } from '../../testing/processes.ts';
import { BENCH_ENV, log, RUNS, results, SECONDS } from '../lib/context.ts';
import { CEILING_PATH, DASHBOARD_CALLS } from '../lib/dashboard.ts';
import {
  closedLoop,
  type KindResult,
  type LoadRequest,
  type LoadResult,
  type OpenLoopResult,
  openLoop,
} from '../lib/loadGen.ts';
import { repeat } from '../lib/measure.ts';
import { referenceTotals, seedReferenceAccounts } from '../reference/plainSqlWallet.ts';
import { startReference } from '../reference/process.ts';
import { stat } from '../stat.ts';
import { startTransferLoad, type TransferLoad } from './httpSetup.ts';
import { loadRequests } from './openLoopRequests.ts';
import { P99_TARGET_MS, ratesOf, SMOKE, sweepAndSearch } from './openLoopSweep.ts';

/** Each user's opening balance, as startTransferLoad mints it (100,000.00 SAI). */
const OPENING_UNITS = 10_000_000n;

/**
 * 12-14 (BENCH_ONLY=openloop), on a database of their own with 1,000 funded users, all load from the
 * bench's own generator (lib/loadGen.ts) so the three systems and the closed and open runs are measured
 * by the same tool:
 * 12. transfers, closed loop, 64 connections, Zipf senders, 0.01-1.00 each: the product as an API and a
 *     projection worker, then as `npm start` runs it (one process, projections inside), runs alternating
 *     with the plain-SQL reference (bench/reference/) on the same Postgres, users and distribution;
 * 13. a wallet's mixed load, 90 % the dashboard's reads for random signed-in users and 10 % transfers;
 * 14. open loop at fixed arrival rates, latency from each request's intended send time, and the headline:
 *     the highest rate whose p99 stays within 50 ms, for transfers and for the dashboard's reads.
 * Then none lost or doubled, and the ledger's conservation.
 */
export async function openLoopGroup(url: string) {
  const groupStarted = performance.now();
  const setup = await startTransferLoad(url, { shape: 'split' });
  const { deps, users, countTransfers, freshSignedIn } = setup;
  const { port } = setup.api;
  const base = setup.api.url;
  const started: RunningApp[] = [];
  let reference: Awaited<ReturnType<typeof startReference>> | null = null;
  try {
    const { transfer, referenceTransfer, read, mixed } = loadRequests(users);

    // Every product run's transfers, for the check that none was lost or doubled.
    let acknowledged = 0;
    let unanswered = 0;
    const counted = <T extends LoadResult>(run: T): T => {
      acknowledged += run.byKind.transfer?.ok ?? 0;
      unanswered += run.byKind.transfer ? run.unanswered : 0;
      return run;
    };
    const caughtUp = async () => {
      const head = await deps.store.headPosition();
      if (head && !(await deps.runner.waitFor(head, deps.runner.names, 120_000)))
        log('bench: the read models did not catch up within 2 minutes');
    };
    // Sessions younger than a minute (httpSetup's freshSessions explains why), signed in on the API now
    // at `base`; renewed only when the next run could outlive them, since 1,000 sign-ins take a while.
    let signedInAt = Number.NEGATIVE_INFINITY;
    const prepare = async (force = false) => {
      await caughtUp();
      if (force || performance.now() - signedInAt > 45_000 - SECONDS * 1000) {
        await freshSignedIn();
        signedInAt = performance.now();
      }
    };
    const warmUp = async () => {
      await prepare(true);
      counted(await closedLoop({ url: base, connections: 64, seconds: SMOKE ? 1 : 3, next: transfer }));
    };

    // Before any counted run: V8 compiles the API's code, its caches fill (not measured, but counted).
    await warmUp();
    const before = await countTransfers();
    acknowledged = 0;
    unanswered = 0;

    // 12a. The API and the projection worker (two processes).
    const split = await repeat(RUNS, async () => {
      await prepare();
      const run = counted(await closedLoop({ url: base, connections: 64, seconds: SECONDS, next: transfer }));
      log(
        `openloop 12 split: ${run.total.perSecond.toFixed(0)} transfers/s, p99 ${run.total.p99.toFixed(1)} ms`,
      );
      return transferFigures(run.byKind.transfer);
    });
    // 12b. `npm start`'s shape: the same API restarted on the same address with the projections inside it.
    await caughtUp();
    started.push(await restartAsNpmStart(setup, url, port));
    await warmUp();
    await seedReferenceAccounts(
      deps.pool,
      users.map((u) => u.id),
      OPENING_UNITS,
    );
    reference = await startReference(url);
    const referenceUrl = reference.url;
    await closedLoop({ url: referenceUrl, connections: 64, seconds: SMOKE ? 1 : 3, next: referenceTransfer });
    // The reference's acknowledged and unanswered transfers, for its own check.
    const referenceCounts = { acknowledged: 0, unanswered: 0 };
    const referenceBefore = await referenceTotals(deps.pool);
    // The product and the reference take turns, so what else the machine does falls on both alike.
    const pairs = await repeat(RUNS, async () => {
      await prepare();
      const product = counted(
        await closedLoop({ url: base, connections: 64, seconds: SECONDS, next: transfer }),
      );
      await caughtUp();
      const plain = await closedLoop({
        url: referenceUrl,
        connections: 64,
        seconds: SECONDS,
        next: referenceTransfer,
      });
      referenceCounts.acknowledged += plain.total.ok;
      referenceCounts.unanswered += plain.unanswered;
      log(
        `openloop 12: npm start shape ${product.total.perSecond.toFixed(0)}/s (p99 ${product.total.p99.toFixed(1)} ms), plain-SQL reference ${plain.total.perSecond.toFixed(0)}/s (p99 ${plain.total.p99.toFixed(1)} ms)`,
      );
      return pairFigures(product, plain);
    });
    // 14, the reference's part: the same open-loop sweep and headline search against the plain-SQL wallet,
    // so that the two compare at the latency the issue sets (p99 <= 50 ms from the intended send) and not
    // only at 64 connections' closed loop, where the reference queues longer behind its row locks.
    const steps = SMOKE ? 1 : Number(process.env.BENCH_OPEN_SEARCH_STEPS ?? 4);
    const referenceOpen = await referenceSweep(referenceUrl, steps, referenceTransfer, referenceCounts);
    await reference.stop();
    reference = null;
    recordTwelve(pairs, split);
    await checkReference(deps.pool, referenceBefore, users.length, referenceCounts);

    // 13. A wallet's mixed load, closed loop, `npm start` shape.
    await mixedLoad(() => prepare(), counted, base, mixed);

    // 14. Open loop: the sweeps and the headline search (the reference's ran above, while it was up).
    const { transfers, reads } = await productSweeps(base, steps, { transfer, read }, prepare, counted);
    await caughtUp();
    await ceilingRun(base);
    recordHeadline(transfers, reads, referenceOpen);

    await caughtUp();
    await checkNothingLost(
      deps,
      countTransfers,
      before,
      { acknowledged, unanswered },
      referenceCounts.acknowledged,
    );
    log(`openloop: ${((performance.now() - groupStarted) / 1000).toFixed(0)} s`);
  } finally {
    await reference?.stop();
    await Promise.all(started.map((a) => a.stop()));
    await setup.stop();
  }
}

/** 12's figures: the product in either shape and the reference, from the runs that took turns. */
function recordTwelve(pairs: Record<string, number[]>, split: Record<string, number[]>) {
  const twelve = (runs: Record<string, number[]>, prefix = '') => ({
    transfers: stat(runs[`${prefix}perSecond`]!, 'transfers/s'),
    p50: stat(runs[`${prefix}p50`]!, 'ms'),
    p99: stat(runs[`${prefix}p99`]!, 'ms'),
    errors: stat(runs[`${prefix}errors`]!, 'requests'),
  });
  results['12. transfers: product (npm start shape)'] = {
    ...twelve(pairs, 'product '),
    ratioToReference: stat(pairs.ratio!, '× the plain-SQL reference, same run'),
  };
  results['12. transfers: product (API + worker)'] = twelve(split);
  results['12. transfers: plain-SQL reference'] = {
    ...twelve(pairs, 'reference '),
    note: 'one SQL transaction per transfer; authenticates nothing, no CSRF, idempotency, hash chain or read models',
  };
}

/** The reference's own check: every acknowledged transfer is one debit and one credit row, no money made. */
async function checkReference(
  pool: pg.Pool,
  referenceBefore: Awaited<ReturnType<typeof referenceTotals>>,
  userCount: number,
  counts: { acknowledged: number; unanswered: number },
) {
  const referenceAfter = await referenceTotals(pool);
  const referenceRows = (referenceAfter.historyRows - referenceBefore.historyRows) / 2;
  if (
    referenceAfter.balance !== OPENING_UNITS * BigInt(userCount) ||
    referenceAfter.net !== 0n ||
    referenceRows < counts.acknowledged ||
    referenceRows > counts.acknowledged + counts.unanswered
  )
    throw new Error(
      `reference: ${counts.acknowledged} acknowledged, ${referenceRows} transfers in its history, balance ${referenceAfter.balance}`,
    );
}

/** 13. A wallet's mixed load, closed loop: its reads and transfers, and each dashboard call's p99. */
async function mixedLoad(
  prepare: () => Promise<void>,
  counted: <T extends LoadResult>(run: T) => T,
  base: string,
  mixed: () => LoadRequest,
) {
  const mixedRuns = await repeat(RUNS, async () => {
    await prepare();
    const run = counted(await closedLoop({ url: base, connections: 64, seconds: SECONDS, next: mixed }));
    log(
      `openloop 13: ${run.byKind.read?.perSecond.toFixed(0)} reads/s (p99 ${run.byKind.read?.p99.toFixed(1)} ms), ${run.byKind.transfer?.perSecond.toFixed(0)} transfers/s (p99 ${run.byKind.transfer?.p99.toFixed(1)} ms), statuses ${JSON.stringify(run.total.statuses)}`,
    );
    const figures: Record<string, number> = {
      reads: run.byKind.read?.perSecond ?? 0,
      readP99: run.byKind.read?.p99 ?? 0,
      transfers: run.byKind.transfer?.perSecond ?? 0,
      transferP99: run.byKind.transfer?.p99 ?? 0,
      errors: run.total.errors,
    };
    for (const call of DASHBOARD_CALLS)
      figures[`${call.name} p99`] = run.byKind[`read:${call.name}`]?.p99 ?? 0;
    return figures;
  });
  results['13. mixed 90/10'] = {
    reads: stat(mixedRuns.reads!, 'reads/s'),
    readP99: stat(mixedRuns.readP99!, 'ms'),
    transfers: stat(mixedRuns.transfers!, 'transfers/s'),
    transferP99: stat(mixedRuns.transferP99!, 'ms'),
    errors: stat(mixedRuns.errors!, 'requests'),
    ...Object.fromEntries(
      DASHBOARD_CALLS.map((c) => [`${c.name} p99`, stat(mixedRuns[`${c.name} p99`]!, 'ms')]),
    ),
  };
}

/**
 * What the generator and the machine give alone at the top read rate: the trivial-read ceiling (an
 * unauthenticated endpoint that touches no table) under the same open loop. A p99 here is the floor
 * under every other open-loop figure of this run (the generator's own lateness counts in them all).
 */
async function ceilingRun(base: string) {
  const ceilingRate = Math.max(...ratesOf(process.env.BENCH_OPEN_READ_RATES, [1000, 2000, 3000]));
  const ceiling = await openLoop({
    url: base,
    rate: ceilingRate,
    seconds: SECONDS,
    next: () => ({ kind: 'ceiling', method: 'GET', path: CEILING_PATH }),
  });
  results[`14. open-loop ceiling (${CEILING_PATH}) @ ${ceilingRate}/s`] = {
    achieved: stat([ceiling.achievedRate], 'reads/s answered ok'),
    p50: stat([ceiling.total.p50], 'ms from the intended send'),
    p99: stat([ceiling.total.p99], 'ms from the intended send'),
    'p99.9': stat([ceiling.total.p999], 'ms from the intended send'),
    errors: stat([ceiling.total.errors], 'requests'),
    generatorDelayP99: stat([ceiling.generatorDelay.p99], "ms (the load generator's own event loop)"),
  };
}

type Search = Awaited<ReturnType<typeof sweepAndSearch>>;

/** 14's headline: the highest rates whose p99 stays within the target, with what each search tried. */
function recordHeadline(transfers: Search, reads: Search, referenceOpen: Search) {
  const bracket = (r: Search) =>
    `${r.highest}/s held, ${r.lowestFailed === null ? 'no higher rate tried failed' : `${r.lowestFailed}/s did not`} (rates tried: ${r.tried.map((t) => `${t.rate}${t.sustained ? '' : '✗'}`).join(', ')})`;
  results['14. open-loop headline'] = {
    transfers: stat([transfers.highest], `transfers/s with p99 ≤ ${P99_TARGET_MS} ms from the intended send`),
    reads: stat([reads.highest], `reads/s with p99 ≤ ${P99_TARGET_MS} ms from the intended send`),
    transfersSearch: bracket(transfers),
    readsSearch: bracket(reads),
    reference: stat(
      [referenceOpen.highest],
      `transfers/s of the plain-SQL reference with p99 ≤ ${P99_TARGET_MS} ms from the intended send`,
    ),
    referenceSearch: bracket(referenceOpen),
    transfersToReference: Number((transfers.highest / Math.max(1, referenceOpen.highest)).toFixed(3)),
  };
  log(`openloop 14 headline: transfers ${bracket(transfers)}; reads ${bracket(reads)}`);
}

/**
 * None lost or doubled: every acknowledged transfer is one debit and one credit in the log; and the
 * ledger's conservation.
 */
async function checkNothingLost(
  deps: TransferLoad['deps'],
  countTransfers: TransferLoad['countTransfers'],
  before: Awaited<ReturnType<TransferLoad['countTransfers']>>,
  product: { acknowledged: number; unanswered: number },
  referenceAcknowledged: number,
) {
  let after = await countTransfers();
  for (let i = 0; i < 100 && after.received - before.received < after.sent - before.sent; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    after = await countTransfers();
  }
  const debits = after.sent - before.sent;
  const credits = after.received - before.received;
  const duplicated = after.sent - after.distinctSent;
  const report = await verifyLedger(deps.store, deps.pool);
  results['14. nothing lost, conservation'] = {
    acknowledged: product.acknowledged,
    debitsInLog: debits,
    creditsInLog: credits,
    referenceAcknowledged,
    conservationProblems: report.problems.length,
  };
  for (const problem of report.problems.slice(0, 5)) log(`ledger:verify: ${JSON.stringify(problem)}`);
  if (
    debits < product.acknowledged ||
    debits > product.acknowledged + product.unanswered ||
    credits !== debits ||
    duplicated
  )
    throw new Error(
      `openloop: transfers lost or duplicated: ${product.acknowledged} acknowledged (${product.unanswered} unanswered at most), ${debits} debits, ${credits} credits, ${duplicated} duplicated debits in the log`,
    );
}

/** A run's transfer figures: rate, p50, p99 and errors (0 where the run had no transfer). */
function transferFigures(k: KindResult | undefined) {
  return {
    perSecond: k?.perSecond ?? 0,
    p50: k?.p50 ?? 0,
    p99: k?.p99 ?? 0,
    errors: k?.errors ?? 0,
  };
}

/** One turn's figures, the product's and the reference's apart, and the product's rate as a ratio. */
function pairFigures(product: LoadResult, plain: LoadResult): Record<string, number> {
  const p = transferFigures(product.byKind.transfer);
  const r = transferFigures(plain.byKind.transfer);
  return {
    ...Object.fromEntries(Object.entries(p).map(([k, v]) => [`product ${k}`, v])),
    ...Object.fromEntries(Object.entries(r).map(([k, v]) => [`reference ${k}`, v])),
    ratio: p.perSecond / Math.max(1e-9, r.perSecond),
  };
}

/** 12b's setting: the same API restarted on the same address in `npm start`'s shape, without the worker. */
async function restartAsNpmStart(setup: TransferLoad, url: string, port: number): Promise<RunningApp> {
  await setup.worker?.stop();
  setup.worker = null;
  await setup.api.stop();
  return startApp({
    databaseUrl: url,
    port,
    // `npm start`'s shape: one process, projections inside, and its default log level (a line per request).
    env: { ...BENCH_ENV, PROJECTIONS: 'on', LOG_LEVEL: 'info' },
    nodeArgs: process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
  });
}

/** 14's sweeps and headline searches on the product: transfers (counted for the final check) and reads. */
async function productSweeps(
  base: string,
  steps: number,
  { transfer, read }: { transfer: () => LoadRequest; read: () => LoadRequest },
  prepare: () => Promise<void>,
  counted: <T extends LoadResult>(run: T) => T,
) {
  const sweep = (
    unit: string,
    rates: readonly number[],
    next: () => LoadRequest,
    onRun: (r: OpenLoopResult) => void,
  ) => sweepAndSearch({ label: unit, unit, url: base, rates, steps, next, prepare, onRun });
  const transfers = await sweep(
    'transfers',
    ratesOf(process.env.BENCH_OPEN_RATES, [500, 1000, 2000]),
    transfer,
    counted,
  );
  const reads = await sweep(
    'reads',
    ratesOf(process.env.BENCH_OPEN_READ_RATES, [1000, 2000, 3000]),
    read,
    () => {},
  );
  return { transfers, reads };
}

/** 14, the reference's part: the same sweep and headline search against the plain-SQL wallet. */
function referenceSweep(
  referenceUrl: string,
  steps: number,
  referenceTransfer: () => LoadRequest,
  counts: { acknowledged: number; unanswered: number },
) {
  return sweepAndSearch({
    label: 'plain-SQL reference transfers',
    unit: 'transfers',
    url: referenceUrl,
    rates: ratesOf(process.env.BENCH_OPEN_RATES, [500, 1000, 2000]),
    steps,
    next: referenceTransfer,
    prepare: async () => {},
    onRun: (run) => {
      counts.acknowledged += run.byKind.transfer?.ok ?? 0;
      counts.unanswered += run.byKind.transfer ? run.unanswered : 0;
    },
  });
}
