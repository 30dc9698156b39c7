import { describe, expect, it } from 'vitest';
import { failingSeeds, simulate } from './simulation.ts';

/**
 * The deterministic simulation (simulation.ts) on a modest number of seeds for `npm test`; the fault
 * suite (`npm run test:faults`) runs thousands. SIM_SEED=n runs one seed with its whole trace.
 */
const count = Number(process.env.SIM_SEEDS ?? 200);
const seeds = process.env.SIM_SEED
  ? [Number(process.env.SIM_SEED)]
  : Array.from({ length: count }, (_, i) => i + 1);

describe('simulation of the command and projection pipeline under store faults', () => {
  it(`holds the ledger invariants for ${seeds.length} seeds`, async () => {
    if (process.env.SIM_SEED) {
      const report = await simulate(seeds[0]!, { trace: true });
      console.info(report.trace.join('\n'));
      const { trace: _, ...summary } = report;
      console.info(JSON.stringify(summary, (_key, v) => (typeof v === 'bigint' ? String(v) : v), 2));
    }
    const { runs, failures, events, faults } = await failingSeeds(seeds);
    console.info(`${runs} seeds, ${events} events, faults injected: ${JSON.stringify(faults)}`);
    expect(failures, failures.join('\n\n')).toEqual([]);
    // The faults really happened.
    if (seeds.length >= 50)
      for (const fault of [
        'crash',
        'appendFailsBeforeCommit',
        'appendFailsAfterCommit',
        'delayedCommit',
        'duplicateDelivery',
        'crashBeforeCheckpoint',
      ])
        expect(faults[fault] ?? 0, fault).toBeGreaterThan(0);
  }, 300_000);

  it('replays a seed exactly', async () => {
    const first = await simulate(42);
    const again = await simulate(42);
    expect(again.fingerprint).toBe(first.fingerprint);
    expect(again.steps).toBe(first.steps);
    expect((await simulate(43)).fingerprint).not.toBe(first.fingerprint);
  });

  // The simulation must be able to fail: each deliberate bug below is caught within a few seeds.
  it.each([
    ['a projection that stores its checkpoint apart from its rows (invariant 6)', { checkpointApart: true }],
    ['readers that pass appends committing late (invariant 5)', { ignoreOpenTransactions: true }],
    ['clients that retry with a new command id (invariant 3)', { freshIdOnRetry: true }],
  ])(
    'notices %s',
    async (_, sabotage) => {
      const { failures } = await failingSeeds(
        Array.from({ length: 200 }, (_, i) => i + 1),
        { sabotage },
        1,
      );
      expect(failures.length).toBe(1);
    },
    120_000,
  );
});
