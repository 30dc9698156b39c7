import type pg from 'pg';
import { NETWORKS } from '../../domain/crypto/networks.ts';
import type { HistoryStatus, HistoryType } from '../../domain/ledger/history.ts';
import { userAccount } from '../../domain/ledger/postings.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import { ASSETS } from '../../domain/shared/money.ts';
import { preparedQuery } from '../../infra/postgres/prepared.ts';
import { type Cursor, formatCursor } from '../paging.ts';
import type { Page } from './ledger.queries.ts';

/**
 * A user's own history (docs/architecture/history.md): every movement of every asset, newest first.
 * - What the ledger booked on the user's account: one row per posting, its running balance the account's
 *   balance in that asset right after. A failed withdrawal is two rows of the same movement: the hold
 *   (the amount leaving) and, when it fails, the return (`returned`, the amount coming back, with the
 *   failure's reason), so each row's balance is the one before plus its amount, up to the wallet's.
 * - Declared crypto deposits the ledger has not credited (pending, rejected): no balance change, so no
 *   running balance; they sit at their declaration's log position.
 * Each asset is its own branch, newest first through the journal's (account, asset, position) indexes,
 * limited to one page: a page costs the same whatever the history's length (EXPLAIN in the doc).
 */

export interface HistoryRow {
  id: string;
  type: HistoryType;
  asset: string;
  /** Null while a declared crypto deposit awaits the amount an admin confirms. */
  amount: string | null;
  status: HistoryStatus;
  /** The crypto deposit's own status for a declared deposit; null for what the ledger booked. */
  deposit_status: 'pending' | 'confirmed' | 'rejected' | null;
  sender_id: UserId | null;
  receiver_id: UserId | null;
  sender_name: string | null;
  receiver_name: string | null;
  description: string;
  created_at: Date;
  position_commit: string;
  position_prepare: string;
  leg: number;
  /** The change of the user's balance, signed; null when the balance did not move. */
  signed_amount: string | null;
  balance_after: string | null;
  /** The row where a failed withdrawal's held amount came back to the balance. */
  returned: boolean;
}

export interface HistoryFilter {
  asset?: string | undefined;
  type?: HistoryType | undefined;
  status?: HistoryStatus | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Text searched in the counterparty's name and email, the description, the reference and the amount. */
  q?: string | undefined;
  cursor?: Cursor | undefined;
  limit: number;
}

/** The network's label as people see it ("Ethereum", not "ethereum"), from the one constants table. */
const NETWORK_LABEL_SQL = `CASE d.network ${Object.entries(NETWORKS)
  .map(([id, label]) => `WHEN '${id}' THEN '${label}'`)
  .join(' ')} ELSE d.network END`;

/** `q` as a LIKE pattern's body: its wildcards taken literally. */
const likeBody = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A decimal `q` ("12.5"), compared with amounts exactly. */
const DECIMAL = /^\d{1,20}(\.\d{1,8})?$/;

