import type { Pool, PoolClient } from '../../infra/postgres/pool.ts';
import type { TableOwner } from '../tables.ts';

/**
 * `ledger_follow_ups_due`: every statement on the table, the debits whose credit the follow-up worker gives
 * their request time to write (dueCredits.ts, followUps.ts). The table is the process manager's own state,
 * not a read model: a rebuild leaves it alone, and the versioned migrations create and change it.
 */

/** A due row: the debit to credit, as dueCredits.ts keeps it (nothing personal). */
export interface DueCreditRow<Debit> {
  transaction_id: string;
  debit: Debit;
}

/** Adds the debits' rows, each due `graceMs` after it was recorded; a row already there stays as it is. */
export async function insertDueCredits(
  tx: PoolClient,
  rows: { transactionIds: string[]; recordedAts: Date[]; graceMs: number; debits: string[] },
): Promise<void> {
  await tx.query(
    `INSERT INTO ledger_follow_ups_due (transaction_id, due_at, debit)
     SELECT t, r + make_interval(secs => $3::double precision / 1000), d
       FROM unnest($1::text[], $2::timestamptz[], $4::jsonb[]) AS x(t, r, d)
     ON CONFLICT (transaction_id) DO NOTHING`,
    [rows.transactionIds, rows.recordedAts, rows.graceMs, rows.debits],
  );
}

export async function deleteDueCredits(tx: PoolClient, transactionIds: readonly string[]): Promise<void> {
  await tx.query('DELETE FROM ledger_follow_ups_due WHERE transaction_id = ANY($1::text[])', [
    transactionIds,
  ]);
}

/** How many due rows `dueCreditsNow` reads at most: a sweep reads again while it gets that many. */
export const DUE_CREDITS_PER_READ = 100;

/** Up to DUE_CREDITS_PER_READ rows whose grace has run out, oldest first. */
export async function dueCreditsNow<Debit>(pool: Pool): Promise<DueCreditRow<Debit>[]> {
  const { rows } = await pool.query<DueCreditRow<Debit>>(
    `SELECT transaction_id, debit FROM ledger_follow_ups_due WHERE due_at <= now() ORDER BY due_at LIMIT ${DUE_CREDITS_PER_READ}`,
  );
  return rows;
}

export async function deleteDueCredit(pool: Pool, transactionId: string): Promise<void> {
  await pool.query('DELETE FROM ledger_follow_ups_due WHERE transaction_id = $1', [transactionId]);
}

/** The credits still due to `userId` (sent to them, not yet credited), by transaction id. */
export async function dueCreditsTo(
  pool: Pool,
  userId: string,
): Promise<{ transaction_id: string; asset: string; amount: string }[]> {
  const { rows } = await pool.query<{ transaction_id: string; asset: string; amount: string }>(
    `SELECT transaction_id, debit->'data'->>'asset' AS asset, debit->'data'->>'amount' AS amount
       FROM ledger_follow_ups_due WHERE debit->'data'->>'toUserId' = $1 ORDER BY transaction_id`,
    [userId],
  );
  return rows;
}

/**
 * Nothing personal, a due row is gone within seconds; the erasure leaves it alone on purpose (a credit still
 * to be made, to the person: the erasure refuses, app/privacy/erasureBlockers.ts; from them: someone else's
 * money).
 */
export const ledgerFollowUpsDueTable: TableOwner = { table: 'ledger_follow_ups_due' };
