import type { DepositAddressEvent } from '../../domain/settings/depositAddresses.ts';
import { defineProjection } from '../projection.ts';

/**
 * Our deposit addresses: one row per (currency, network) that has one. `updated_by` is the admin who set
 * it, or null where a `DEPOSIT_ADDRESS_*` variable seeded it (`source` names which).
 */
export const depositAddressesProjection = defineProjection<DepositAddressEvent>({
  name: 'deposit-addresses',
  version: 1,
  tables: ['deposit_addresses'],
  schema: `
    CREATE TABLE IF NOT EXISTS deposit_addresses (
      currency text NOT NULL,
      network text NOT NULL,
      address text NOT NULL,
      source text NOT NULL,
      updated_at timestamptz NOT NULL,
      updated_by text,
      PRIMARY KEY (currency, network)
    );
  `,
  handlers: {
    async DepositAddressSet(event, tx) {
      const { currency, network, address, setAt, setBy } = event.data;
      await tx.query(UPSERT, [currency, network, address, 'admin', setAt, setBy]);
    },
    async DepositAddressSeeded(event, tx) {
      const { currency, network, address, seededAt, variable } = event.data;
      await tx.query(UPSERT, [currency, network, address, variable, seededAt, null]);
    },
    async DepositAddressCleared(event, tx) {
      await tx.query('DELETE FROM deposit_addresses WHERE currency = $1 AND network = $2', [
        event.data.currency,
        event.data.network,
      ]);
    },
  },
});

const UPSERT = `
  INSERT INTO deposit_addresses (currency, network, address, source, updated_at, updated_by)
  VALUES ($1, $2, $3, $4, $5, $6)
  ON CONFLICT (currency, network) DO UPDATE SET address = EXCLUDED.address, source = EXCLUDED.source,
    updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`;
