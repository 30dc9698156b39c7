-- Up Migration
-- Crypto-shredding (docs/decisions/0014-crypto-shredding.md): one data key per person, with which their
-- personal fields are sealed (app/privacy/personalDataKeys.ts). The key is stored only wrapped by the master
-- key (PERSONAL_DATA_KEY): AES-256-GCM, `wrapped_key` = IV (12 bytes) || tag (16) || encrypted key (32).
-- `master_key_id` names the master key that wrapped it (a fingerprint, not the key); `key_version` counts
-- the wraps (1, then +1 at each rotation of the master key). Erasure clears `wrapped_key` and
-- `master_key_id` and sets `destroyed_at`; the row stays as a tombstone, so that no new key is ever made
-- for an erased person.
CREATE TABLE IF NOT EXISTS personal_data_keys (
  subject_id text PRIMARY KEY,
  wrapped_key bytea,
  master_key_id text,
  key_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  destroyed_at timestamptz,
  CONSTRAINT personal_data_keys_live_or_destroyed CHECK (
    (destroyed_at IS NULL AND wrapped_key IS NOT NULL AND master_key_id IS NOT NULL)
    OR (destroyed_at IS NOT NULL AND wrapped_key IS NULL AND master_key_id IS NULL)
  )
);
