-- Up Migration
-- The catalogue of the log's signed digests (app/ledgerProofs/digests.ts,
-- docs/architecture/verifiable-ledger.md): each row is a statement the ledger's key signed (tree size, root,
-- time, key id, signature) and the file it was published to. Not a read model: a rebuild cannot recreate a
-- signature made at a past time, so it changes only through migrations. The signed statements are also
-- files outside the database (DIGEST_DIR), which is what an auditor keeps; this table lists them.
CREATE TABLE IF NOT EXISTS ledger_digests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tree_size bigint NOT NULL CHECK (tree_size >= 0),
  root text NOT NULL,
  time timestamptz NOT NULL,
  key_id text NOT NULL,
  signature text NOT NULL,
  -- The digest's optional block hashes (LedgerDigest.blocks), unsigned, checked against the root.
  blocks jsonb,
  file_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS ledger_digests_tree_size ON ledger_digests (tree_size);
