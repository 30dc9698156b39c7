import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const fromRepo = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/**
 * `npm test` runs three projects: unit (pure, no Postgres: `npm run test:unit` in seconds), int (real
 * Postgres) and e2e (real Postgres and Chromium). Only int and e2e start a Postgres (testing/globalSetup.ts).
 * The long fault runs have a config of their own (vitest.faults.config.ts, `npm run test:faults`).
 */
export default defineConfig({
  // The web's path aliases, as tsconfig.json's `paths` and vite.config.ts name them: the web's unit tests,
  // and the browser tests' imports of its modules, load web files that import through them.
  resolve: {
    alias: [
      { find: /^@\//, replacement: fromRepo('./web/src/') },
      { find: /^@domain\//, replacement: fromRepo('./domain/') },
    ],
  },
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
        test: {
          name: 'int',
          include: ['**/*.int.test.ts'],
          globalSetup: ['testing/globalSetup.ts'],
          // One file at a time on any machine (see e2e below for why), after the unit files.
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['**/*.e2e.test.ts'],
          globalSetup: ['testing/globalSetup.ts'],
          // Two browser files at once, in a group of their own after unit and int (groups run in turn). A
          // browser file spends much of its time waiting on Chromium and its server: on 2 cores the project
          // took 615 s one file at a time, 472 s two at a time (2026-11-28). Each test is slower beside
          // another, and CI's machine is slower again: a test that takes 22 s on an idle machine took 87 s
          // there (2026-12-02), so a browser test may take three minutes before it counts as hung (tests
          // that set their own timeout give 240 s). Int stays one file at a time: its tests read the log's
          // visibility bound, which an open transaction anywhere in the shared cluster holds back (two at a
          // time failed three of them).
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
          testTimeout: 180_000,
        },
      },
    ],
  },
});
