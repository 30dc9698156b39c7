import type { LiabilitiesStatement } from '../../domain/verifiable/formats.ts';
import type { Pool, PoolClient } from '../../infra/postgres/pool.ts';
import type { TableOwner } from '../tables.ts';

/**
 * `ledger_liabilities` and `ledger_liability_leaves`: every statement on the tables. The statements' making
 * and their proofs are beside them (liabilities.ts).
 */

/** How many statements keep their leaves (older ones stay in the catalogue, without proofs). */
export const STATEMENTS_WITH_LEAVES = 24;

/**
 * Stores a statement and its leaves in the caller's transaction; a statement of the same tree size is
 * kept as it is (its trees are the same: nonces depend on the tree size only), unless it was made with an
 * older `layout` (LIABILITY_LAYOUT, liabilities.ts): then this one replaces it, leaves and all. The leaves
 * of all but the newest statements are dropped: only the latest serves proofs.
 */
export async function storeLiabilitiesStatement(
  db: PoolClient,
  made: {
    statement: LiabilitiesStatement;
    leaves: readonly { asset: string; account: string; units: bigint }[];
  },
  layout: number,
): Promise<boolean> {
  const size = made.statement.treeSize;
  const inserted = await db.query(
    `INSERT INTO ledger_liabilities (tree_size, statement, layout) VALUES ($1, $2, $3)
     ON CONFLICT (tree_size) DO UPDATE SET statement = EXCLUDED.statement, layout = EXCLUDED.layout,
       created_at = now()
     WHERE ledger_liabilities.layout < EXCLUDED.layout`,
    [size, JSON.stringify(made.statement), layout],
  );
  if (inserted.rowCount === 0) return false;
  await db.query('DELETE FROM ledger_liability_leaves WHERE tree_size = $1', [size]);
  for (let i = 0; i < made.leaves.length; i += 5_000) {
    const chunk = made.leaves.slice(i, i + 5_000);
    await db.query(
      `INSERT INTO ledger_liability_leaves (tree_size, asset, account, units)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::numeric[])`,
      [size, chunk.map((l) => l.asset), chunk.map((l) => l.account), chunk.map((l) => l.units.toString())],
    );
  }
  await db.query(
    `DELETE FROM ledger_liability_leaves WHERE tree_size < (
       SELECT min(tree_size) FROM (SELECT tree_size FROM ledger_liabilities ORDER BY tree_size DESC LIMIT $1) AS kept)`,
    [STATEMENTS_WITH_LEAVES],
  );
  return true;
}

export async function latestLiabilitiesStatement(db: Pool | PoolClient) {
  const { rows } = await db.query<{ statement: LiabilitiesStatement; created_at: Date; layout: number }>(
    'SELECT statement, created_at, layout FROM ledger_liabilities ORDER BY tree_size DESC LIMIT 1',
  );
  return rows[0] ?? null;
}

/** The leaves stored beside the statement of this tree size. */
export async function liabilityLeavesAt(
  pool: Pool,
  treeSize: string,
): Promise<{ asset: string; account: string; units: string }[]> {
  const { rows } = await pool.query<{ asset: string; account: string; units: string }>(
    'SELECT asset, account, units::text FROM ledger_liability_leaves WHERE tree_size = $1',
    [treeSize],
  );
  return rows;
}

/**
 * `ledger_liabilities`, `ledger_liability_leaves`: signed statements and the balances they summed, kept (a
 * statement's leaves must still rebuild its signed roots; docs/architecture/personal-data.md).
 */
export const ledgerLiabilitiesTable: TableOwner = { table: 'ledger_liabilities' };
export const ledgerLiabilityLeavesTable: TableOwner = { table: 'ledger_liability_leaves' };
