import { CARD_EVENT_TYPES, type CardEvent } from '../../domain/cards/card.ts';
import type { RecordedEvent } from '../../infra/eventStore/eventStore.ts';
import type { Projection } from '../projection.ts';

/** The spec's cards entity, one row per card. */
export const cardsProjection: Projection = {
  name: 'cards',
  tables: ['cards'],
  schema: `
    CREATE TABLE IF NOT EXISTS cards (
      id text PRIMARY KEY,
      user_id text NOT NULL UNIQUE,
      tier text NOT NULL,
      status text NOT NULL,
      shipping_status text NOT NULL,
      address text,
      city text,
      state text,
      zip_code text,
      country text,
      tracking_number text,
      estimated_delivery text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX IF NOT EXISTS cards_status ON cards (status, created_at);
  `,
  handles: new Set(CARD_EVENT_TYPES),
  async apply(recorded: RecordedEvent, tx) {
    const event = { type: recorded.type, data: recorded.data } as CardEvent;
    const at = recorded.recordedAt;
    const set = (sql: string, params: unknown[]) =>
      tx.query(`UPDATE cards SET ${sql}, updated_at = $2 WHERE id = $1`, [event.data.cardId, at, ...params]);
    switch (event.type) {
      case 'CardRequested': {
        const a = event.data.address;
        await tx.query(
          `INSERT INTO cards (id, user_id, tier, status, shipping_status, address, city, state, zip_code, country, created_at, updated_at)
           VALUES ($1, $2, $3, 'pending', 'not_shipped', $4, $5, $6, $7, $8, $9, $9) ON CONFLICT (id) DO NOTHING`,
          [
            event.data.cardId,
            event.data.userId,
            event.data.tier,
            a?.address ?? null,
            a?.city ?? null,
            a?.state ?? null,
            a?.zipCode ?? null,
            a?.country ?? null,
            at,
          ],
        );
        return;
      }
      case 'CardShippingAddressSet': {
        const a = event.data.address;
        await set('address = $3, city = $4, state = $5, zip_code = $6, country = $7', [
          a.address,
          a.city,
          a.state,
          a.zipCode,
          a.country,
        ]);
        return;
      }
      case 'CardPaymentSubmitted':
        await set(`status = 'verifying'`, []);
        return;
      case 'CardActivated':
      case 'CardUnfrozen':
        await set(`status = 'active'`, []);
        return;
      case 'CardShipped':
        await set(
          `status = 'shipping', shipping_status = 'shipped', tracking_number = $3, estimated_delivery = $4`,
          [event.data.trackingNumber, event.data.estimatedDelivery],
        );
        return;
      case 'CardDelivered':
        await set(`status = 'active', shipping_status = 'delivered'`, []);
        return;
      case 'CardFrozen':
        await set(`status = 'inactive'`, []);
        return;
      case 'CardPinChanged':
        await tx.query('UPDATE cards SET updated_at = $2 WHERE id = $1', [event.data.cardId, at]);
        return;
      case 'CardTierUpgraded':
        await set('tier = $3', [event.data.to]);
        return;
    }
  },
};
