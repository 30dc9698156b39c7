-- Up Migration
-- Account recovery (docs/security.md "Account recovery").
-- The public id of the session that asked for an e-mail change (a SHA-256 of its key, never the key): the
-- change confirms in that session alone; anywhere else the link needs the account's password too.
ALTER TABLE account_tokens ADD COLUMN IF NOT EXISTS session_id text;
-- When the account last signed in with every factor it had (the password, and its second factor when it
-- had one). A reset by mail removes the second factors enrolled after it. Registration counts (the
-- column's default); rows written before this migration take the migration's time, so a second factor
-- enrolled before it is kept.
ALTER TABLE credentials ADD COLUMN IF NOT EXISTS proven_sign_in_at timestamptz NOT NULL DEFAULT now();
