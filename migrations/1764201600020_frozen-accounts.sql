-- Up Migration
-- The accounts continuous verification found involved in a mismatch (projections/ledgerTree/follower.ts):
-- a command that would move money into or out of one is refused (app/commands/ledgerFreeze.ts) until an
-- operator, having checked the account's events, deletes its row (docs/architecture/operations.md).
CREATE TABLE IF NOT EXISTS ledger_frozen_accounts (
  account text PRIMARY KEY,
  reason text NOT NULL,
  frozen_at timestamptz NOT NULL DEFAULT now()
);
