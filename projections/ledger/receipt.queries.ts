import type pg from 'pg';
import type { UserId } from '../../domain/shared/ids.ts';

/**
 * One movement of the history with what its receipt shows (docs/architecture/history.md): the ledger's
 * transaction, the crypto deposit or withdrawal behind it, the events that mark its lifecycle, and its
 * postings (with the balances after each). All found by the movement's id: a transaction's, a deposit's
 * (its credit's transaction id) or a withdrawal's (its hold's).
 */
export interface ReceiptData {
  transaction: {
    id: string;
    type: string;
    asset: string;
    amount: string;
    status: string;
    sender_id: UserId | null;
    receiver_id: UserId | null;
    sender_name: string | null;
    receiver_name: string | null;
    sender_email: string | null;
    receiver_email: string | null;
    description: string;
    created_at: Date;
  } | null;
  deposit: {
    user_id: UserId;
    user_name: string | null;
    user_email: string | null;
    asset: string;
    network: string;
    tx_hash: string | null;
    status: string;
    amount: string | null;
    rejection_reason: string | null;
    declared_at: Date;
  } | null;
  withdrawal: {
    user_id: UserId;
    user_name: string | null;
    user_email: string | null;
    asset: string;
    amount: string;
    address: string;
    chain: string;
    status: string;
    tx_hash: string | null;
    failure_reason: string | null;
    requested_at: Date;
  } | null;
  events: { type: string; time: Date }[];
  postings: PostingBalancesRow[];
}

/** A posting of the journal with the balances after it: what a receipt, the admin's detail screen and the export read. */
export interface PostingBalancesRow {
  asset: string;
  amount: string;
  from_account: string;
  to_account: string;
  from_balance_after: string;
  to_balance_after: string;
}

export async function receiptData(db: pg.Pool, id: string): Promise<ReceiptData> {
  const [transaction, deposit, withdrawal, events, postings] = await Promise.all([
    db.query<NonNullable<ReceiptData['transaction']>>(
      `SELECT t.id, t.type, t.asset, t.amount::text, t.status, t.sender_id, t.receiver_id,
              s.username AS sender_name, r.username AS receiver_name, s.email AS sender_email,
              r.email AS receiver_email, t.description, t.created_at
       FROM ledger_transactions t LEFT JOIN users s ON s.id = t.sender_id LEFT JOIN users r ON r.id = t.receiver_id
       WHERE t.id = $1`,
      [id],
    ),
    db.query<NonNullable<ReceiptData['deposit']>>(
      `SELECT d.user_id, u.username AS user_name, u.email AS user_email, d.asset, d.network, d.tx_hash,
              d.status, d.amount::text, d.rejection_reason, d.declared_at
       FROM crypto_deposits d LEFT JOIN users u ON u.id = d.user_id WHERE d.id = $1`,
      [id],
    ),
    db.query<NonNullable<ReceiptData['withdrawal']>>(
      `SELECT w.user_id, u.username AS user_name, u.email AS user_email, w.asset, w.amount::text, w.address,
              w.chain, w.status, w.tx_hash, w.failure_reason, w.requested_at
       FROM withdrawals w LEFT JOIN users u ON u.id = w.user_id WHERE w.id = $1`,
      [id],
    ),
    db.query<{ type: string; time: Date }>(
      `SELECT event_type AS type, recorded_at AS time FROM transaction_events WHERE transaction_id = $1
       ORDER BY position_commit, position_prepare`,
      [id],
    ),
    // As the admin's transaction screen finds them: the journal has no index by transaction, the
    // transaction's events (transaction_events' key) lead to its postings (the journal's key).
    db.query<PostingBalancesRow>(
      `SELECT p.asset, p.amount::text, p.from_account, p.to_account, p.from_balance_after::text,
              p.to_balance_after::text
       FROM ledger_postings p
       WHERE p.event_id IN (SELECT e.event_id FROM transaction_events e WHERE e.transaction_id = $1)
         AND p.transaction_id = $1
       ORDER BY p.position_commit, p.position_prepare, p.leg`,
      [id],
    ),
  ]);
  return {
    transaction: transaction.rows[0] ?? null,
    deposit: deposit.rows[0] ?? null,
    withdrawal: withdrawal.rows[0] ?? null,
    events: events.rows,
    postings: postings.rows,
  };
}
