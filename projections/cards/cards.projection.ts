import type { PoolClient } from 'pg';
import type { CardEvent } from '../../domain/cards/card.ts';
import type { PersonErasedEvent } from '../../domain/users/user.ts';
import type { RecordedEvent } from '../../infra/eventStore/eventStore.ts';
import { blanked } from '../erasure.ts';
import { defineProjection } from '../projection.ts';

/** The spec's cards entity, one row per card. */
export const cardsProjection = defineProjection<CardEvent | PersonErasedEvent>({
  name: 'cards',
  // 2: an erased person's card keeps no address and no tracking number.
  version: 2,
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
  handlers: {
    async CardRequested(event, tx) {
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
          event.recordedAt,
        ],
      );
    },
    async CardShippingAddressSet(event, tx) {
      // Null once its owner was erased (a sealed address opens to null): the columns are cleared.
      const a = event.data.address as typeof event.data.address | null;
      await setCard(tx, event, 'address = $3, city = $4, state = $5, zip_code = $6, country = $7', [
        a?.address ?? null,
        a?.city ?? null,
        a?.state ?? null,
        a?.zipCode ?? null,
        a?.country ?? null,
      ]);
    },
    async PersonErased(event, tx) {
      await tx.query(
        `UPDATE cards SET address = NULL, city = NULL, state = NULL, zip_code = NULL, country = NULL,
           ${blanked('tracking_number')} WHERE user_id = $1`,
        [event.data.userId],
      );
    },
    async CardPaymentSubmitted(event, tx) {
      await setCard(tx, event, `status = 'verifying'`);
    },
    async CardActivated(event, tx) {
      await setCard(tx, event, `status = 'active'`);
    },
    async CardUnfrozen(event, tx) {
      await setCard(tx, event, `status = 'active'`);
    },
    async CardShipped(event, tx) {
      await setCard(
        tx,
        event,
        `status = 'shipping', shipping_status = 'shipped', tracking_number = $3, estimated_delivery = $4`,
        [event.data.trackingNumber, event.data.estimatedDelivery],
      );
    },
    async CardDelivered(event, tx) {
      await setCard(tx, event, `status = 'active', shipping_status = 'delivered'`);
    },
    async CardFrozen(event, tx) {
      await setCard(tx, event, `status = 'inactive'`);
    },
    async CardPinChanged(event, tx) {
      await tx.query('UPDATE cards SET updated_at = $2 WHERE id = $1', [event.data.cardId, event.recordedAt]);
    },
    /** Legacy: the automatic upgrade of older releases. */
    async CardTierUpgraded(event, tx) {
      await setCard(tx, event, 'tier = $3', [event.data.to]);
    },
    async CardUpgraded(event, tx) {
      await setCard(tx, event, 'tier = $3', [event.data.to]);
    },
    /** The card follows its holder's stake; a stake above Gold activates a pending or verifying card. */
    async CardStaked(event, tx) {
      await setCard(
        tx,
        event,
        `tier = $3, status = CASE WHEN $3 <> 'gold' AND status IN ('pending', 'verifying') THEN 'active' ELSE status END`,
        [event.data.tier],
      );
    },
  },
});

/** Sets the card's columns in `sql` (parameters from $3) and its `updated_at` to the event's time. */
async function setCard(
  tx: PoolClient,
  event: RecordedEvent<string, { cardId: string }>,
  sql: string,
  params: unknown[] = [],
) {
  await tx.query(`UPDATE cards SET ${sql}, updated_at = $2 WHERE id = $1`, [
    event.data.cardId,
    event.recordedAt,
    ...params,
  ]);
}
