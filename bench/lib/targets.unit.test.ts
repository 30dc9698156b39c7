import { describe, expect, it } from 'vitest';
import { stat } from '../stat.ts';
import { judgeTargets } from './targets.ts';

const verdictOf = (reports: ReturnType<typeof judgeTargets>, start: string) =>
  reports.find((report) => report.target.startsWith(start));

describe('the performance targets, judged on a run’s figures', () => {
  it('say "not measured", naming the group, for what the run left out', () => {
    const reports = judgeTargets({});
    expect(reports.length).toBe(9);
    for (const report of reports) expect(report.verdict).toBe('not measured');
    expect(verdictOf(reports, 'writes')!.measured).toMatch(/group 12/);
  });

  it('judge each figure against its bound: a write ratio of 1.5 with p99 50 ms is met, 1.49 is not', () => {
    const run = (ratio: number, p99: number) =>
      verdictOf(
        judgeTargets({
          '12. transfers: product (npm start shape)': {
            ratioToReference: stat([ratio], '×'),
            p99: stat([p99], 'ms'),
          },
        }),
        'writes',
      )!;
    expect(run(1.5, 50).verdict).toBe('met');
    expect(run(1.49, 50).verdict).toBe('missed');
    expect(run(2, 51)).toEqual(expect.objectContaining({ verdict: 'missed', measured: '2×, p99 51 ms' }));
  });

  it('name every dashboard read that misses, and leave the ceiling out', () => {
    const read = (reads: number, ratio: number, p99: number) => ({
      reads: stat([reads], 'reads/s'),
      ratioToCeiling: stat([ratio], '×'),
      p99: stat([p99], 'ms'),
    });
    const reports = judgeTargets({
      '11. reads, 64 connections: ceiling': { reads: stat([20_000], 'reads/s'), p99: stat([900], 'ms') },
      '11. reads, 64 connections: user': read(7_000, 0.35, 20),
      '11. reads, 64 connections: history': read(2_000, 0.1, 60),
    });
    const reads = verdictOf(reports, 'every dashboard read')!;
    expect(reads.verdict).toBe('missed');
    expect(reads.measured).toContain('history 2000/s');
    expect(reads.measured).not.toContain('user');
    expect(reads.measured).not.toContain('ceiling');
  });

  it('take the load generator’s CPU out of the product’s, and count conservation problems from every check', () => {
    const reports = judgeTargets({
      '3b. CPU per accepted transfer during the load': {
        wholeMachine: stat([0.5], 'ms'),
        loadGenerator: stat([0.12], 'ms'),
      },
      'conservation after load': { problems: 0, events: 10 },
      '14. nothing lost, conservation': { conservationProblems: 1 },
    });
    expect(verdictOf(reports, 'CPU')).toEqual(
      expect.objectContaining({ verdict: 'met', measured: '0.38 ms' }),
    );
    expect(verdictOf(reports, 'nothing lost')).toEqual(
      expect.objectContaining({ verdict: 'missed', measured: '1 problems in 2 checks' }),
    );
  });

  it('judge the rebuild only on the 1M log: a smaller one is not measured, whatever its rate', () => {
    const rebuild = (events: number, rate: number) =>
      verdictOf(
        judgeTargets({
          '6. rebuild all read models': {
            events,
            throughput: stat([rate], 'events/s'),
            peakMemory: stat([200], 'MB'),
          },
        }),
        'rebuild',
      )!;
    expect(rebuild(5_000, 500_000)).toEqual(
      expect.objectContaining({ verdict: 'not measured', measured: expect.stringMatching(/5,000 events/) }),
    );
    expect(rebuild(1_003_003, 100_000).verdict).toBe('met');
    expect(rebuild(1_003_003, 99_999).verdict).toBe('missed');
  });

  it('hold admin calls to p99 ≤ 50 ms each, naming the slow ones', () => {
    const reports = judgeTargets({
      '9b. admin search and stats on the log (200 calls each)': {
        '/api/admin/search?q=x p50': stat([3], 'ms'),
        '/api/admin/search?q=x p99': stat([12], 'ms'),
        '/api/admin/stats p99': stat([352], 'ms'),
      },
    });
    expect(verdictOf(reports, 'admin')).toEqual(
      expect.objectContaining({ verdict: 'missed', measured: '/api/admin/stats 352 ms' }),
    );
  });
});
