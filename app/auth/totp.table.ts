import type { UserId } from '../../domain/shared/ids.ts';
import type { Pool, PoolClient } from '../../infra/postgres/pool.ts';
import type { TableOwner } from '../tables.ts';

/** `totp_secrets`: every statement on the table. The codes and the secret's encryption: totp.ts. */

type Db = Pool | PoolClient;

/** Stores a fresh secret, unconfirmed, replacing any earlier pending one. */
export async function saveTotpSecret(db: Db, userId: UserId, secretEncrypted: string): Promise<void> {
  await db.query(
    `INSERT INTO totp_secrets (user_id, secret_encrypted, confirmed, last_used_step, created_at, confirmed_at)
     VALUES ($1, $2, false, NULL, now(), NULL)
     ON CONFLICT (user_id) DO UPDATE SET secret_encrypted = EXCLUDED.secret_encrypted, confirmed = false,
       last_used_step = NULL, created_at = now(), confirmed_at = NULL`,
    [userId, secretEncrypted],
  );
}

export async function hasTotpSecret(db: Db, userId: UserId): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM totp_secrets WHERE user_id = $1', [userId]);
  return (rowCount ?? 0) > 0;
}

export async function totpSecretOf(db: Db, userId: UserId): Promise<string | null> {
  const { rows } = await db.query<{ secret_encrypted: string }>(
    'SELECT secret_encrypted FROM totp_secrets WHERE user_id = $1',
    [userId],
  );
  return rows[0]?.secret_encrypted ?? null;
}

/**
 * Records `step` as used when it is later than the last step used and the secret is still the one read,
 * confirming it with `confirm`: false when another use (or a new set-up) came first.
 */
export async function spendTotpStep(
  db: Db,
  row: { userId: UserId; step: number; secretEncrypted: string; confirm: boolean },
): Promise<boolean> {
  const updated = await db.query(
    `UPDATE totp_secrets
     SET last_used_step = $2,
         confirmed = confirmed OR $4,
         confirmed_at = CASE WHEN $4 AND NOT confirmed THEN now() ELSE confirmed_at END
     WHERE user_id = $1 AND secret_encrypted = $3 AND (last_used_step IS NULL OR last_used_step < $2)`,
    [row.userId, row.step, row.secretEncrypted, row.confirm],
  );
  return updated.rowCount === 1;
}

export async function deleteTotpSecret(db: Db, userId: UserId): Promise<void> {
  await db.query('DELETE FROM totp_secrets WHERE user_id = $1', [userId]);
}

/**
 * `totp_secrets`: a set-up never confirmed, older than a day, is purged (`POST /api/account/2fa/setup`
 * starts a new one); the person's secret goes at erasure.
 */
export const totpSecretsTable: TableOwner = {
  table: 'totp_secrets',
  purge: {
    purged: 'unconfirmedTotp',
    async run(db) {
      const { rowCount } = await db.query(
        `DELETE FROM totp_secrets WHERE NOT confirmed AND created_at < now() - interval '1 day'`,
      );
      return rowCount ?? 0;
    },
  },
  async erase(client, { userId }) {
    await client.query('DELETE FROM totp_secrets WHERE user_id = $1', [userId]);
  },
};
