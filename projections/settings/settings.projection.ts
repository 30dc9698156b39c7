import type { PoolClient } from 'pg';
import type { MarketSettingsEvent } from '../../domain/settings/marketSettings.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import { defineProjection } from '../projection.ts';

/** Current market settings: one row per currency plus 'SAI' for the token price (in USDT). */
export const settingsProjection = defineProjection<MarketSettingsEvent>({
  name: 'settings',
  version: 1,
  tables: ['market_prices'],
  schema: `
    CREATE TABLE IF NOT EXISTS market_prices (
      currency text PRIMARY KEY,
      price numeric(30, 8) NOT NULL CHECK (price > 0),
      change_24h numeric(8, 2),
      updated_at timestamptz NOT NULL,
      updated_by text NOT NULL
    );
  `,
  handlers: {
    async CryptoPriceSet(event, tx) {
      await setPrice(tx, event.data.currency, event.data.change24h, event.data);
    },
    async TokenPriceSet(event, tx) {
      await setPrice(tx, 'SAI', null, event.data);
    },
  },
});

async function setPrice(
  tx: PoolClient,
  currency: string,
  change: string | null,
  set: { price: string; setAt: string; setBy: UserId },
) {
  await tx.query(
    `INSERT INTO market_prices (currency, price, change_24h, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (currency) DO UPDATE SET price = EXCLUDED.price, change_24h = EXCLUDED.change_24h,
       updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
    [currency, set.price, change, set.setAt, set.setBy],
  );
}
