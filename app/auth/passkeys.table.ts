import type { UserId } from '../../domain/shared/ids.ts';
import type { Pool, PoolClient } from '../../infra/postgres/pool.ts';
import type { TableOwner } from '../tables.ts';

/**
 * `passkeys` and `webauthn_challenges`: every statement on the tables. The protocol's side, and what a
 * challenge is, are beside them (passkeys.ts).
 */

export type ChallengePurpose = 'register' | 'sign_in' | 'second_factor';

type Db = Pool | PoolClient;

export interface PasskeyRow {
  id: string;
  userId: UserId;
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

const COLUMNS = `id, user_id AS "userId", credential_id AS "credentialId", public_key AS "publicKey",
  counter::int AS counter, transports, name, created_at AS "createdAt", last_used_at AS "lastUsedAt"`;

export async function passkeysOf(db: Db, userId: UserId): Promise<PasskeyRow[]> {
  const { rows } = await db.query<PasskeyRow>(
    `SELECT ${COLUMNS} FROM passkeys WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );
  return rows;
}

export async function hasPasskeys(db: Db, userId: UserId): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM passkeys WHERE user_id = $1 LIMIT 1', [userId]);
  return (rowCount ?? 0) > 0;
}

export async function passkeyByCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | null> {
  const { rows } = await db.query<PasskeyRow>(`SELECT ${COLUMNS} FROM passkeys WHERE credential_id = $1`, [
    credentialId,
  ]);
  return rows[0] ?? null;
}

export async function insertPasskey(
  db: Db,
  row: Omit<PasskeyRow, 'createdAt' | 'lastUsedAt'>,
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO passkeys (id, user_id, credential_id, public_key, counter, transports, name, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [row.id, row.userId, row.credentialId, row.publicKey, row.counter, row.transports, row.name, now],
  );
}

export async function renamePasskey(db: Db, userId: UserId, id: string, name: string): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE passkeys SET name = $3 WHERE user_id = $1 AND id = $2', [
    userId,
    id,
    name,
  ]);
  return (rowCount ?? 0) > 0;
}

export async function deletePasskey(db: Db, userId: UserId, id: string): Promise<void> {
  await db.query('DELETE FROM passkeys WHERE user_id = $1 AND id = $2', [userId, id]);
}

/** A passkey's signature counter moved forward: it was used at `now`. */
export async function recordPasskeyUse(db: Db, id: string, counter: number, now: Date): Promise<void> {
  await db.query('UPDATE passkeys SET counter = $2, last_used_at = $3 WHERE id = $1', [id, counter, now]);
}

export async function deleteExpiredChallenges(db: Db, now: Date): Promise<void> {
  await db.query('DELETE FROM webauthn_challenges WHERE expires_at < $1', [now]);
}

export async function insertChallenge(
  db: Db,
  row: { challengeHash: string; purpose: ChallengePurpose; userId: UserId | null; expiresAt: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO webauthn_challenges (challenge_hash, purpose, user_id, expires_at) VALUES ($1, $2, $3, $4)`,
    [row.challengeHash, row.purpose, row.userId, row.expiresAt],
  );
}

/** Deletes the challenge of this hash: what it was issued for, if it was. */
export async function takeChallengeRow(
  db: Db,
  challengeHash: string,
): Promise<{ purpose: string; user_id: string | null; expires_at: Date } | undefined> {
  const { rows } = await db.query<{ purpose: string; user_id: string | null; expires_at: Date }>(
    'DELETE FROM webauthn_challenges WHERE challenge_hash = $1 RETURNING purpose, user_id, expires_at',
    [challengeHash],
  );
  return rows[0];
}

export async function deleteChallenge(db: Db, challengeHash: string): Promise<void> {
  await db.query('DELETE FROM webauthn_challenges WHERE challenge_hash = $1', [challengeHash]);
}

/** `passkeys`: the person's credentials go at erasure. */
export const passkeysTable: TableOwner = {
  table: 'passkeys',
  async erase(client, { userId }) {
    await client.query('DELETE FROM passkeys WHERE user_id = $1', [userId]);
  },
};

/** `webauthn_challenges`: the person's open challenges go at erasure. */
export const webauthnChallengesTable: TableOwner = {
  table: 'webauthn_challenges',
  async erase(client, { userId }) {
    await client.query('DELETE FROM webauthn_challenges WHERE user_id = $1', [userId]);
  },
};
