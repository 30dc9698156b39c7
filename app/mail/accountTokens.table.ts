import { createHash, randomBytes } from 'node:crypto';
import type { UserId } from '../../domain/shared/ids.ts';
import type { Pool, PoolClient } from '../../infra/postgres/pool.ts';
import type { TableOwner } from '../tables.ts';

/**
 * One-time links sent by mail (migration 1764201600011): 32 random bytes, base64url, carried in the
 * link's fragment (`#token=…`) so that it never reaches a server's access log. Only its SHA-256 is stored;
 * using it spends it (one UPDATE that also checks the expiry, so two uses racing cannot both win).
 */
export type TokenPurpose = 'password_reset' | 'email_change' | 'email_verification';

/** How long a reset or an e-mail change link works: short, since whoever reads the mail holds the account. */
export const TOKEN_LIFETIME_MS = 30 * 60_000;

/**
 * A verification link works a day: a new account's owner may open the mail later. It acts only on an
 * account that is still unverified, which holds no money and no second factor (docs/security.md).
 */
export const TOKEN_LIFETIMES_MS: Record<TokenPurpose, number> = {
  password_reset: TOKEN_LIFETIME_MS,
  email_change: TOKEN_LIFETIME_MS,
  email_verification: 24 * 60 * 60_000,
};

const TOKEN_FORM = /^[A-Za-z0-9_-]{43}$/;

function hashOf(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/**
 * How many unused links of a purpose stay valid at once, each until its own expiry. A password reset keeps
 * the newest four: a request by someone else must not kill the link the owner is about to use, and with
 * the mail limits four is the fewest that one or two client addresses cannot push out (docs/security.md
 * "Account recovery"). An e-mail change keeps only the latest: the person asking is signed in, and an
 * older request may name another address.
 */
export const LINKS_KEPT: Record<TokenPurpose, number> = {
  password_reset: 4,
  email_change: 1,
  // As a reset's, for the same reason: a stranger registering the address again must not kill the
  // owner's link.
  email_verification: 4,
};

/**
 * A new token for `userId`. Of the unused tokens of the same purpose, the newest `LINKS_KEPT - 1` stay
 * valid; older and expired ones are deleted. `sessionId` is the public id of the session that asked (an
 * e-mail change confirms in it without the password).
 */
export async function issueToken(
  db: Pool,
  userId: UserId,
  purpose: TokenPurpose,
  now: Date,
  newEmail: string | null = null,
  sessionId: string | null = null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `WITH spent AS (
       DELETE FROM account_tokens WHERE token_hash IN (
         SELECT token_hash FROM account_tokens
          WHERE user_id = $2 AND purpose = $3 AND used_at IS NULL
          ORDER BY expires_at > $5 DESC, created_at DESC
         OFFSET $7)
     )
     INSERT INTO account_tokens (token_hash, purpose, user_id, new_email, created_at, expires_at, session_id)
     VALUES ($1, $3, $2, $4, $5, $6, $8)`,
    [
      hashOf(token),
      userId,
      purpose,
      newEmail,
      now,
      new Date(now.getTime() + TOKEN_LIFETIMES_MS[purpose]),
      LINKS_KEPT[purpose] - 1,
      sessionId,
    ],
  );
  return token;
}

/**
 * Spends `token` if it is of `purpose`, unused and unexpired at `now`: its user (and the address an e-mail
 * change waits for), else null. A malformed token is simply not found.
 */
export async function spendToken(
  db: Pool | PoolClient,
  token: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<{ userId: UserId; newEmail: string | null } | null> {
  if (!TOKEN_FORM.test(token)) return null;
  const { rows } = await db.query<{ user_id: UserId; new_email: string | null }>(
    `UPDATE account_tokens SET used_at = $3
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
      RETURNING user_id, new_email`,
    [hashOf(token), purpose, now],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, newEmail: row.new_email } : null;
}

/**
 * The user and the asking session of `token` when it is of `purpose`, unused and unexpired at `now`,
 * without spending it: to ask for a proof before its use (an e-mail change confirmed in another session).
 */
export async function findToken(
  db: Pool,
  token: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<{ userId: UserId; sessionId: string | null } | null> {
  if (!TOKEN_FORM.test(token)) return null;
  const { rows } = await db.query<{ user_id: UserId; session_id: string | null }>(
    `SELECT user_id, session_id FROM account_tokens
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3`,
    [hashOf(token), purpose, now],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, sessionId: row.session_id } : null;
}

/** Forgets every token of a user (an erasure, or once a reset has ended every session). */
export async function dropTokens(db: Pool, userId: UserId, purpose?: TokenPurpose): Promise<void> {
  await db.query('DELETE FROM account_tokens WHERE user_id = $1 AND ($2::text IS NULL OR purpose = $2)', [
    userId,
    purpose ?? null,
  ]);
}

/**
 * `account_tokens`: links that expired or were used are purged (neither works again either way, and an
 * e-mail change's waiting address is personal data kept no longer than its link); the person's go at erasure.
 */
export const accountTokensTable: TableOwner = {
  table: 'account_tokens',
  purge: {
    purged: 'accountTokens',
    async run(db) {
      const { rowCount } = await db.query(
        'DELETE FROM account_tokens WHERE expires_at < now() OR used_at IS NOT NULL',
      );
      return rowCount ?? 0;
    },
  },
  async erase(client, { userId }) {
    await client.query('DELETE FROM account_tokens WHERE user_id = $1', [userId]);
  },
};
