-- Up Migration
-- Passkeys (WebAuthn credentials, app/auth/passkeys.ts). Like password hashes they are account security
-- data kept outside the log: the log only records that a passkey was added or removed (by its `id`), never
-- its key, credential id or name. `id` is the public handle the API and the log use; `credential_id` is
-- the authenticator's id (base64url), which the browser sends back when signing in; `counter` is the
-- authenticator's signature counter (0 for those that do not count).
CREATE TABLE IF NOT EXISTS passkeys (
  id text PRIMARY KEY,
  user_id text NOT NULL,
  credential_id text NOT NULL UNIQUE,
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX IF NOT EXISTS passkeys_user ON passkeys (user_id);
-- WebAuthn challenges: only their SHA-256 is stored, each taken (deleted) by the one verification that
-- uses it, and refused after `expires_at`. A table, not memory, so the answer may reach any API process.
-- `purpose` is what the challenge was issued for ('register', 'sign_in', 'second_factor'); `user_id` the
-- user it was issued to (null for a sign-in, where nobody is known yet).
CREATE TABLE IF NOT EXISTS webauthn_challenges (
  challenge_hash text PRIMARY KEY,
  purpose text NOT NULL,
  user_id text,
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS webauthn_challenges_expiry ON webauthn_challenges (expires_at);
