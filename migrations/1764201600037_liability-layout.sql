-- Up Migration
-- Which tree layout a liabilities statement was made with (app/ledgerProofs/liabilities.ts
-- LIABILITY_LAYOUT, docs/architecture/verifiable-ledger.md "What a liability proof hides"): 1, each balance
-- one leaf; 2, each balance split over shuffled, padded leaves. Proofs are rebuilt from the stored balances
-- with the current layout, so a statement of an older layout cannot serve them: the service makes a new one
-- at start (in place, at the same tree size when the log has not moved) instead of answering 503 until the
-- next scheduled statement.
ALTER TABLE ledger_liabilities ADD COLUMN IF NOT EXISTS layout smallint NOT NULL DEFAULT 1;
