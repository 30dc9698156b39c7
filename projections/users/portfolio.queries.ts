import type pg from 'pg';
import type { UserId } from '../../domain/shared/ids.ts';
import { preparedQuery } from '../../infra/postgres/prepared.ts';

/** One asset of a user's portfolio as the read models hold it. */
export interface PortfolioRow {
  asset: string;
  /** Spendable plus on hold for pending withdrawals (still the user's until sent), numeric text. */
  amount: string;
  /** The price set now, null while none was ever set (the documented default applies). */
  priceNow: string | null;
  /** The last price set at or before `dayAgo`, null when none was set by then (the default applied). */
  priceDayAgo: string | null;
}

/**
 * The holdings of `assets` and their prices now and as of `dayAgo`, across three read models (ledger
 * balances, crypto withdrawals, settings' price history) in one prepared statement, one row per asset.
 */
export async function portfolioRows(
  db: pg.Pool,
  userId: UserId,
  account: string,
  assets: readonly string[],
  dayAgo: Date,
): Promise<PortfolioRow[]> {
  const { rows } = await preparedQuery<PortfolioRow>(
    db,
    `SELECT a.asset,
       (COALESCE((SELECT balance FROM account_balances WHERE account_id = $1 AND asset = a.asset), 0)
        + COALESCE((SELECT sum(amount) FROM withdrawals WHERE user_id = $2 AND status = 'pending'
                     AND asset = a.asset), 0))::text AS amount,
       (SELECT price::text FROM market_prices WHERE currency = a.asset) AS "priceNow",
       (SELECT price::text FROM market_price_history WHERE currency = a.asset AND set_at <= $4
         ORDER BY set_at DESC, position_commit DESC, position_prepare DESC LIMIT 1) AS "priceDayAgo"
     FROM unnest($3::text[]) WITH ORDINALITY AS a(asset, n) ORDER BY a.n`,
    [account, userId, [...assets], dayAgo],
  );
  return rows;
}
