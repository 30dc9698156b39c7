import autocannon from 'autocannon';
import { startLoadBalancer } from '../../testing/loadBalancer.ts';
import { type RunningApp, startApp } from '../../testing/processes.ts';
import { BENCH_ENV, log, RUNS, results, SECONDS } from '../lib/context.ts';
import { repeat } from '../lib/measure.ts';
import { stat } from '../stat.ts';
import type { TransferLoad } from './httpSetup.ts';

/**
 * 10. Two API processes against one (docs/architecture/scaling.md): the same transfer load (64 connections,
 * Zipf senders) through a round-robin TCP balancer, to one API or to two, runs alternating; then the two
 * with the rate limits on and shared through Postgres (the transfer's `money` limit, set too high to
 * refuse anything), to show what the shared counter costs on the hot path. The balancer runs in this
 * process, as does autocannon, with either number of APIs, so only the second API differs.
 */
export async function apisGroup(setup: TransferLoad, databaseUrl: string) {
  const { api, transferRequest, freshSignedIn, countTransfers, users } = setup;
  const env = { ...BENCH_ENV, PROJECTIONS: 'off' };
  const started: RunningApp[] = [];
  const start = async (extra: Record<string, string> = {}) => {
    const app = await startApp({ databaseUrl, env: { ...env, ...extra } });
    started.push(app);
    return app;
  };
  // Each fresh session's first request on every API before the measured seconds (see httpSetup's signIn).
  const warm = async (apis: RunningApp[]) => {
    await freshSignedIn();
    for (const other of apis.filter((a) => a !== api))
      for (let i = 0; i < users.length; i += 64)
        await Promise.all(
          users.slice(i, i + 64).map(async (user) => {
            const answer = await fetch(`${other.url}/api/auth/user`, { headers: { cookie: user.cookie } });
            await answer.arrayBuffer();
          }),
        );
  };
  const measure = async (apis: RunningApp[]) => {
    const balancer = await startLoadBalancer(apis.map((a) => a.port));
    try {
      await warm(apis);
      const result = await autocannon({
        url: balancer.url,
        connections: 64,
        duration: SECONDS,
        requests: [transferRequest],
      });
      return {
        accepted: result['2xx'],
        rate: result['2xx'] / SECONDS,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
      };
    } finally {
      await balancer.close();
    }
  };

  try {
    const second = await start();
    // Warm-up, not measured: V8 compiles the second API's code and its caches fill.
    await autocannon({ url: second.url, connections: 64, duration: 3, requests: [transferRequest] });
    const before = await countTransfers();
    let acknowledged = 0;
    const pairs = await repeat(RUNS, async () => {
      const one = await measure([api]);
      const two = await measure([api, second]);
      acknowledged += one.accepted + two.accepted;
      log(
        `apis run: one ${one.rate.toFixed(0)}/s (p99 ${one.p99} ms), two ${two.rate.toFixed(0)}/s (p99 ${two.p99} ms)`,
      );
      return {
        one: one.rate,
        two: two.rate,
        onep99: one.p99,
        twop99: two.p99,
        errors: one.errors + two.errors,
        ratio: two.rate / one.rate,
      };
    });
    // The same two processes' load with RATE_LIMITS on (RATE_LIMIT_STORE=auto: postgres with DATABASE_URL).
    await Promise.all(started.splice(0).map((a) => a.stop()));
    const limitsEnv = { RATE_LIMITS: 'money=1000000000/60' };
    const limited = [await start(limitsEnv), await start(limitsEnv)];
    await autocannon({ url: limited[0]!.url, connections: 64, duration: 3, requests: [transferRequest] });
    const shared = await repeat(RUNS, async () => {
      const run = await measure(limited);
      acknowledged += run.accepted;
      log(`apis run: two with shared rate limits ${run.rate.toFixed(0)}/s (p99 ${run.p99} ms)`);
      return { rate: run.rate, p99: run.p99, errors: run.errors };
    });
    results['10. two API processes (transfers through a balancer)'] = {
      oneApi: stat(pairs.one!, 'transfers/s'),
      twoApis: stat(pairs.two!, 'transfers/s'),
      ratio: stat(pairs.ratio!, '× one API'),
      oneApiP99: stat(pairs.onep99!, 'ms'),
      twoApisP99: stat(pairs.twop99!, 'ms'),
      twoApisSharedLimits: stat(shared.rate!, 'transfers/s'),
      twoApisSharedLimitsP99: stat(shared.p99!, 'ms'),
      errors: stat([...pairs.errors!, ...shared.errors!], 'requests'),
    };
    // Every acknowledged transfer is in the log; the rest were cut off at a run's end (64 at most each).
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = await countTransfers();
    const debits = after.sent - before.sent;
    if (debits < acknowledged || after.sent !== after.distinctSent)
      throw new Error(`apis: ${acknowledged} transfers acknowledged, ${debits} debits in the log`);
    log(
      `apis: one ${Math.round(stat(pairs.one!, '').median)}/s, two ${Math.round(stat(pairs.two!, '').median)}/s`,
    );
  } finally {
    await Promise.all(started.map((a) => a.stop()));
  }
}
