import type { Pool } from '../../infra/postgres/pool.ts';

/** Whether the database answers (the health probes): one round trip, no table read. */
export async function pingDatabase(pool: Pool): Promise<void> {
  await pool.query('SELECT 1');
}
