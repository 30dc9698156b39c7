-- Up Migration
-- The app's own tables as main had them before versioned migrations (commit 9a45975), every statement
-- idempotent: on a database that main already wrote, this migration finds every table and index in place
-- and only records itself. Only tables a rebuild cannot recreate are here; the read models stay with their
-- projections.

-- Password hashes, never in the log.
CREATE TABLE IF NOT EXISTS credentials (
  user_id text PRIMARY KEY,
  password_hash text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Server-side sessions (app/auth/sessions.ts).
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
-- The replay cache of idempotent requests: the first answer, and the request's hash to spot a changed body.
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
-- Card PINs as argon2 hashes, outside the log (app/cards/cards.service.ts).
CREATE TABLE IF NOT EXISTS card_pins (
  card_id text PRIMARY KEY,
  pin_hash text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The ledger's process manager's due list (app/workflows/followUps.ts): its own state, not a read model.
CREATE TABLE IF NOT EXISTS ledger_follow_ups_due (
  transaction_id text PRIMARY KEY,
  due_at timestamptz NOT NULL,
  debit jsonb NOT NULL
);
CREATE INDEX IF NOT EXISTS ledger_follow_ups_due_at ON ledger_follow_ups_due (due_at);
-- The live projections' checkpoints (projections/checkpoints.ts). A rebuild keeps its own copy of this
-- table in its shadow schema (projections/rebuild/shadow.ts); the live one is never rebuilt.
CREATE TABLE IF NOT EXISTS projection_checkpoints (
  name text PRIMARY KEY,
  position_commit numeric(20, 0),
  position_prepare numeric(20, 0),
  events_processed bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  last_error_at timestamptz,
  last_error_position text,
  retry_count integer NOT NULL DEFAULT 0
);
