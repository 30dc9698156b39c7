import { defineConfig } from 'vitest/config';

/**
 * `npm run test:faults`: the long runs kept out of `npm test`: the fault-injection suite (*.faults.test.ts)
 * and `npm run bench` run small (bench/bench.small.test.ts, a load run of its own: nearly three minutes of
 * both cores, which `npm test` and the Node 24 run would otherwise each spend).
 * Each file starts its own API and worker processes (and one its own Postgres), so files run one at a time.
 */
export default defineConfig({
  test: {
    globalSetup: ['testing/globalSetup.ts'],
    include: ['**/*.faults.test.ts', 'bench/bench.small.test.ts'],
    exclude: ['node_modules/**', 'web/dist/**', '.data/**'],
    testTimeout: 300_000,
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
