import type { UserId } from '../../domain/shared/ids.ts';
import type { Pool } from '../../infra/postgres/pool.ts';
import type { TableOwner } from '../tables.ts';

/** `credentials`: every statement on the table. The hashing is beside it (credentials.ts). */

export async function savePasswordHash(db: Pool, userId: UserId, passwordHash: string): Promise<void> {
  await db.query(
    `INSERT INTO credentials (user_id, password_hash, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (user_id) DO UPDATE SET password_hash = EXCLUDED.password_hash, updated_at = now()`,
    [userId, passwordHash],
  );
}

export async function loadPasswordHash(db: Pool, userId: UserId): Promise<string | null> {
  const { rows } = await db.query<{ password_hash: string }>(
    'SELECT password_hash FROM credentials WHERE user_id = $1',
    [userId],
  );
  return rows[0]?.password_hash ?? null;
}

/** `credentials`: the password hash goes at erasure. */
export const credentialsTable: TableOwner = {
  table: 'credentials',
  async erase(client, { userId }) {
    await client.query('DELETE FROM credentials WHERE user_id = $1', [userId]);
  },
};
