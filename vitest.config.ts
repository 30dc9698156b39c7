import { defineConfig } from 'vitest/config';

/**
 * `npm test` runs three projects: unit (pure, no Postgres: `npm run test:unit` in seconds), int (real
 * Postgres) and e2e (real Postgres and Chromium). Only int and e2e start a Postgres (testing/globalSetup.ts).
 * The long fault runs have a config of their own (vitest.faults.config.ts, `npm run test:faults`).
 */
export default defineConfig({
  test: {
    exclude: ['node_modules/**', 'web/dist/**', '.data/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['**/*.unit.test.ts'], setupFiles: ['testing/webLocaleSetup.ts'] },
      },
      {
        extends: true,
        test: { name: 'int', include: ['**/*.int.test.ts'], globalSetup: ['testing/globalSetup.ts'] },
      },
      {
        extends: true,
        test: { name: 'e2e', include: ['**/*.e2e.test.ts'], globalSetup: ['testing/globalSetup.ts'] },
      },
    ],
  },
});
