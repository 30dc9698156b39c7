import type { Logger } from 'pino';
import {
  keyRotationMessage,
  type LedgerKeyHistoryEntry,
  type LedgerPublicKey,
} from '../../domain/verifiable/formats.ts';
import { type Pool, withTransaction } from '../../infra/postgres/pool.ts';
import { insertKeyEntry, lastSignedBy, loadKeyHistory, lockKeyHistory } from './keyHistory.table.ts';
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
      await lockKeyHistory(client);
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
        const lastSigned = (await lastSignedBy(client, last.keyId, last.validFrom))?.getTime() ?? 0;
        entry = rotationEntry(previous, signer, new Date(Math.max(now.getTime(), lastSigned + 1)));
      }
      await insertKeyEntry(client, history.length + 1, entry);
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
