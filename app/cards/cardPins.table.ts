import type { Pool } from '../../infra/postgres/pool.ts';
import type { TableOwner } from '../tables.ts';

/** `card_pins`: PINs are argon2 hashes (a migration's table), outside the log (docs/product-rules.md rule 14). */
export async function savePinHash(db: Pool, cardId: string, pinHash: string): Promise<void> {
  await db.query(
    `INSERT INTO card_pins (card_id, pin_hash, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (card_id) DO UPDATE SET pin_hash = EXCLUDED.pin_hash, updated_at = now()`,
    [cardId, pinHash],
  );
}

export async function hasPin(db: Pool, cardId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM card_pins WHERE card_id = $1', [cardId]);
  return rows.length > 0;
}

/** At erasure the PINs of the person's cards go. */
export const cardPinsTable: TableOwner = {
  table: 'card_pins',
  async erase(client, { userId }) {
    await client.query('DELETE FROM card_pins WHERE card_id IN (SELECT id FROM cards WHERE user_id = $1)', [
      userId,
    ]);
  },
};
