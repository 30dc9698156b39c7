-- Up Migration
-- One-time links sent by mail (app/mail/accountTokens.ts): password reset and e-mail change confirmation.
-- Only the SHA-256 of a token is kept, never the token; a row is spent once (used_at) and is good until
-- expires_at. `new_email` is the address an e-mail change waits to confirm: personal data kept outside the
-- log for at most the link's life, deleted with the row (the purge, or the user's erasure). The log records
-- only what a link's use changed (PasswordChanged, UserEmailChanged), never the link.
CREATE TABLE IF NOT EXISTS account_tokens (
  token_hash bytea PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('password_reset', 'email_change')),
  user_id text NOT NULL,
  new_email text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX IF NOT EXISTS account_tokens_user ON account_tokens (user_id, purpose);
CREATE INDEX IF NOT EXISTS account_tokens_expires ON account_tokens (expires_at);

