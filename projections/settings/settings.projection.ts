import type { PoolClient } from 'pg';
import type { MarketSettingsEvent } from '../../domain/settings/marketSettings.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import { defineProjection } from '../projection.ts';

/**
 * Market settings: the current price per currency plus 'SAI' for the token price (in USDT), and every price
 * ever set with the time it was set (market_price_history), from which the 24-hour changes are computed.
 */
export const settingsProjection = defineProjection<MarketSettingsEvent>({
  name: 'settings',
  // 2: market_price_history, every price as set over time.
  version: 2,
  tables: ['market_prices', 'market_price_history'],
  schema: `
    CREATE TABLE IF NOT EXISTS market_prices (
      currency text PRIMARY KEY,
      price numeric(30, 8) NOT NULL CHECK (price > 0),
      change_24h numeric(8, 2),
      updated_at timestamptz NOT NULL,
      updated_by text NOT NULL
    );
    CREATE TABLE IF NOT EXISTS market_price_history (
      event_id uuid PRIMARY KEY,
      currency text NOT NULL,
      price numeric(30, 8) NOT NULL CHECK (price > 0),
      set_at timestamptz NOT NULL,
      position_commit numeric(20, 0) NOT NULL,
      position_prepare numeric(20, 0) NOT NULL
    );
    CREATE INDEX IF NOT EXISTS market_price_history_at
      ON market_price_history (currency, set_at DESC, position_commit DESC, position_prepare DESC);
  `,
  handlers: {
    async CryptoPriceSet(event, tx) {
      await setPrice(tx, event.data.currency, event.data.change24h, event.data);
      await remember(tx, event.data.currency, event);
    },
    async TokenPriceSet(event, tx) {
      await setPrice(tx, 'SAI', null, event.data);
      await remember(tx, 'SAI', event);
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

/** One price as set, once per event (a redelivered event adds nothing). */
async function remember(
  tx: PoolClient,
  currency: string,
  event: {
    id: string;
    position: { commit: bigint; prepare: bigint };
    data: { price: string; setAt: string };
  },
) {
  await tx.query(
    `INSERT INTO market_price_history (event_id, currency, price, set_at, position_commit, position_prepare)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (event_id) DO NOTHING`,
    [
      event.id,
      currency,
      event.data.price,
      event.data.setAt,
      event.position.commit.toString(),
      event.position.prepare.toString(),
    ],
  );
}
