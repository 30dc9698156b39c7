import type { LedgerKeyHistoryEntry } from '../../domain/verifiable/formats.ts';
import type { Pool, PoolClient } from '../../infra/postgres/pool.ts';
import type { TableOwner } from '../tables.ts';

/**
 * `ledger_signing_keys`: every statement on the table. The entries' making and the rules of recording are
 * beside it (keyHistory.ts).
 */

interface KeyRow {
  key_id: string;
  public_key: string;
  valid_from: Date;
  previous_key_id: string | null;
  rotation_signature: string | null;
}

const entryOf = (row: KeyRow): LedgerKeyHistoryEntry => ({
  keyId: row.key_id,
  jwk: { kty: 'OKP', crv: 'Ed25519', x: row.public_key },
  validFrom: row.valid_from.toISOString(),
  previousKeyId: row.previous_key_id,
  rotationSignature: row.rotation_signature,
});

/** The recorded history, oldest first (empty before the first start that recorded a key). */
export async function loadKeyHistory(db: Pool | PoolClient): Promise<LedgerKeyHistoryEntry[]> {
  const { rows } = await db.query<KeyRow>(
    'SELECT key_id, public_key, valid_from, previous_key_id, rotation_signature FROM ledger_signing_keys ORDER BY seq',
  );
  return rows.map(entryOf);
}

/** Serialises recording across processes starting together. */
const RECORD_LOCK = 7_104_211_836;

/** Takes the recording lock until the transaction ends. */
export async function lockKeyHistory(client: PoolClient): Promise<void> {
  await client.query(`SELECT pg_advisory_xact_lock(${RECORD_LOCK})`);
}

/** The latest of `validFrom` and the times of the digests and liabilities statements `keyId` signed. */
export async function lastSignedBy(
  client: PoolClient,
  keyId: string,
  validFrom: string,
): Promise<Date | null> {
  const { rows } = await client.query<{ signed: Date | null }>(
    `SELECT greatest(
           (SELECT max(time) FROM ledger_digests WHERE key_id = $1),
           (SELECT max((statement->>'time')::timestamptz) FROM ledger_liabilities WHERE statement->>'keyId' = $1),
           $2::timestamptz
         ) AS signed`,
    [keyId, validFrom],
  );
  return rows[0]?.signed ?? null;
}

export async function insertKeyEntry(
  client: PoolClient,
  seq: number,
  entry: LedgerKeyHistoryEntry,
): Promise<void> {
  await client.query(
    `INSERT INTO ledger_signing_keys (seq, key_id, public_key, valid_from, previous_key_id, rotation_signature)
       VALUES ($1, $2, $3, $4, $5, $6)`,
    [seq, entry.keyId, entry.jwk.x, entry.validFrom, entry.previousKeyId, entry.rotationSignature],
  );
}

/** `ledger_signing_keys`: the history of the ledger's public keys, kept for good; neither purged nor erased. */
export const ledgerSigningKeysTable: TableOwner = { table: 'ledger_signing_keys' };
