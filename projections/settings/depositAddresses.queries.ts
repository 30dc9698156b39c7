import type pg from 'pg';
import { DEPOSIT_TARGETS, type DepositTarget, pairKey } from '../../domain/settings/depositAddresses.ts';

export interface DepositAddressEntry extends DepositTarget {
  /** Null: no address is set, so this pair takes no deposit. */
  address: string | null;
  /** 'admin', or the variable that seeded it (e.g. DEPOSIT_ADDRESS_ETH); null without an address. */
  source: string | null;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** Every (currency, network) that can take deposits, in the catalogue's order, with its address if set. */
export async function depositAddresses(db: pg.Pool): Promise<DepositAddressEntry[]> {
  const { rows } = await db.query<{
    currency: string;
    network: string;
    address: string;
    source: string;
    updated_at: Date;
    updated_by: string | null;
  }>('SELECT currency, network, address, source, updated_at, updated_by FROM deposit_addresses');
  const set = new Map(rows.map((row) => [pairKey(row.currency, row.network), row]));
  return DEPOSIT_TARGETS.map((target) => {
    const row = set.get(pairKey(target.currency, target.network));
    return {
      ...target,
      address: row?.address ?? null,
      source: row?.source ?? null,
      updatedAt: row?.updated_at.toISOString() ?? null,
      updatedBy: row?.updated_by ?? null,
    };
  });
}
