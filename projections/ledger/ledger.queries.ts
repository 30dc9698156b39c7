import type pg from 'pg';
import { userAccount } from '../../domain/ledger/postings.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import { type Cursor, formatCursor } from '../paging.ts';

/** Read side of the ledger projection. Amounts come back as exact decimal strings. */

export async function balanceOf(db: pg.Pool, account: string, asset: string): Promise<string> {
  const { rows } = await db.query<{ balance: string }>(
    `SELECT balance::text FROM account_balances WHERE account_id = $1 AND asset = $2`,
    [account, asset],
  );
  return rows[0]?.balance ?? '0';
}

/** Balances of many users at once (admin lists). */
export async function userBalances(
  db: pg.Pool,
  userIds: UserId[],
  asset = 'SAI',
): Promise<Map<string, string>> {
  const { rows } = await db.query<{ account_id: string; balance: string }>(
    `SELECT account_id, balance::text FROM account_balances WHERE asset = $2 AND account_id = ANY($1)`,
    [userIds.map(userAccount), asset],
  );
  return new Map(rows.map((r) => [r.account_id.slice(5), r.balance]));
}

/** The account's balance at a moment: the balance after its last posting at or before it. */
export async function balanceAsOfTime(
  db: pg.Pool,
  account: string,
  asset: string,
  at: Date,
): Promise<string> {
  const { rows } = await db.query<{ balance_after: string }>(
    `SELECT balance_after::text FROM account_history WHERE account_id = $1 AND asset = $2 AND created_at <= $3
     ORDER BY created_at DESC, position_commit DESC, position_prepare DESC, leg DESC LIMIT 1`,
    [account, asset, at],
  );
  return rows[0]?.balance_after ?? '0';
}

