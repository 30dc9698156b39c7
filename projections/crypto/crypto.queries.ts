import type pg from 'pg';
import { userAccount } from '../../domain/ledger/postings.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import { CRYPTO_ASSETS } from '../../domain/shared/money.ts';
import { preparedQuery } from '../../infra/postgres/prepared.ts';
import { idsOf } from '../sql.ts';

/**
 * The crypto balances screen's two figures per asset in one prepared statement (infra/postgres/prepared.ts):
 * what may be spent, and what is on hold for the user's pending withdrawals.
 */
export async function cryptoBalanceSheet(
  db: pg.Pool,
  userId: UserId,
): Promise<{ balances: Map<string, string>; held: Map<string, string> }> {
  const { rows } = await preparedQuery<{ held: boolean; asset: string; amount: string }>(
    db,
    `SELECT false AS held, asset, balance::text AS amount FROM account_balances
      WHERE account_id = $1 AND asset = ANY($2)
     UNION ALL
     SELECT true, asset, sum(amount)::text FROM withdrawals WHERE user_id = $3 AND status = 'pending' GROUP BY asset`,
    [userAccount(userId), [...CRYPTO_ASSETS], userId],
  );
  return {
    balances: new Map(rows.filter((r) => !r.held).map((r) => [r.asset, r.amount])),
    held: new Map(rows.filter((r) => r.held).map((r) => [r.asset, r.amount])),
  };
}

/** Amounts on hold per asset: the user's pending withdrawals. */
export async function pendingWithdrawalTotals(db: pg.Pool, userId: UserId): Promise<Map<string, string>> {
  const { rows } = await db.query<{ asset: string; total: string }>(
    `SELECT asset, sum(amount)::text AS total FROM withdrawals WHERE user_id = $1 AND status = 'pending' GROUP BY asset`,
    [userId],
  );
  return new Map(rows.map((r) => [r.asset, r.total]));
}

export interface CryptoDepositRow {
  id: string;
  userId: UserId;
  asset: string;
  network: string;
  txHash: string | null;
  status: string;
  amount: string | null;
  rejectionReason: string | null;
  declaredAt: Date;
  decidedAt: Date | null;
  username?: string;
  email?: string;
}

/**
 * The two reads of a table of movements a user declares and an admin decides (aliased `m`, `at` when the
 * user declared or requested one): the user's own rows, newest first, and the admin's queue of one status,
 * oldest first, each row with its user's name.
 */
function movementReads(from: string, columns: string, at: string) {
  return {
    ofUser: `SELECT ${columns} FROM ${from} WHERE m.user_id = $1 ORDER BY ${at} DESC, m.id LIMIT 100`,
    queue: `SELECT ${columns}, u.username, u.email FROM ${from} LEFT JOIN users u ON u.id = m.user_id
     WHERE m.status = $1 ORDER BY ${at}, m.id LIMIT 200`,
  };
}

async function rowsOf<Row extends pg.QueryResultRow>(
  db: pg.Pool,
  text: string,
  value: string,
): Promise<Row[]> {
  const { rows } = await db.query<Row>(text, [value]);
  return rows;
}

const DEPOSITS = movementReads(
  'crypto_deposits m',
  `m.id, m.user_id AS "userId", m.asset, m.network, m.tx_hash AS "txHash", m.status, m.amount::text AS amount,
  m.rejection_reason AS "rejectionReason", m.declared_at AS "declaredAt", m.decided_at AS "decidedAt"`,
  'm.declared_at',
);

export function depositsOfUser(db: pg.Pool, userId: UserId): Promise<CryptoDepositRow[]> {
  return rowsOf(db, DEPOSITS.ofUser, userId);
}

export function depositQueue(db: pg.Pool, status: string): Promise<CryptoDepositRow[]> {
  return rowsOf(db, DEPOSITS.queue, status);
}

/**
 * Deposits whose hash, however it was spelled, may be `canonical` on `network` (the caller compares the
 * canonical forms): the check for deposits declared before each hash had a claim stream of its own.
 */
export async function depositsNamingTx(
  db: pg.Pool,
  network: string,
  canonical: string,
): Promise<{ id: string; status: string; txHash: string }[]> {
  const bare = canonical.replace(/^0x/i, '').toLowerCase();
  const { rows } = await db.query<{ id: string; status: string; txHash: string }>(
    `SELECT id, status, tx_hash AS "txHash" FROM crypto_deposits
     WHERE network = $1 AND lower(tx_hash) IN ($2, $3) ORDER BY declared_at, id LIMIT 50`,
    [network, bare, `0x${bare}`],
  );
  return rows;
}

export interface WithdrawalRow {
  id: string;
  userId: UserId;
  asset: string;
  amount: string;
  address: string;
  chain: string;
  notes: string;
  status: string;
  txHash: string | null;
  failureReason: string | null;
  requestedAt: Date;
  decidedAt: Date | null;
  username?: string;
  email?: string;
}

const WITHDRAWALS = movementReads(
  'withdrawals m',
  `m.id, m.user_id AS "userId", m.asset, m.amount::text AS amount, m.address, m.chain, m.notes, m.status,
  m.tx_hash AS "txHash", m.failure_reason AS "failureReason", m.requested_at AS "requestedAt", m.decided_at AS "decidedAt"`,
  'm.requested_at',
);

export function withdrawalsOfUser(db: pg.Pool, userId: UserId): Promise<WithdrawalRow[]> {
  return rowsOf(db, WITHDRAWALS.ofUser, userId);
}

export function withdrawalQueue(db: pg.Pool, status: string): Promise<WithdrawalRow[]> {
  return rowsOf(db, WITHDRAWALS.queue, status);
}

const IDS_OF_USER = {
  deposits: 'SELECT id FROM crypto_deposits WHERE user_id = $1 ORDER BY declared_at, id LIMIT $2',
  withdrawals: 'SELECT id FROM withdrawals WHERE user_id = $1 ORDER BY requested_at, id LIMIT $2',
};

/** The ids of a user's declared deposits or withdrawals, oldest first: for the audit. */
export async function cryptoIdsOfUser(
  db: pg.Pool,
  kind: keyof typeof IDS_OF_USER,
  userId: UserId,
  limit: number,
): Promise<string[]> {
  return await idsOf(db, IDS_OF_USER[kind], [userId, limit]);
}
