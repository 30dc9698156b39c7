import type pg from 'pg';
import type { UserId } from '../../domain/shared/ids.ts';
import { preparedQuery } from '../../infra/postgres/prepared.ts';
import { USER_COLUMNS, type UserRow } from './users.queries.ts';

/**
 * What the signed-in user's own summary shows (`GET /api/auth/user`, asked by every screen): the user's
 * row, their SAI balance now and as of a day ago, and the SAI price. Read across three read models (users,
 * ledger, settings) in one prepared statement: as four queries it cost twice the CPU of the request's
 * every other part (BENCHMARKS.md, "What bounds each figure"). Each part is what its own module's query
 * returns (ledger.queries.ts balanceOf and balanceAsOfTime, settings.queries.ts tokenPrice).
 */
export interface UserSummary {
  row: UserRow | null;
  /** Units as stored (numeric text), '0' when the account has none. */
  balance: string;
  balanceDayAgo: string;
  /** The stored SAI price, null when none was ever set. */
  tokenPrice: string | null;
}

export async function userSummary(
  db: pg.Pool,
  userId: UserId,
  account: string,
  dayAgo: Date,
): Promise<UserSummary> {
  const { rows } = await preparedQuery<
    Partial<UserRow> & {
      found: boolean;
      balance: string | null;
      day_ago: string | null;
      token_price: string | null;
    }
  >(
    db,
    `SELECT u.*, u.id IS NOT NULL AS found,
       (SELECT balance::text FROM account_balances WHERE account_id = $2 AND asset = 'SAI') AS balance,
       (SELECT balance_after::text FROM account_history WHERE account_id = $2 AND asset = 'SAI' AND created_at <= $3
         ORDER BY created_at DESC, position_commit DESC, position_prepare DESC, leg DESC LIMIT 1) AS day_ago,
       (SELECT price::text FROM market_prices WHERE currency = 'SAI') AS token_price
     FROM (SELECT 1) one LEFT JOIN (SELECT ${USER_COLUMNS} FROM users WHERE id = $1) u ON true`,
    [userId, account, dayAgo],
  );
  const { found, balance, day_ago, token_price, ...user } = rows[0]!;
  return {
    row: found ? (user as UserRow) : null,
    balance: balance ?? '0',
    balanceDayAgo: day_ago ?? '0',
    tokenPrice: token_price,
  };
}
