import { log, RUNS, results, SECONDS } from '../lib/context.ts';
import { type LoadRequest, type OpenLoopResult, openLoop } from '../lib/loadGen.ts';
import { repeat } from '../lib/measure.ts';
import { type Figure, stat } from '../stat.ts';

/** The p99 a rate must keep, from each request's intended send time, to count as sustained. */
export const P99_TARGET_MS = 50;

/**
 * A smoke run (BENCH_SECONDS ≤ 3, as bench.small.test.ts runs it) takes the first rate of each sweep and one
 * search step, so that the whole group stays within its minute and a half there.
 */
export const SMOKE = SECONDS <= 3;

/** Rates from an env list ("500,1000,2000"), else the defaults; a smoke run keeps the first. */
export function ratesOf(env: string | undefined, defaults: readonly number[]): number[] {
  const rates = (env?.split(',').map((r) => Number(r.trim())) ?? [...defaults]).filter((r) => r > 0);
  if (rates.length === 0) throw new Error(`bench: no open-loop rates in "${env}"`);
  return SMOKE ? rates.slice(0, 1) : rates;
}

export interface RateOutcome {
  rate: number;
  p99: number;
  /** p99 ≤ 50 ms and every scheduled request answered ok. */
  sustained: boolean;
}

const sustained = (p99: number, errors: number) => p99 <= P99_TARGET_MS && errors === 0;

/**
 * One open-loop measurement at `rate` (prepare() first: fresh sessions, the read models caught up), with
 * the generator's own figures beside the latencies, so that its lateness can be told from the server's.
 */
async function once(rate: number, next: () => LoadRequest, url: string, onRun: (r: OpenLoopResult) => void) {
  const run = await openLoop({ url, rate, seconds: SECONDS, next, maxInFlight: 64 });
  onRun(run);
  log(
    `open loop @ ${rate}/s: ${run.achievedRate.toFixed(0)}/s answered, p50 ${run.total.p50.toFixed(1)} / p99 ${run.total.p99.toFixed(1)} / p99.9 ${run.total.p999.toFixed(1)} ms from the intended time (${run.total.fromSend?.p99.toFixed(1)} ms from the send), ${run.total.errors} errors ${JSON.stringify(run.total.statuses)}, sent late p99 ${run.sendLate.p99.toFixed(1)} ms, generator delay p99 ${run.generatorDelay.p99.toFixed(1)} ms`,
  );
  return {
    achieved: run.achievedRate,
    p50: run.total.p50,
    p99: run.total.p99,
    p999: run.total.p999,
    p99FromSend: run.total.fromSend?.p99 ?? 0,
    errors: run.total.errors,
    sendLateP99: run.sendLate.p99,
    generatorDelayP99: run.generatorDelay.p99,
  };
}

/**
 * 14. The sweep of one kind of load at fixed arrival rates (RUNS runs each, figures under
 * `14. open-loop <label> @ <rate>/s`), then the headline search: the highest rate whose p99 stays within
 * 50 ms with no errors. The search is a bisection between the highest sustained rate of the sweep and the
 * lowest one above it that was not (or, when every rate held, steps of ×1.5 upwards until one fails), one
 * run of SECONDS per step, for at most `steps` steps and never finer than 5 % (at least 50/s).
 * Returns the highest rate sustained and the lowest one not (null when none was found).
 */
export async function sweepAndSearch(options: {
  label: string;
  unit: string;
  url: string;
  rates: readonly number[];
  steps: number;
  next: () => LoadRequest;
  /** Before each run: fresh sessions and the read models caught up. */
  prepare: () => Promise<void>;
  onRun: (r: OpenLoopResult) => void;
}): Promise<{ highest: number; lowestFailed: number | null; tried: RateOutcome[] }> {
  const tried: RateOutcome[] = [];
  for (const rate of options.rates) {
    const runs = await repeat(RUNS, async () => {
      await options.prepare();
      return once(rate, options.next, options.url, options.onRun);
    });
    const figures: Record<string, Figure> = {
      achieved: stat(runs.achieved!, `${options.unit}/s answered ok`),
      p50: stat(runs.p50!, 'ms from the intended send'),
      p99: stat(runs.p99!, 'ms from the intended send'),
      'p99.9': stat(runs.p999!, 'ms from the intended send'),
      p99FromActualSend: stat(runs.p99FromSend!, 'ms (what a closed-loop tool would report)'),
      errors: stat(runs.errors!, 'requests'),
      sentLateP99: stat(runs.sendLateP99!, 'ms (the generator and waits for one of its 64 connections)'),
      generatorDelayP99: stat(runs.generatorDelayP99!, "ms (the load generator's own event loop)"),
    };
    results[`14. open-loop ${options.label} @ ${rate}/s`] = figures;
    tried.push({
      rate,
      p99: figures.p99!.median,
      sustained: sustained(figures.p99!.median, figures.errors!.max),
    });
  }
  const bounds = () => {
    const held = tried.filter((t) => t.sustained).map((t) => t.rate);
    const highest = held.length ? Math.max(...held) : 0;
    const above = tried.filter((t) => !t.sustained && t.rate > highest).map((t) => t.rate);
    return { highest, lowestFailed: above.length ? Math.min(...above) : null };
  };
  for (let step = 0; step < options.steps; step++) {
    const { highest, lowestFailed } = bounds();
    const next = lowestFailed === null ? Math.round(highest * 1.5) : Math.round((highest + lowestFailed) / 2);
    const precision = Math.max(50, highest * 0.05);
    if (lowestFailed !== null && lowestFailed - highest <= precision) break;
    const rate = Math.max(10, Math.round(next / 10) * 10);
    if (tried.some((t) => t.rate === rate)) break;
    await options.prepare();
    const run = await once(rate, options.next, options.url, options.onRun);
    tried.push({ rate, p99: run.p99, sustained: sustained(run.p99, run.errors) });
  }
  return { ...bounds(), tried };
}
