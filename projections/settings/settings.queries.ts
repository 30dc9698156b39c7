import type pg from 'pg';
import { DEFAULT_PRICES, DEFAULT_TOKEN_PRICE_USDT } from '../../domain/settings/defaults.ts';
import { CRYPTO_ASSETS } from '../../domain/shared/money.ts';
import { preparedQuery } from '../../infra/postgres/prepared.ts';

export interface PriceEntry {
  price: string;
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

export async function currentPrices(db: pg.Pool): Promise<Record<string, PriceEntry>> {
  const { rows } = await preparedQuery<{
    currency: string;
    price: string;
    change_24h: string | null;
    updated_at: Date;
  }>(db, 'SELECT currency, price::text, change_24h::text, updated_at FROM market_prices', []);
  const set = new Map(rows.map((r) => [r.currency, r]));
  const prices: Record<string, PriceEntry> = {};
  for (const currency of CRYPTO_ASSETS) {
    const row = set.get(currency);
    prices[currency] = row
      ? {
          price: trim(row.price),
          change_24h: row.change_24h ?? '0.00',
          updatedAt: row.updated_at.toISOString(),
        }
      : {
          price: DEFAULT_PRICES[currency].price,
          change_24h: DEFAULT_PRICES[currency].change24h,
          updatedAt: null,
        };
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
