import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['infra/testing/globalSetup.ts'],
    include: ['**/*.{unit,int,e2e}.test.ts'],
    exclude: ['node_modules/**', 'web/dist/**', '.data/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
