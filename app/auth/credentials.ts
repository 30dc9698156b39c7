import { hash, verify } from '@node-rs/argon2';
import type { UserId } from '../../domain/shared/ids.ts';
import type { Pool } from '../../infra/postgres/pool.ts';
import type { TableOwner } from '../tables.ts';

/** argon2id with OWASP's recommended minimum (19 MiB, 2 passes). Hashes live only in `credentials`. */
// algorithm 2 is Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const OPTIONS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export async function hashSecret(secret: string): Promise<string> {
  return await hash(secret, OPTIONS);
}

export async function verifySecret(hashed: string, secret: string): Promise<boolean> {
  try {
    return await verify(hashed, secret);
  } catch {
    return false;
  }
}

// Verifying against this when the account does not exist keeps the answer's timing the same.
let dummyHash: Promise<string> | null = null;
export function timingDummyHash(): Promise<string> {
  dummyHash ??= hashSecret('timing-equaliser-not-a-password');
  return dummyHash;
}

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
