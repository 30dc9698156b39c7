import { verifyLedger } from '../../app/audit/verifyLedger.ts';
import { type RunningApp, startApp } from '../../testing/processes.ts';
import { BENCH_ENV, log, RUNS, results, SECONDS } from '../lib/context.ts';
import { CEILING_PATH, DASHBOARD_CALLS } from '../lib/dashboard.ts';
import { closedLoop, type KindResult, type LoadRequest, type LoadResult, openLoop } from '../lib/loadGen.ts';
import { repeat } from '../lib/measure.ts';
import { referenceTotals, seedReferenceAccounts } from '../reference/plainSqlWallet.ts';
import { startReference } from '../reference/process.ts';
import { stat } from '../stat.ts';
import { startTransferLoad, zipfIndex } from './httpSetup.ts';
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
    // The same Zipf senders (s = 1.1 over the users in order) as startTransferLoad's, drawn here so that
    // the product and the reference get the same distribution, with amounts of 0.01-1.00.
    const zipf = zipfIndex(users.length);
    const pair = () => {
      const s = zipf();
      let r = Math.floor(Math.random() * users.length);
      if (r === s) r = (s + 1) % users.length;
      const cents = 1 + Math.floor(Math.random() * 100);
      const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
      return { sender: users[s]!, receiver: users[r]!, amount };
    };
    const transfer = (): LoadRequest => {
      const { sender, receiver, amount } = pair();
      return {
        kind: 'transfer',
        method: 'POST',
        path: '/api/transactions',
        headers: { 'content-type': 'application/json', cookie: sender.cookie },
        // As in httpSetup: the password for the step-up rule's first payments beyond the small allowance.
        body: JSON.stringify({
          type: 'transfer',
          amount,
          receiver_id: receiver.id,
          password: 'bench-password',
        }),
      };
    };
    const referenceTransfer = (): LoadRequest => {
      const { sender, receiver, amount } = pair();
      return {
        kind: 'transfer',
        method: 'POST',
        path: '/transfer',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from: sender.id, to: receiver.id, amount }),
      };
    };
    // A random signed-in user's random dashboard read. The card answers 404 for a user without one.
    const read = (): LoadRequest => {
      const user = users[Math.floor(Math.random() * users.length)]!;
      const call = DASHBOARD_CALLS[Math.floor(Math.random() * DASHBOARD_CALLS.length)]!;
      return {
        kind: `read:${call.name}`,
        method: 'GET',
        path: call.path(user.id),
        headers: { cookie: user.cookie },
        ok: call.name === 'card' ? (s) => s === 200 || s === 404 : undefined,
      };
    };
    const mixed = () => (Math.random() < 0.1 ? transfer() : read());

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
    const transferFigures = (k: KindResult | undefined) => ({
      perSecond: k?.perSecond ?? 0,
      p50: k?.p50 ?? 0,
      p99: k?.p99 ?? 0,
      errors: k?.errors ?? 0,
    });
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
    await setup.worker?.stop();
    setup.worker = null;
    await setup.api.stop();
    started.push(
      await startApp({
        databaseUrl: url,
        port,
        // `npm start`'s shape: one process, projections inside, and its default log level (a line per request).
        env: { ...BENCH_ENV, PROJECTIONS: 'on', LOG_LEVEL: 'info' },
        nodeArgs: process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
      }),
    );
    await warmUp();
    await seedReferenceAccounts(
      deps.pool,
      users.map((u) => u.id),
      OPENING_UNITS,
    );
    reference = await startReference(url);
    const referenceUrl = reference.url;
    await closedLoop({ url: referenceUrl, connections: 64, seconds: SMOKE ? 1 : 3, next: referenceTransfer });
    let referenceAcknowledged = 0;
    let referenceUnanswered = 0;
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
      referenceAcknowledged += plain.total.ok;
      referenceUnanswered += plain.unanswered;
      log(
        `openloop 12: npm start shape ${product.total.perSecond.toFixed(0)}/s (p99 ${product.total.p99.toFixed(1)} ms), plain-SQL reference ${plain.total.perSecond.toFixed(0)}/s (p99 ${plain.total.p99.toFixed(1)} ms)`,
      );
      const p = transferFigures(product.byKind.transfer);
      const r = transferFigures(plain.byKind.transfer);
      return {
        ...Object.fromEntries(Object.entries(p).map(([k, v]) => [`product ${k}`, v])),
        ...Object.fromEntries(Object.entries(r).map(([k, v]) => [`reference ${k}`, v])),
        ratio: p.perSecond / Math.max(1e-9, r.perSecond),
      };
    });
    // 14, the reference's part: the same open-loop sweep and headline search against the plain-SQL wallet,
    // so that the two compare at the latency the issue sets (p99 <= 50 ms from the intended send) and not
    // only at 64 connections' closed loop, where the reference queues longer behind its row locks.
    const steps = SMOKE ? 1 : Number(process.env.BENCH_OPEN_SEARCH_STEPS ?? 4);
    const referenceOpen = await sweepAndSearch({
      label: 'plain-SQL reference transfers',
      unit: 'transfers',
      url: referenceUrl,
      rates: ratesOf(process.env.BENCH_OPEN_RATES, [500, 1000, 2000]),
      steps,
      next: referenceTransfer,
      prepare: async () => {},
      onRun: (run) => {
        referenceAcknowledged += run.byKind.transfer?.ok ?? 0;
        referenceUnanswered += run.byKind.transfer ? run.unanswered : 0;
      },
    });
    await reference.stop();
    reference = null;
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
    // The reference's own check: every acknowledged transfer is one debit and one credit row, no money made.
    const referenceAfter = await referenceTotals(deps.pool);
    const referenceRows = (referenceAfter.historyRows - referenceBefore.historyRows) / 2;
    if (
      referenceAfter.balance !== OPENING_UNITS * BigInt(users.length) ||
      referenceAfter.net !== 0n ||
      referenceRows < referenceAcknowledged ||
      referenceRows > referenceAcknowledged + referenceUnanswered
    )
      throw new Error(
        `reference: ${referenceAcknowledged} acknowledged, ${referenceRows} transfers in its history, balance ${referenceAfter.balance}`,
      );

    // 13. A wallet's mixed load, closed loop, `npm start` shape.
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

    // 14. Open loop: the sweeps and the headline search (the reference's ran above, while it was up).
    const transfers = await sweepAndSearch({
      label: 'transfers',
      unit: 'transfers',
      url: base,
      rates: ratesOf(process.env.BENCH_OPEN_RATES, [500, 1000, 2000]),
      steps,
      next: transfer,
      prepare,
      onRun: counted,
    });
    const reads = await sweepAndSearch({
      label: 'reads',
      unit: 'reads',
      url: base,
      rates: ratesOf(process.env.BENCH_OPEN_READ_RATES, [1000, 2000, 3000]),
      steps,
      next: read,
      prepare,
      onRun: () => {},
    });
    // What the generator and the machine give alone at the top read rate: the trivial-read ceiling (an
    // unauthenticated endpoint that touches no table) under the same open loop. A p99 here is the floor
    // under every other open-loop figure of this run (the generator's own lateness counts in them all).
    const ceilingRate = Math.max(...ratesOf(process.env.BENCH_OPEN_READ_RATES, [1000, 2000, 3000]));
    await caughtUp();
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
    const bracket = (r: typeof transfers) =>
      `${r.highest}/s held, ${r.lowestFailed === null ? 'no higher rate tried failed' : `${r.lowestFailed}/s did not`} (rates tried: ${r.tried.map((t) => `${t.rate}${t.sustained ? '' : '✗'}`).join(', ')})`;
    results['14. open-loop headline'] = {
      transfers: stat(
        [transfers.highest],
        `transfers/s with p99 ≤ ${P99_TARGET_MS} ms from the intended send`,
      ),
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

    // None lost or doubled: every acknowledged transfer is one debit and one credit in the log.
    await caughtUp();
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
      acknowledged,
      debitsInLog: debits,
      creditsInLog: credits,
      referenceAcknowledged,
      conservationProblems: report.problems.length,
    };
    for (const problem of report.problems.slice(0, 5)) log(`ledger:verify: ${JSON.stringify(problem)}`);
    if (debits < acknowledged || debits > acknowledged + unanswered || credits !== debits || duplicated)
      throw new Error(
        `openloop: transfers lost or duplicated: ${acknowledged} acknowledged (${unanswered} unanswered at most), ${debits} debits, ${credits} credits, ${duplicated} duplicated debits in the log`,
      );
    log(`openloop: ${((performance.now() - groupStarted) / 1000).toFixed(0)} s`);
  } finally {
    await reference?.stop();
    await Promise.all(started.map((a) => a.stop()));
    await setup.stop();
  }
}
