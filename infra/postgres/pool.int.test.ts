import { describe, expect, it } from 'vitest';
import { setUpTestDatabase } from '../../testing/testDb.ts';
import { createPool, withAdvisoryLock } from './pool.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A Postgres restart ends every session with 57P01. node-postgres emits that as an 'error' event on the
 * client, and an 'error' event nobody listens to kills the process — the API and the projection worker
 * died that way when Postgres restarted under load (testing/faults/postgresRestart.faults.test.ts).
 */
describe('the connection pool when the server ends its sessions', () => {
  const db = setUpTestDatabase('pool');

  async function terminate(pid: number) {
    await db.pool.query('SELECT pg_terminate_backend($1)', [pid]);
    await sleep(200);
  }

  it('survives a checked-out client losing its session, and drops it on release', async () => {
    const pool = createPool(db.url, 2);
    try {
      const client = await pool.connect();
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      // Held between queries, as a transaction around a projection handler holds it.
      await terminate(rows[0]!.pid);
      await expect(client.query('SELECT 1')).rejects.toThrow();
      client.release();
      const after = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      expect(after.rows[0]!.pid).not.toBe(rows[0]!.pid);
    } finally {
      await pool.end();
    }
  });

  it('survives an idle client losing its session', async () => {
    const pool = createPool(db.url, 2);
    try {
      const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await terminate(rows[0]!.pid);
      expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1);
    } finally {
      await pool.end();
    }
  });

  describe('withAdvisoryLock (the start-up schema steps of processes starting together)', () => {
    it('runs the work of two pools one after the other', async () => {
      const pools = [createPool(db.url, 2), createPool(db.url, 2)];
      try {
        const spans: [number, number][] = [];
        await Promise.all(
          pools.map((pool) =>
            withAdvisoryLock(pool, 'test:one-at-a-time', async () => {
              const start = performance.now();
              await sleep(150);
              spans.push([start, performance.now()]);
            }),
          ),
        );
        spans.sort((a, b) => a[0] - b[0]);
        expect(spans).toHaveLength(2);
        expect(spans[1]![0]).toBeGreaterThanOrEqual(spans[0]![1]);
      } finally {
        await Promise.all(pools.map((pool) => pool.end()));
      }
    });

    it('leaves neither the lock held nor a broken session pooled when the work fails mid-transaction', async () => {
      const pool = createPool(db.url, 1);
      const other = createPool(db.url, 1);
      try {
        await expect(
          withAdvisoryLock(pool, 'test:failed-work', async (client) => {
            await client.query('BEGIN');
            await client.query('SELECT 1 / 0');
          }),
        ).rejects.toThrow(/division by zero/);
        const { rows } = await other.query<{ got: boolean }>(
          "SELECT pg_try_advisory_lock(hashtextextended('test:failed-work', 0)) AS got",
        );
        expect(rows[0]!.got).toBe(true);
        await other.query("SELECT pg_advisory_unlock(hashtextextended('test:failed-work', 0))");
        // The pool's one connection is usable: rolled back, not left in an aborted transaction.
        expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1);
      } finally {
        await Promise.all([pool.end(), other.end()]);
      }
    });
  });
});
