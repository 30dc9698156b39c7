import type pg from 'pg';

/** The ids of the events that make up a business transaction, in log order (a receipt's events). */
export async function eventIdsOfTransaction(db: pg.Pool, transactionId: string): Promise<string[]> {
  const { rows } = await db.query<{ event_id: string }>(
    `SELECT event_id::text FROM transaction_events WHERE transaction_id = $1
     ORDER BY position_commit, position_prepare`,
    [transactionId],
  );
  return rows.map((row) => row.event_id);
}
