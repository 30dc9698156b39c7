import { DEFAULT_TOKEN_PRICE_USDT } from '../../domain/settings/defaults.ts';
import type { Pool } from '../../infra/postgres/pool.ts';
import { tokenPrice } from '../../projections/settings/settings.queries.ts';

/** The SAI price in USDT (admin setting, docs/product-rules.md rule 9); the documented default until one is set. */
export async function currentTokenPrice(db?: Pool): Promise<string> {
  return db ? (await tokenPrice(db)).price : DEFAULT_TOKEN_PRICE_USDT;
}
