import {
  MARKET_SETTINGS_EVENT_TYPES,
  type MarketSettingsEvent,
} from '../../domain/settings/marketSettings.ts';
import type { RecordedEvent } from '../../infra/eventStore/eventStore.ts';
import type { Projection } from '../projection.ts';

/** Current market settings: one row per currency plus 'SAI' for the token price (in USDT). */
export const settingsProjection: Projection = {
  name: 'settings',
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
  handles: new Set(MARKET_SETTINGS_EVENT_TYPES),
  async apply(recorded: RecordedEvent, tx) {
    const event = { type: recorded.type, data: recorded.data } as MarketSettingsEvent;
    const [currency, change] =
      event.type === 'CryptoPriceSet' ? [event.data.currency, event.data.change24h] : ['SAI', null];
    await tx.query(
      `INSERT INTO market_prices (currency, price, change_24h, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (currency) DO UPDATE SET price = EXCLUDED.price, change_24h = EXCLUDED.change_24h,
         updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
      [currency, event.data.price, change, event.data.setAt, event.data.setBy],
    );
  },
};
