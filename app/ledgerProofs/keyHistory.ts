import type { Logger } from 'pino';
import {
  keyRotationMessage,
  type LedgerKeyHistoryEntry,
  type LedgerPublicKey,
} from '../../domain/verifiable/formats.ts';
import { type Pool, type PoolClient, withTransaction } from '../../infra/postgres/pool.ts';
import type { TableOwner } from '../tables.ts';
import type { LedgerSigner } from './signer.ts';

/**
 * The history of the ledger's signing keys (docs/architecture/verifiable-ledger.md, "Key history"): every
 * key the ledger signed with, in order, each from its validity start, each after the first endorsed by the
 * key before it. Kept in `ledger_signing_keys` (a migration's table: public keys and signatures only) and
 * served, whole, in the key document at GET /api/ledger/public-key, which is what the /verify page and
 * `ledger:verify-receipt --key-url` check a file's signer against.
 */

/** The history's first key: nothing came before it, so nothing endorses it. */
export function firstKeyEntry(signer: LedgerSigner, validFrom: Date): LedgerKeyHistoryEntry {
  return {
    keyId: signer.keyId,
    jwk: signer.publicKey.jwk,
    validFrom: validFrom.toISOString(),
    previousKeyId: null,
    rotationSignature: null,
  };
}

/** `next` replacing `previous` from `validFrom`, signed by `previous` (keyRotationMessage). */
export function rotationEntry(
  previous: LedgerSigner,
  next: LedgerSigner,
  validFrom: Date,
): LedgerKeyHistoryEntry {
  const message = keyRotationMessage({
    keyId: next.keyId,
    rawKey: Buffer.from(next.publicKey.jwk.x, 'base64url'),
    validFromMs: BigInt(validFrom.getTime()),
    previousKeyId: previous.keyId,
  });
  return {
    keyId: next.keyId,
    jwk: next.publicKey.jwk,
    validFrom: validFrom.toISOString(),
    previousKeyId: previous.keyId,
    rotationSignature: previous.sign(message),
  };
}

/** The key document: the current key's public-key document with the history, oldest first. */
export function keyDocument(signer: LedgerSigner, history: LedgerKeyHistoryEntry[]): LedgerPublicKey {
  return { ...signer.publicKey, keys: history };
}

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

/**
 * Records the signing key the process starts with, once: nothing when it is the history's last key; the
 * first entry on an empty history; a rotation when it is new, signed by `previous` (the last recorded
 * key's signer, LEDGER_PREVIOUS_SIGNING_KEY_FILE), valid from now — or from just after the last digest or
 * liabilities statement the old key signed, when that is later (a digest's time may run ahead of the
 * clock), so nothing the old key signed falls in the new key's time. Throws, and the process does not
 * start, for a key the history already replaced, or a new key without the previous one to endorse it: the
 * chain a reader follows from a key they hold would break there.
 */
export async function recordSigningKey(
  pool: Pool,
  options: { signer: LedgerSigner; previous: LedgerSigner | null; now: Date; logger: Logger },
): Promise<LedgerKeyHistoryEntry[]> {
  const { signer, previous, now, logger } = options;
  const recorded = await withTransaction(
    pool,
    async (client) => {
      await client.query(`SELECT pg_advisory_xact_lock(${RECORD_LOCK})`);
      const history = await loadKeyHistory(client);
      const last = history.at(-1);
      if (last?.keyId === signer.keyId) return { history, entry: null };
      if (history.some((entry) => entry.keyId === signer.keyId))
        throw new Error(
          `The ledger signing key ${signer.keyId} was replaced by ${last!.keyId} (from ${last!.validFrom}): ` +
            'configure the current key (LEDGER_SIGNING_KEY); a replaced key never signs again',
        );
      let entry: LedgerKeyHistoryEntry;
      if (!last) entry = firstKeyEntry(signer, now);
      else {
        if (previous?.keyId !== last.keyId)
          throw new Error(
            `The ledger signing key ${signer.keyId} is new, and the key history ends with ${last.keyId}: to rotate, ` +
              `set LEDGER_PREVIOUS_SIGNING_KEY_FILE to the file of ${last.keyId}'s private key for this start, so ` +
              'it signs the new key (docs/architecture/verifiable-ledger.md, "Key history")',
          );
        const { rows } = await client.query<{ signed: Date | null }>(
          `SELECT greatest(
           (SELECT max(time) FROM ledger_digests WHERE key_id = $1),
           (SELECT max((statement->>'time')::timestamptz) FROM ledger_liabilities WHERE statement->>'keyId' = $1),
           $2::timestamptz
         ) AS signed`,
          [last.keyId, last.validFrom],
        );
        const lastSigned = rows[0]?.signed?.getTime() ?? 0;
        entry = rotationEntry(previous, signer, new Date(Math.max(now.getTime(), lastSigned + 1)));
      }
      await client.query(
        `INSERT INTO ledger_signing_keys (seq, key_id, public_key, valid_from, previous_key_id, rotation_signature)
       VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          history.length + 1,
          entry.keyId,
          entry.jwk.x,
          entry.validFrom,
          entry.previousKeyId,
          entry.rotationSignature,
        ],
      );
      return { history, entry };
    },
    { closeOnFailure: true },
  );
  const { history, entry } = recorded;
  if (!entry) return history;
  // Logged once committed, so the log never tells of a key the history does not hold.
  logger.info(
    { keyId: entry.keyId, previousKeyId: entry.previousKeyId, validFrom: entry.validFrom },
    history.length > 0
      ? 'ledger signing key rotated: the previous key signed the new one'
      : 'ledger signing key recorded',
  );
  return [...history, entry];
}

/** `ledger_signing_keys`: the history of the ledger's public keys, kept for good; neither purged nor erased. */
export const ledgerSigningKeysTable: TableOwner = { table: 'ledger_signing_keys' };