export async function userHistory(
  db: pg.Pool,
  userId: UserId,
  filter: HistoryFilter,
): Promise<Page<HistoryRow>> {
  const params: unknown[] = [userAccount(userId), filter.limit + 1];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  // Only where a branch needs it: a parameter no statement names has no type, and Postgres refuses it.
  let userParam: string | null = null;
  const user = () => {
    userParam ??= param(userId);
    return userParam;
  };
  const shared: string[] = [];
  if (filter.from) shared.push(`created_at >= ${param(filter.from)}`);
  if (filter.to) shared.push(`created_at < ${param(filter.to)}`);
  let cursor = '';
  if (filter.cursor) {
    const c = filter.cursor;
    cursor = `(position_commit, position_prepare, leg) < (${param(c.commit.toString())}::numeric, ${param(
      c.prepare.toString(),
    )}::numeric, ${param(c.leg)}::smallint)`;
  }
  const text = filter.q ? param(likeBody(filter.q)) : null;
  const amount = filter.q && DECIMAL.test(filter.q) ? param(filter.q) : null;
  const matches = (fields: string[], amountColumn: string) => {
    const like = fields.map((f) => `${f} ILIKE '%' || ${text} || '%'`);
    if (amount) like.push(`${amountColumn} = ${amount}::numeric`);
    return `(${like.join(' OR ')})`;
  };

  const branches: string[] = [];
  const ledgerFilters = [...shared.map((s) => `h.${s}`)];
  if (cursor)
    ledgerFilters.push(
      cursor.replace(
        '(position_commit, position_prepare, leg)',
        '(h.position_commit, h.position_prepare, h.leg)',
      ),
    );
  if (filter.type) ledgerFilters.push(`t.type = ${param(filter.type)}`);
  if (filter.status) ledgerFilters.push(`t.status = ${param(filter.status)}`);
  if (text) {
    ledgerFilters.push(
      matches(
        [
          'h.transaction_id',
          't.description',
          // The counterparty as the list shows it: the other user, or SAI Wallet for a system account.
          `CASE WHEN t.sender_id = ${user()} THEN r.username ELSE coalesce(s.username, 'SAI Wallet') END`,
          `CASE WHEN t.sender_id = ${user()} THEN r.email ELSE s.email END`,
        ],
        't.amount',
      ),
    );
  }
  // One account side of the journal for one asset, newest first: `asset` is the SQL naming the asset.
  const ledgerBranch = (account: string, asset: string) => `SELECT h.transaction_id AS id, t.type, h.asset,
        t.amount::text AS amount, t.status,
        NULL::text AS deposit_status, t.sender_id, t.receiver_id, s.username AS sender_name,
        r.username AS receiver_name,
        CASE WHEN h.kind = 'withdrawal' AND h.amount > 0 THEN h.description ELSE t.description END AS description,
        h.created_at, h.position_commit, h.position_prepare, h.leg,
        h.amount::text AS signed_amount, h.balance_after::text AS balance_after,
        (h.kind = 'withdrawal' AND h.amount > 0) AS returned
      FROM account_history h
      JOIN ledger_transactions t ON t.id = h.transaction_id
      LEFT JOIN users s ON s.id = t.sender_id
      LEFT JOIN users r ON r.id = t.receiver_id
      WHERE h.account_id = ${account} AND h.asset = ${asset}
        ${ledgerFilters.map((f) => `AND ${f}`).join(' ')}
      ORDER BY h.position_commit DESC, h.position_prepare DESC, h.leg DESC LIMIT $2`;
  const filtered = filter.from || filter.to || filter.type || filter.status || text;
  if (filter.asset) branches.push(`(${ledgerBranch('$1', param(filter.asset))})`);
  else if (!filtered)
    // The plain page (every screen's recent list): every asset the account has ever held (its balance rows,
    // one per asset with a posting, kept at zero), each read newest first through its own index pair. A plan
    // of one branch instead of one per asset offered, which cost most of the page's time in Postgres.
    branches.push(`(SELECT x.* FROM account_balances ab
      CROSS JOIN LATERAL (${ledgerBranch('ab.account_id', 'ab.asset')}) x
      WHERE ab.account_id = $1 AND ab.asset = ANY(${param([...ASSETS])}::text[]))`);
  // Filtered, a branch per asset: each walks its index pair until the page is full, and the planner knows
  // each one's asset (the lateral plan walked a filtered history up to 50 times slower on the 2M log).
  else for (const asset of ASSETS) branches.push(`(${ledgerBranch('$1', param(asset))})`);

  const wantsDeposits = (!filter.type || filter.type === 'crypto_deposit') && filter.status !== 'completed';
  if (wantsDeposits) {
    const depositFilters = shared.map((s) => `d.${s.replace('created_at', 'declared_at')}`);
    if (cursor)
      depositFilters.push(
        cursor.replace(
          '(position_commit, position_prepare, leg)',
          '(d.position_commit, d.position_prepare, 0)',
        ),
      );
    if (filter.asset) depositFilters.push(`d.asset = ${param(filter.asset)}`);
    if (filter.status === 'pending') depositFilters.push(`d.status <> 'rejected'`);
    if (filter.status === 'failed') depositFilters.push(`d.status = 'rejected'`);
    if (text)
      depositFilters.push(matches(['d.id', 'd.tx_hash', 'd.network', 'd.rejection_reason'], 'd.amount'));
    branches.push(`(SELECT d.id, 'crypto_deposit' AS type, d.asset, d.amount::text AS amount,
        CASE WHEN d.status = 'rejected' THEN 'failed' ELSE 'pending' END AS status, d.status AS deposit_status,
        NULL::text AS sender_id, d.user_id AS receiver_id, NULL::text AS sender_name, NULL::text AS receiver_name,
        CASE WHEN d.status = 'rejected' THEN d.asset || ' deposit rejected' || coalesce(': ' || nullif(d.rejection_reason, ''), '')
             ELSE d.asset || ' deposit declared on ' || ${NETWORK_LABEL_SQL} END AS description,
        d.declared_at AS created_at, d.position_commit, d.position_prepare, 0::smallint AS leg,
        NULL::text AS signed_amount, NULL::text AS balance_after, false AS returned
      FROM crypto_deposits d
      WHERE d.user_id = ${user()}
        -- Confirmed and credited: the ledger's row stands for it (between the two it is still pending here).
        AND (d.status <> 'confirmed' OR NOT EXISTS (SELECT 1 FROM ledger_transactions c WHERE c.id = d.id))
        ${depositFilters.map((f) => `AND ${f}`).join(' ')}
      ORDER BY d.position_commit DESC, d.position_prepare DESC LIMIT $2)`);
  }

  const statement = `SELECT id, type, asset, amount, status, deposit_status, sender_id, receiver_id, sender_name,
            receiver_name, description, created_at, position_commit::text, position_prepare::text, leg,
            signed_amount, balance_after, returned
     FROM (${branches.join('\nUNION ALL\n')}) m
     ORDER BY m.position_commit DESC, m.position_prepare DESC, m.leg DESC LIMIT $2`;
  // The plain page (asked by every screen) is prepared: it planned in 6 ms and ran in under one
  // (infra/postgres/prepared.ts). A filtered one is planned for its values each time: Postgres's generic plan
  // for a status or type filter walked the busiest account's history up to 50 times slower than the plan
  // made for the values (465 ms against 8-10 on the 2M log, BENCHMARKS.md).
  const { rows } = filtered
    ? await db.query<HistoryRow>(statement, params)
    : await preparedQuery<HistoryRow>(db, statement, params);
  const more = rows.length > filter.limit;
  const items = rows.slice(0, filter.limit);
  const last = items[items.length - 1];
  return {
    items,
    nextCursor:
      more && last
        ? formatCursor({ commit: last.position_commit, prepare: last.position_prepare }, last.leg)
        : null,
  };
}
