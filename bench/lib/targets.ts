import type { Figure } from '../stat.ts';

/**
 * The performance issue's targets (BENCHMARKS.md, "Targets"), each read from this run's own figures: met,
 * missed (with what was measured), or not measured (its group was left out by BENCH_ONLY, or the bench has
 * no figure for it). Every ratio is between figures of the same run; nothing here is a timed test.
 */
type Results = Readonly<Record<string, Readonly<Record<string, Figure | string | number>> | undefined>>;

export type Verdict = 'met' | 'missed' | 'not measured';

export interface TargetReport {
  target: string;
  verdict: Verdict;
  /** What the run measured, in words; why it could not be judged when not measured. */
  measured: string;
}

/** A figure's median (a plain number as it is); undefined when the run has no such figure. */
function median(results: Results, group: string, key: string): number | undefined {
  const value = results[group]?.[key];
  if (typeof value === 'number') return value;
  if (value !== null && typeof value === 'object' && typeof value.median === 'number') return value.median;
  return undefined;
}

const round = (value: number) => (Math.abs(value) < 10 ? Number(value.toPrecision(3)) : Math.round(value));

interface Target {
  target: string;
  judge(results: Results): { met: boolean; measured: string } | string;
}

const PRODUCT = '12. transfers: product (npm start shape)';
const READ_PREFIX = '11. reads, 64 connections: ';

const TARGETS: readonly Target[] = [
  {
    target: 'writes (npm start): ≥ 1.5× the plain-SQL reference, p99 ≤ 50 ms',
    judge(results) {
      const ratio = median(results, PRODUCT, 'ratioToReference');
      const p99 = median(results, PRODUCT, 'p99');
      if (ratio === undefined || p99 === undefined) return 'group 12 (openloop) not in this run';
      return { met: ratio >= 1.5 && p99 <= 50, measured: `${round(ratio)}×, p99 ${round(p99)} ms` };
    },
  },
  {
    target: 'open-loop headline: ≥ 2× the reference’s',
    judge(results) {
      const ratio = median(results, '14. open-loop headline', 'transfersToReference');
      if (ratio === undefined) return 'group 14 (openloop) not in this run';
      return { met: ratio >= 2, measured: `${round(ratio)}×` };
    },
  },
  {
    // The "today ~0.7–0.9 ms" is halved: 0.4 ms, the product's processes and Postgres (the load
    // generator's own CPU is the bench's, not the product's).
    target: 'CPU per accepted transfer (all but the load generator): ≤ 0.4 ms',
    judge(results) {
      const group = '3b. CPU per accepted transfer during the load';
      const whole = median(results, group, 'wholeMachine');
      const generator = median(results, group, 'loadGenerator');
      if (whole === undefined || generator === undefined) return 'group 3b (http) not in this run';
      const product = whole - generator;
      return { met: product <= 0.4, measured: `${round(product)} ms` };
    },
  },
  {
    target: 'every dashboard read: ≥ 0.3× the trivial-read ceiling, ≥ 3,000/s, p99 ≤ 50 ms',
    judge(results) {
      const reads = Object.keys(results).filter(
        (group) => group.startsWith(READ_PREFIX) && !group.endsWith(': ceiling'),
      );
      if (reads.length === 0) return 'group 11 (reads) not in this run';
      const missed: string[] = [];
      for (const group of reads) {
        const rate = median(results, group, 'reads') ?? 0;
        const ratio = median(results, group, 'ratioToCeiling') ?? 0;
        const p99 = median(results, group, 'p99') ?? Number.POSITIVE_INFINITY;
        if (ratio < 0.3 || rate < 3000 || p99 > 50)
          missed.push(
            `${group.slice(READ_PREFIX.length)} ${round(rate)}/s (${round(ratio)}×) p99 ${round(p99)} ms`,
          );
      }
      return {
        met: missed.length === 0,
        measured: missed.length === 0 ? `all ${reads.length} reads` : `missed by ${missed.join('; ')}`,
      };
    },
  },
  {
    target: 'ledger lag under the transfer load: p99 ≤ 50 ms',
    judge(results) {
      const p99 = median(results, '4. projection lag under load (ledger)', 'p99');
      if (p99 === undefined) return 'group 4 (http) not in this run';
      return { met: p99 <= 50, measured: `p99 ${round(p99)} ms` };
    },
  },
  {
    target: 'rebuild of the seeded log: ≥ 100,000 events/s, peak RSS < 300 MB',
    judge(results) {
      const group = '6. rebuild all read models';
      const rate = median(results, group, 'throughput');
      const peak = median(results, group, 'peakMemory');
      const events = median(results, group, 'events');
      if (rate === undefined || peak === undefined) return 'group 6 (log) not in this run';
      // The target is the seeded 1M log's (the seeder gives 1,003,003): a smaller log's rate says little.
      if (events === undefined || events < 1_000_000)
        return `a log of ${events?.toLocaleString('en-US') ?? 'unknown size'} events (BENCH_EVENTS); the target is on the 1M log`;
      return {
        met: rate >= 100_000 && peak < 300,
        measured: `${round(rate)} events/s, ${round(peak)} MB, on ${events.toLocaleString('en-US')} events`,
      };
    },
  },
  {
    target: 'admin search (a term, and nothing found) and stats: p99 ≤ 50 ms',
    judge(results) {
      const name = '9b. admin search and stats on the log (200 calls each)';
      const group = results[name];
      if (!group) return 'group 9b (log) not in this run';
      const p99s = Object.keys(group)
        .filter((key) => key.endsWith(' p99'))
        .map((key) => ({ call: key.slice(0, -' p99'.length), ms: median(results, name, key) ?? 0 }));
      const slow = p99s.filter(({ ms }) => ms > 50);
      return {
        met: p99s.length > 0 && slow.length === 0,
        measured:
          slow.length === 0
            ? `all ${p99s.length} calls`
            : slow.map(({ call, ms }) => `${call} ${round(ms)} ms`).join('; '),
      };
    },
  },
  {
    target: 'a transfer’s cost independent of its account’s history (100,000 against 10 events): ≤ 1.25×',
    judge(results) {
      const ratio = median(results, '5. command cost vs history', 'ratio');
      if (ratio === undefined) return 'group 5 (http) not in this run';
      return { met: ratio <= 1.25, measured: `${round(ratio)}×` };
    },
  },
  {
    target: 'nothing lost or doubled: conservation after every load',
    judge(results) {
      const checks = [
        median(results, 'conservation after load', 'problems'),
        median(results, '14. nothing lost, conservation', 'conservationProblems'),
      ].filter((value) => value !== undefined);
      if (checks.length === 0) return 'no load ran';
      const problems = checks.reduce((a, b) => a + b, 0);
      return { met: problems === 0, measured: `${problems} problems in ${checks.length} checks` };
    },
  },
];

/** Each target, judged on `results`. */
export function judgeTargets(results: Results): TargetReport[] {
  return TARGETS.map(({ target, judge }) => {
    const judged = judge(results);
    if (typeof judged === 'string') return { target, verdict: 'not measured', measured: judged };
    return { target, verdict: judged.met ? 'met' : 'missed', measured: judged.measured };
  });
}
