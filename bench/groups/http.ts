import type { EventEmitter } from 'node:events';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { log, RUNS, results, SECONDS } from '../lib/context.ts';
import { percentile, repeat } from '../lib/measure.ts';
import { sampleWaits, watchPostgres } from '../lib/pgStats.ts';
import { cpuByGroup, scrapeMetrics, serverStats, watchLoadGenerator } from '../lib/processes.ts';
import { type Figure, stat } from '../stat.ts';
import type { TransferLoad } from './httpSetup.ts';

/**
 * 3 + 4. End-to-end transfers over HTTP with 64 connections, 1,000 funded users, Zipf senders: the
 * accepted rate, its latencies, the CPU each process spends per transfer and the projection lag meanwhile;
 * none lost or duplicated in the log.
 */
export async function httpGroup({
  services,
  deps,
  api,
  worker,
  transferRequest,
  countTransfers,
  freshSignedIn,
}: TransferLoad) {
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
    const stopWaits = sampleWaits(deps.pool);
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
    const postgres = await watchPostgres(deps.pool);
    await freshSignedIn();
    // BENCH_SERVER_STATS=1: the API's own view of the load from its /metrics (prom-client): how long it
    // took over each transfer, its event loop's delays, its garbage collections; to tell what the API
    // adds to the latency autocannon sees from what queueing on the machine's two cores adds.
    // (Scraping resets the event loop's delay histogram, so the second scrape covers the load alone.)
    const serverBefore = process.env.BENCH_SERVER_STATS ? await scrapeMetrics(api.url) : null;
    const loadGenerator = serverBefore ? watchLoadGenerator() : null;
    await postgres?.snapshot();
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
    await postgres?.report(result['2xx']);
    if (serverBefore && loadGenerator) {
      const own = loadGenerator();
      log(serverStats(serverBefore, await scrapeMetrics(api.url), api.pid));
      log(own);
    }
    stopWaits?.();
    if (lagSamples.length === 0) throw new Error('bench: no projection lag could be read during the load');
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
  recordFigures(e2e);
  await checkNoneLost(countTransfers, before, acceptedTotal, unansweredTotal);
  results['4. projection lag under load (ledger)'] = {
    p50: stat(e2e.lagP50!, 'ms'),
    p99: stat(e2e.lagP99!, 'ms'),
  };
  log(
    `http: ${Math.round(stat(e2e.acceptedPerSecond!, '').median)} transfers/s, p99 ${stat(e2e.p99!, '').median} ms`,
  );
}

/** 3 and 3b's figures from the runs, and 3's ratio to the baseline's commits at c=32 in this same run. */
function recordFigures(e2e: Record<string, number[]>) {
  results['3. HTTP transfers, 64 connections'] = {
    accepted: stat(e2e.acceptedPerSecond!, 'transfers/s'),
    p50: stat(e2e.p50!, 'ms'),
    p99: stat(e2e.p99!, 'ms'),
    'p99.9': stat(e2e.p999!, 'ms'),
    errors: stat(e2e.errors!, 'requests'),
  };
  // The stretch goal, and a figure that stays comparable when the machine's speed varies from
  // run to run: accepted transfers per single-row commit of the baseline at c=32, in this same run.
  const commits32 = results['1. baseline INSERT c=32']?.throughput as Figure | undefined;
  if (commits32)
    results['3. HTTP transfers, 64 connections'].ratioToBaseline = Number(
      ((results['3. HTTP transfers, 64 connections'].accepted as Figure).median / commits32.median).toFixed(
        3,
      ),
    );
  results['3b. CPU per accepted transfer during the load'] = {
    api: stat(e2e.cpuApi!, 'ms'),
    projectionWorker: stat(e2e.cpuWorker!, 'ms'),
    postgres: stat(e2e.cpuPostgres!, 'ms (Postgres and the kernel: the machine less the Node processes)'),
    loadGenerator: stat(e2e.cpuLoadGenerator!, 'ms (autocannon, this process)'),
    wholeMachine: stat(e2e.cpuMachine!, 'ms'),
    machineBusy: stat(e2e.machineBusyShare!, 'of both cores'),
  };
}

/**
 * Zero lost or duplicated: every acknowledged transfer is exactly one debit and one credit in the log
 * (the credit may be finished by the follow-up worker a moment later), beyond `before`.
 */
async function checkNoneLost(
  countTransfers: TransferLoad['countTransfers'],
  before: Awaited<ReturnType<TransferLoad['countTransfers']>>,
  acceptedTotal: number,
  unansweredTotal: number,
) {
  let after = await countTransfers();
  for (let i = 0; i < 100 && after.received - before.received < after.sent - before.sent; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    after = await countTransfers();
  }
  // recordFigures wrote the group's figures before this check.
  const figures = results['3. HTTP transfers, 64 connections']!;
  figures.acknowledged = acceptedTotal;
  figures.debitsInLog = after.sent - before.sent;
  figures.creditsInLog = after.received - before.received;
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
}
