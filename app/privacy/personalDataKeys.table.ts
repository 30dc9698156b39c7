import type { Pool, PoolClient } from '../../infra/postgres/pool.ts';
import type { TableOwner } from '../tables.ts';

/**
 * `personal_data_keys`: every statement on the table. What a key is, its wrapping and its rotation, are
 * beside it (personalDataKeys.ts).
 */

type Db = Pool | PoolClient;

export interface KeyRow {
  wrapped_key: Buffer | null;
  master_key_id: string | null;
  destroyed_at: Date | null;
}

/** The channel a destroyed data key is announced on, to every process's key ring. */
export const KEY_DESTROYED_CHANNEL = 'sai_personal_data_key_destroyed';

export async function keyRow(db: Db, subjectId: string): Promise<KeyRow | null> {
  const { rows } = await db.query<KeyRow>(
    'SELECT wrapped_key, master_key_id, destroyed_at FROM personal_data_keys WHERE subject_id = $1',
    [subjectId],
  );
  return rows[0] ?? null;
}

export async function keyRowsOf(
  db: Db,
  subjectIds: readonly string[],
): Promise<(KeyRow & { subject_id: string })[]> {
  const { rows } = await db.query<KeyRow & { subject_id: string }>(
    `SELECT subject_id, wrapped_key, master_key_id, destroyed_at FROM personal_data_keys
       WHERE subject_id = ANY($1::text[])`,
    [subjectIds],
  );
  return rows;
}

/** A first key for the person, unless one (or a tombstone) is there already. */
export async function insertKeyRow(
  db: Db,
  subjectId: string,
  wrappedKey: Buffer,
  masterKeyId: string,
): Promise<void> {
  await db.query(
    `INSERT INTO personal_data_keys (subject_id, wrapped_key, master_key_id, key_version)
         VALUES ($1, $2, $3, 1)
         ON CONFLICT (subject_id) DO NOTHING`,
    [subjectId, wrappedKey, masterKeyId],
  );
}

/** Clears the person's key (or leaves a tombstone) and announces it on KEY_DESTROYED_CHANNEL at commit. */
export async function destroyKeyRow(db: Db, subjectId: string): Promise<Date> {
  const { rows } = await db.query<{ destroyed_at: Date }>(
    `INSERT INTO personal_data_keys (subject_id, wrapped_key, master_key_id, destroyed_at)
       VALUES ($1, NULL, NULL, now())
       ON CONFLICT (subject_id) DO UPDATE
         SET wrapped_key = NULL, master_key_id = NULL,
             destroyed_at = coalesce(personal_data_keys.destroyed_at, now())
       RETURNING destroyed_at`,
    [subjectId],
  );
  await db.query('SELECT pg_notify($1, $2)', [KEY_DESTROYED_CHANNEL, subjectId]);
  return rows[0]!.destroyed_at;
}

/** Every row, the table locked against writers until the transaction ends (readers go on). */
export async function lockedKeyRows(
  client: PoolClient,
): Promise<{ subject_id: string; wrapped_key: Buffer | null; master_key_id: string | null }[]> {
  await client.query('LOCK TABLE personal_data_keys IN SHARE ROW EXCLUSIVE MODE');
  const { rows } = await client.query<{
    subject_id: string;
    wrapped_key: Buffer | null;
    master_key_id: string | null;
  }>('SELECT subject_id, wrapped_key, master_key_id FROM personal_data_keys ORDER BY subject_id');
  return rows;
}

export async function rewrapKeyRow(
  client: PoolClient,
  subjectId: string,
  wrappedKey: Buffer,
  masterKeyId: string,
): Promise<void> {
  await client.query(
    `UPDATE personal_data_keys SET wrapped_key = $2, master_key_id = $3, key_version = key_version + 1
            WHERE subject_id = $1`,
    [subjectId, wrappedKey, masterKeyId],
  );
}

/**
 * `personal_data_keys`: the erasure destroys the person's key through PersonalDataKeys (app/privacy/erasure.ts),
 * before its part outside the log; after that part commits, the destroyed key's old row versions, which stay
 * in the table's pages until vacuumed, are vacuumed (outside a transaction).
 */
export const personalDataKeysTable: TableOwner = {
  table: 'personal_data_keys',
  async afterErase(pool) {
    await pool.query('VACUUM personal_data_keys');
  },
};
