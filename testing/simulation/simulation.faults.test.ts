import { describe, expect, it } from 'vitest';
import { failingSeeds } from './simulation.ts';

/** `npm run test:faults`: the deterministic simulation on thousands of seeds (SIM_SEEDS to change). */
const count = Number(process.env.SIM_SEEDS ?? 5_000);

describe('simulation of the command and projection pipeline, long run', () => {
  it(`holds the ledger invariants for ${count} seeds`, async () => {
    const started = Date.now();
    const { runs, failures, events, faults } = await failingSeeds(
      Array.from({ length: count }, (_, i) => i + 1),
    );
    console.info(
      `${runs} seeds, ${events} events in ${Math.round((Date.now() - started) / 1000)} s, faults injected: ${JSON.stringify(faults)}`,
    );
    expect(failures, failures.join('\n\n')).toEqual([]);
  }, 900_000);
});
