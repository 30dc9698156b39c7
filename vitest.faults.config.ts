import { defineConfig } from 'vitest/config';

/**
 * `npm run test:faults`: the long fault-injection suite (*.faults.test.ts), kept out of `npm test`.
 * Each file starts its own API and worker processes (and one its own Postgres), so files run one at a time.
 */
export default defineConfig({
  test: {
    globalSetup: ['testing/globalSetup.ts'],
    include: ['**/*.faults.test.ts'],
    exclude: ['node_modules/**', 'web/dist/**', '.data/**'],
    testTimeout: 300_000,
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
