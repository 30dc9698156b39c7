import type pg from 'pg';
import { withAdvisoryLock } from '../infra/postgres/pool.ts';

/**
 * Tables the API owns that are NOT read models: secrets that must never enter the event log
 * (password hashes, TOTP secrets), session state, and the replay cache of idempotent requests (exactly-once itself
 * rests on ids derived from the key; this table only returns the first answer and spots a changed body). They are not rebuilt from the log; the log only records that
 * a password changed or a session was revoked where that matters.
 */
export const APP_SCHEMA = `
CREATE TABLE IF NOT EXISTS credentials (
  user_id text PRIMARY KEY,
  password_hash text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS sessions (
  id text PRIMARY KEY,
  user_id text NOT NULL,
  is_admin boolean NOT NULL,
  remember boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  idle_expires_at timestamptz NOT NULL,
  absolute_expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text
);
CREATE INDEX IF NOT EXISTS sessions_user ON sessions (user_id) WHERE revoked_at IS NULL;
CREATE TABLE IF NOT EXISTS idempotency_keys (
  scope_key text PRIMARY KEY,
  request_hash text NOT NULL,
  state text NOT NULL,
  response_status integer,
  response_body jsonb,
  locked_until timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS idempotency_keys_created ON idempotency_keys (created_at);
-- TOTP shared secrets (app/auth/totp.ts): AES-256-GCM ciphertext, never in the log. last_used_step is the
-- latest time step a code was accepted for, so a code cannot be used twice.
CREATE TABLE IF NOT EXISTS totp_secrets (
  user_id text PRIMARY KEY,
  secret_encrypted text NOT NULL,
  confirmed boolean NOT NULL DEFAULT false,
  last_used_step bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz
);
`;

export async function migrateAppSchema(pool: pg.Pool): Promise<void> {
  // One migration at a time across processes starting together.
  await withAdvisoryLock(pool, 'sai:migrate', (client) => client.query(APP_SCHEMA));
}
