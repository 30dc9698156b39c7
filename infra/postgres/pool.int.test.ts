import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/testDb.ts';
import { createPool } from './pool.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A Postgres restart ends every session with 57P01. node-postgres emits that as an 'error' event on the
 * client, and an 'error' event nobody listens to kills the process — the API and the projection worker
 * died that way when Postgres restarted under load (api/faults/postgresRestart.faults.test.ts).
 */
describe('the connection pool when the server ends its sessions', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('pool');
  });
  afterAll(async () => {
    await db?.drop();
  });

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
});
