-- Up Migration
-- The history of the ledger's signing keys (app/ledgerProofs/keyHistory.ts,
-- docs/architecture/verifiable-ledger.md "Key history"): one row per key the ledger has signed with, in
-- order, each with the time from which it signs and, from the second on, the previous key's Ed25519
-- signature over the new key and that time (the rotation). Public keys only: no private key is ever here.
-- Not a read model: a rotation signed with a key that is gone cannot be made again, so it changes only
-- through migrations. Served, whole, in the key document at GET /api/ledger/public-key.
CREATE TABLE IF NOT EXISTS ledger_signing_keys (
  seq integer PRIMARY KEY CHECK (seq >= 1),
  key_id text NOT NULL UNIQUE,
  -- The raw 32-byte Ed25519 public key, base64url (the JWK's x).
  public_key text NOT NULL,
  valid_from timestamptz NOT NULL,
  previous_key_id text REFERENCES ledger_signing_keys (key_id),
  rotation_signature text,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((seq = 1) = (previous_key_id IS NULL)),
  CHECK ((previous_key_id IS NULL) = (rotation_signature IS NULL))
);