export interface TransactionRow {
  id: string;
  type: string;
  asset: string;
  amount: string;
  /**
   * The owners of the accounts the transaction moved money between, null for a system account: the
   * projection takes them from `user:<id>` account names, which are made from user ids (userAccount).
   */
  sender_id: UserId | null;
  receiver_id: UserId | null;
  sender_name: string | null;
  receiver_name: string | null;
  description: string;
  status: string;
  created_at: Date;
  position_commit: string;
  position_prepare: string;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface AllTransactionFilter {
  q?: string;
  type?: string;
  status?: string;
  cursor?: Cursor;
  limit: number;
}

/** Every transaction (admin), newest first, with the total that matches the filters. */
export async function allTransactions(
  db: pg.Pool,
  filter: AllTransactionFilter,
): Promise<Page<TransactionRow> & { total: number }> {
  const params: unknown[] = [];
  const where: string[] = ['true'];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replaceAll('?', `$${params.length}`));
  };
  if (filter.q) {
    const escaped = filter.q.replace(/[\\%_]/g, (c) => `\\${c}`);
    add(`(t.id ILIKE ? || '%' OR t.description ILIKE '%' || ? || '%')`, escaped);
  }
  if (filter.type) add('t.type = ?', filter.type);
  if (filter.status) add('t.status = ?', filter.status);
  const filtered = where.join(' AND ');
  const countParams = [...params];
  const cursor = filter.cursor;
  if (cursor) {
    params.push(cursor.commit.toString(), cursor.prepare.toString());
    where.push(
      `(t.position_commit, t.position_prepare) < ($${params.length - 1}::numeric, $${params.length}::numeric)`,
    );
  }
  params.push(filter.limit + 1);
  const [{ rows }, count] = await Promise.all([
    db.query<TransactionRow>(
      `SELECT t.id, t.type, t.asset, t.amount::text, t.sender_id, t.receiver_id, s.username AS sender_name,
              r.username AS receiver_name, t.description, t.status, t.created_at, t.position_commit::text,
              t.position_prepare::text
       FROM ledger_transactions t
       LEFT JOIN users s ON s.id = t.sender_id
       LEFT JOIN users r ON r.id = t.receiver_id
       WHERE ${where.join(' AND ')}
       ORDER BY t.position_commit DESC, t.position_prepare DESC
       LIMIT $${params.length}`,
      params,
    ),
    db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM ledger_transactions t WHERE ${filtered}`,
      countParams,
    ),
  ]);
  const more = rows.length > filter.limit;
  const items = rows.slice(0, filter.limit);
  const last = items[items.length - 1];
  return {
    items,
    total: Number(count.rows[0]?.n ?? 0),
    nextCursor:
      more && last ? formatCursor({ commit: last.position_commit, prepare: last.position_prepare }) : null,
  };
}

export interface LedgerStats {
  /** SAI the users hold: issued minus the conversion fees (which the company earned). */
  tokensInCirculation: string;
  /** Conversion fees collected, SAI (the balance of fees:SAI). */
  feesCollected: string;
  transactionsLast24h: number;
  transactionsPrevious24h: number;
  transactionsThisWeek: number;
  transactionsLastWeek: number;
  circulationWeekAgo: string;
  circulationTwoWeeksAgo: string;
}

/** Figures for the admin stats cards; trends are real week-over-week changes (docs/product-rules.md rule 9). */
export async function ledgerStats(db: pg.Pool, now: Date): Promise<LedgerStats> {
  const { rows } = await db.query<{
    circulation: string;
    fees: string;
    d1: string;
    d2: string;
    w1: string;
    w2: string;
    c1: string;
    c2: string;
  }>(
    `SELECT
       (SELECT coalesce(-sum(balance), 0)::text FROM account_balances
         WHERE account_id IN ('issuance:SAI', 'fees:SAI') AND asset = 'SAI') AS circulation,
       (SELECT coalesce(sum(balance), 0)::text FROM account_balances
         WHERE account_id = 'fees:SAI' AND asset = 'SAI') AS fees,
       w.d1, w.d2, w.w1, w.w2,
       (SELECT coalesce(sum(amount), 0)::text FROM ledger_postings WHERE from_account = 'issuance:SAI'
          AND to_account <> 'fees:SAI' AND created_at <= $1::timestamptz - interval '7 days') AS c1,
       (SELECT coalesce(sum(amount), 0)::text FROM ledger_postings WHERE from_account = 'issuance:SAI'
          AND to_account <> 'fees:SAI' AND created_at <= $1::timestamptz - interval '14 days') AS c2
     -- The four windows' counts in one pass over the last fortnight of the created_at index (four passes until
     -- stop 33): the cost is the rows in the fortnight, index only (BENCHMARKS.md, admin stats).
     FROM (SELECT count(*) FILTER (WHERE created_at > $1::timestamptz - interval '1 day')::text AS d1,
                  count(*) FILTER (WHERE created_at > $1::timestamptz - interval '2 days'
                    AND created_at <= $1::timestamptz - interval '1 day')::text AS d2,
                  count(*) FILTER (WHERE created_at > $1::timestamptz - interval '7 days')::text AS w1,
                  count(*) FILTER (WHERE created_at <= $1::timestamptz - interval '7 days')::text AS w2
             FROM ledger_transactions WHERE created_at > $1::timestamptz - interval '14 days') w`,
    [now],
  );
  const r = rows[0]!;
  return {
    tokensInCirculation: r.circulation,
    feesCollected: r.fees,
    transactionsLast24h: Number(r.d1),
    transactionsPrevious24h: Number(r.d2),
    transactionsThisWeek: Number(r.w1),
    transactionsLastWeek: Number(r.w2),
    circulationWeekAgo: r.c1,
    circulationTwoWeeksAgo: r.c2,
  };
}

/** Balance after the last posting strictly before `time` (the opening balance of a period starting then). */
export async function balanceBefore(
  db: pg.Pool,
  account: string,
  asset: string,
  time: Date,
): Promise<string> {
  const { rows } = await db.query<{ balance_after: string }>(
    `SELECT balance_after::text FROM account_history WHERE account_id = $1 AND asset = $2 AND created_at < $3
     ORDER BY created_at DESC, position_commit DESC, position_prepare DESC, leg DESC LIMIT 1`,
    [account, asset, time],
  );
  return rows[0]?.balance_after ?? '0';
}

/** Balance after the last posting at or before a log position. */
export async function balanceAsOfPosition(
  db: pg.Pool,
  account: string,
  asset: string,
  position: { commit: bigint; prepare: bigint },
): Promise<string> {
  const { rows } = await db.query<{ balance_after: string }>(
    `SELECT balance_after::text FROM account_history WHERE account_id = $1 AND asset = $2
       AND (position_commit, position_prepare) <= ($3::numeric, $4::numeric)
     ORDER BY position_commit DESC, position_prepare DESC, leg DESC LIMIT 1`,
    [account, asset, position.commit.toString(), position.prepare.toString()],
  );
  return rows[0]?.balance_after ?? '0';
}

export interface StatementRow {
  transaction_id: string;
  kind: string;
  amount: string;
  balance_after: string;
  counterparty: string;
  description: string;
  created_at: Date;
  position_commit: string;
  position_prepare: string;
  leg: number;
}

/** One account's postings in [from, to), oldest first, keyset-paged after a position. */
export async function statementPage(
  db: pg.Pool,
  account: string,
  asset: string,
  from: Date,
  to: Date,
  after: { commit: string; prepare: string; leg: number } | null,
  limit: number,
): Promise<StatementRow[]> {
  const { rows } = await db.query<StatementRow>(
    `SELECT transaction_id, kind, amount::text, balance_after::text, counterparty, description, created_at,
            position_commit::text, position_prepare::text, leg
     FROM account_history h
     WHERE account_id = $1 AND asset = $2 AND created_at >= $3 AND created_at < $4
       AND ($5::numeric IS NULL OR (h.position_commit, h.position_prepare, h.leg) > ($5::numeric, $6::numeric, $7::smallint))
     -- Qualified: the bare names are also text outputs above, and would sort as text ('1000' < '999').
     ORDER BY h.position_commit, h.position_prepare, h.leg LIMIT $8`,
    [account, asset, from, to, after?.commit ?? null, after?.prepare ?? null, after?.leg ?? 0, limit],
  );
  return rows;
}

export async function assetsOfAccount(db: pg.Pool, account: string): Promise<string[]> {
  const { rows } = await db.query<{ asset: string }>(
    'SELECT asset FROM account_balances WHERE account_id = $1 ORDER BY asset',
    [account],
  );
  return rows.map((r) => r.asset);
}
