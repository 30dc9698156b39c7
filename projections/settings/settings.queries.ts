import type pg from 'pg';
import { percentChange } from '../../domain/portfolio/valuation.ts';
import { DEFAULT_PRICES, DEFAULT_TOKEN_PRICE_USDT } from '../../domain/settings/defaults.ts';
import { CRYPTO_ASSETS } from '../../domain/shared/money.ts';
import { preparedQuery } from '../../infra/postgres/prepared.ts';

export interface PriceEntry {
  price: string;
  /** Percent, 2 decimals, computed from the price history (never typed in). */
  change_24h: string;
  /** When an admin set it; null while the documented default applies. */
  updatedAt: string | null;
}

/** numeric text with 8 decimals → at least 2, no trailing zeros beyond them ("65000.00", "0.12345"). */
/** The SAI price as stored, as the API shows it; the default price when none was ever set. */
export function tokenPriceText(stored: string | null): string {
  return stored === null ? DEFAULT_TOKEN_PRICE_USDT : trim(stored);
}

function trim(value: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  return `${whole}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}

/**
 * Each crypto price as set now (the default where none was), with its 24-hour change computed from the
 * price history: against the last price set at or before `now` − 24 h, else the default then in force.
 */
export async function currentPrices(db: pg.Pool, now: Date): Promise<Record<string, PriceEntry>> {
  const { rows } = await preparedQuery<{
    currency: string;
    price: string;
    updated_at: Date;
    day_ago: string | null;
  }>(
    db,
    `SELECT p.currency, p.price::text, p.updated_at,
       (SELECT h.price::text FROM market_price_history h WHERE h.currency = p.currency AND h.set_at <= $1
         ORDER BY h.set_at DESC, h.position_commit DESC, h.position_prepare DESC LIMIT 1) AS day_ago
     FROM market_prices p`,
    [new Date(now.getTime() - 86_400_000)],
  );
  const set = new Map(rows.map((r) => [r.currency, r]));
  const prices: Record<string, PriceEntry> = {};
  for (const currency of CRYPTO_ASSETS) {
    const row = set.get(currency);
    const fallback = DEFAULT_PRICES[currency];
    prices[currency] = row
      ? {
          price: trim(row.price),
          change_24h: percentChange(row.price, row.day_ago ?? fallback.price),
          updatedAt: row.updated_at.toISOString(),
        }
      : { price: fallback.price, change_24h: '0.00', updatedAt: null };
  }
  return prices;
}

export async function tokenPrice(db: pg.Pool): Promise<{ price: string; updatedAt: string | null }> {
  const { rows } = await db.query<{ price: string; updated_at: Date }>(
    `SELECT price::text, updated_at FROM market_prices WHERE currency = 'SAI'`,
  );
  const row = rows[0];
  return row
    ? { price: tokenPriceText(row.price), updatedAt: row.updated_at.toISOString() }
    : { price: DEFAULT_TOKEN_PRICE_USDT, updatedAt: null };
}
