import type pg from 'pg';
import { withAdvisoryLock } from '../../infra/postgres/pool.ts';

/**
 * The tables of the log commitment (docs/architecture/verifiable-ledger.md, "The tree follower"), kept in
 * the Postgres that holds the read models whatever the log's adapter. Written by the tree follower alone
 * (follower.ts), one transaction per batch:
 * - `ledger_tree_leaves`: one row per event, its public position (`idx`, 0-based in log order) and what its
 *   leaf commits to (the stored per-stream hash), with its log position;
 * - `ledger_tree_nodes`: every complete aligned subtree's hash (level 0: the leaf hashes), enough to
 *   answer any inclusion or consistency proof and the root of any earlier size without the log;
 * - `ledger_tree_streams`: each stream's last revision and hash as the follower saw them (the chain check);
 * - `ledger_tree_balances`: every account's balance per asset from the postings (the liabilities);
 * - `ledger_tree_state`: the one row with the tree's size, the follower's checkpoint, the mismatches
 *   continuous verification found, and `damaged`: the first way the stored tree was found to disagree with
 *   the log (storedTreeCheck.ts), which stops proofs and digests until a rebuild.
 * Not a Projection of the runner: it reads the log as stored (rawStore), every event type, and keeps its
 * frontier in memory between batches.
 */
export const LEDGER_TREE_SCHEMA = `
CREATE TABLE IF NOT EXISTS ledger_tree_leaves (
  idx bigint PRIMARY KEY,
  event_id uuid NOT NULL UNIQUE,
  stream_name text NOT NULL,
  revision bigint NOT NULL,
  event_hash text NOT NULL,
  position_commit numeric(30, 0) NOT NULL,
  position_prepare numeric(30, 0) NOT NULL
);
CREATE TABLE IF NOT EXISTS ledger_tree_nodes (
  level smallint,
  idx bigint,
  hash bytea NOT NULL,
  PRIMARY KEY (level, idx)
);
CREATE TABLE IF NOT EXISTS ledger_tree_streams (
  stream_name text PRIMARY KEY,
  revision bigint NOT NULL,
  hash text NOT NULL
);
CREATE TABLE IF NOT EXISTS ledger_tree_balances (
  account text,
  asset text,
  units numeric(40, 0) NOT NULL,
  PRIMARY KEY (account, asset)
);
CREATE TABLE IF NOT EXISTS ledger_tree_state (
  id int PRIMARY KEY CHECK (id = 1),
  size bigint NOT NULL,
  position_commit numeric(30, 0),
  position_prepare numeric(30, 0),
  mismatches bigint NOT NULL DEFAULT 0,
  last_mismatch text,
  last_mismatch_at timestamptz
);
-- The first damage the stored-tree check found (storedTreeCheck.ts): proofs are refused until a rebuild.
ALTER TABLE ledger_tree_state ADD COLUMN IF NOT EXISTS damaged text;
INSERT INTO ledger_tree_state (id, size) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;
`;

export const LEDGER_TREE_TABLES = [
  'ledger_tree_leaves',
  'ledger_tree_nodes',
  'ledger_tree_streams',
  'ledger_tree_balances',
  'ledger_tree_state',
] as const;

/** Creates the tables if missing; under the projections' schema lock, as their DDL is. */
export async function initLedgerTreeSchema(pool: pg.Pool): Promise<void> {
  await withAdvisoryLock(pool, 'sai:projection-schemas', async (client) => {
    await client.query(LEDGER_TREE_SCHEMA);
  });
}
