import type pg from 'pg';

/**
 * Reads of the tree follower's tables that a liabilities statement needs beside its own query module
 * (ledgerTree.queries.ts): every account's balance, system accounts included, so that the statement's
 * total can be checked against issued − outbound − fees (docs/ledger.md "Liabilities"). Run inside the
 * caller's REPEATABLE READ transaction, with the tree head read in the same one, so both are of one size.
 */
export async function ledgerTreeBalances(
  db: pg.PoolClient,
): Promise<{ account: string; asset: string; units: bigint }[]> {
  const { rows } = await db.query<{ account: string; asset: string; units: string }>(
    'SELECT account, asset, units::text FROM ledger_tree_balances WHERE units <> 0',
  );
  return rows.map((row) => ({ account: row.account, asset: row.asset, units: BigInt(row.units) }));
}

/**
 * Records a mismatch the statement found in the follower's state row, which the admin alert, the metrics
 * and the freeze read (its count, the last one and when).
 */
export async function recordLedgerMismatch(db: pg.Pool, what: string): Promise<void> {
  await db.query(
    `UPDATE ledger_tree_state SET mismatches = mismatches + 1, last_mismatch = $1, last_mismatch_at = now()
     WHERE id = 1`,
    [what],
  );
}
