import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster`: the cluster shape (testing/cluster/, docs/architecture/cluster.md) brought up
 * with Debian's patroni, etcd and haproxy on PostgreSQL 15, loopback only. Kept out of `npm test` and
 * `npm run test:faults`: it installs packages when missing and runs nine daemons. No globalSetup: it
 * starts its own Postgres servers.
 */
export default defineConfig({
  test: {
    include: ['**/*.cluster.test.ts'],
    exclude: ['node_modules/**', 'web/dist/**', '.data/**'],
    testTimeout: 120_000,
    hookTimeout: 600_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
