-- Up Migration
-- Proof of liabilities (app/ledgerProofs/liabilities.ts, docs/architecture/verifiable-ledger.md): the
-- signed statements of what the company owes per asset, one per log tree size, and the balances each
-- summed (the leaves), so that a user's proof can be served later. A catalogue of signed statements, not a
-- read model: a rebuild cannot recreate a past statement. No nonce is stored: each is derived from the
-- signing key, which never enters the database. Only the newest statements keep their leaves.
CREATE TABLE IF NOT EXISTS ledger_liabilities (
  tree_size bigint PRIMARY KEY,
  statement jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS ledger_liability_leaves (
  tree_size bigint NOT NULL REFERENCES ledger_liabilities (tree_size) ON DELETE CASCADE,
  asset text NOT NULL,
  account text NOT NULL,
  units numeric(40, 0) NOT NULL CHECK (units > 0),
  PRIMARY KEY (tree_size, asset, account)
);
