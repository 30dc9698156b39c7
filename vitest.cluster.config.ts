import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster`: the cluster shape (testing/cluster/, docs/architecture/cluster.md) brought up
 * with Debian's patroni, etcd and haproxy on PostgreSQL 15, loopback only. Kept out of `npm test` and
 * `npm run test:faults`: it installs packages when missing and runs nine daemons. The cluster's servers
 * are its own; the global set-up's Postgres (testing/globalSetup.ts) is only where the failover test's
 * invariant check rebuilds the read models from the cluster's log, to compare them with the live ones.
 */
export default defineConfig({
  test: {
    globalSetup: ['testing/globalSetup.ts'],
    include: ['**/*.cluster.test.ts'],
    exclude: ['node_modules/**', 'web/dist/**', '.data/**'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
