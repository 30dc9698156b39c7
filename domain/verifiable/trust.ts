import { sha256 } from '@noble/hashes/sha2.js';
import { bytesOfBase64, hexOf } from './bytes.ts';
import { type Checks, isRecord } from './checks.ts';
import {
  keyRotationMessage,
  type LedgerKeyHistoryEntry,
  type LedgerPublicKey,
  PUBLIC_KEY_FORMAT,
  timeMillis,
} from './formats.ts';

/**
 * The keys a file is checked against (docs/architecture/verifiable-ledger.md, "Which key a file is checked
 * against"): a file's own public key is read and checked for what it is, but a signature is only ever
 * checked with a key of the document the reader trusts, at a time that key was valid.
 */

/** The key id of an Ed25519 public key: the first 16 bytes of SHA-256 over its 32 raw bytes, hex. */
export function keyIdOf(rawPublicKey: Uint8Array): string {
  return hexOf(sha256(rawPublicKey).slice(0, 16));
}

function base64UrlBytes(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  const padded = text.replaceAll('-', '+').replaceAll('_', '/');
  return bytesOfBase64(padded + '='.repeat((4 - (padded.length % 4)) % 4));
}

/** The raw 32 bytes of an Ed25519 JWK ({ kty: OKP, crv: Ed25519, x }); null for anything else. */
function rawOfJwk(jwk: unknown): Uint8Array | null {
  if (!isRecord(jwk) || jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') return null;
  const raw = base64UrlBytes(jwk.x);
  return raw?.length === 32 ? raw : null;
}

async function importRaw(raw: Uint8Array): Promise<CryptoKey | null> {
  try {
    return await globalThis.crypto.subtle.importKey(
      'raw',
      raw as Uint8Array<ArrayBuffer>,
      { name: 'Ed25519' },
      false,
      ['verify'],
    );
  } catch {
    return null;
  }
}

/** `name`: the check's name, `public key` for a file's own key, `trusted key` for the one it is held to. */
export async function importKey(
  key: unknown,
  checks: Checks,
  name = 'public key',
): Promise<{ key: CryptoKey; keyId: string; raw: Uint8Array } | null> {
  const what = name === 'public key' ? 'the public key' : 'the trusted key';
  if (!isRecord(key) || key.format !== PUBLIC_KEY_FORMAT || key.version !== 1) {
    checks.fail(name, `${what} is not a ${PUBLIC_KEY_FORMAT} version 1`);
    return null;
  }
  const publicKey = key as unknown as LedgerPublicKey;
  const raw = rawOfJwk(publicKey.jwk);
  if (raw === null) {
    checks.fail(name, `${what} is not an Ed25519 key`);
    return null;
  }
  const keyId = keyIdOf(raw);
  if (publicKey.keyId !== keyId) {
    checks.fail(name, `${what}'s id is ${keyId}, not ${String(publicKey.keyId)} as it says`);
    return null;
  }
  const imported = await importRaw(raw);
  if (!imported) {
    checks.fail(name, `${what} cannot be imported`);
    return null;
  }
  checks.pass(name, `Ed25519 key ${keyId}`);
  return { key: imported, keyId, raw };
}

/** A key the reader trusts, and the times it may have signed at (null: no bound on that side). */
export interface TrustedKey {
  keyId: string;
  key: CryptoKey;
  /** Milliseconds since the epoch; the first key of a history has no start (nothing signed before it). */
  fromMs: bigint | null;
  untilMs: bigint | null;
}

/**
 * The keys a key document makes trusted: its own key, or, when it lists its key history (`keys`), every
 * key of the history, each for the time from its validity start to the next key's. Each key after the
 * first must be endorsed by the one before (a rotation signature over keyRotationMessage), the starts
 * must increase, and the last key must be the document's own: a document that fails any of this is
 * refused whole (check `key history`). Null, with the failed check, when the document is not usable.
 */
export async function trustedKeysOf(
  document: unknown,
  checks: Checks,
  name = 'trusted key',
): Promise<TrustedKey[] | null> {
  const current = await importKey(document, checks, name);
  if (!current) return null;
  const history = (document as LedgerPublicKey).keys;
  if (history === undefined) return [{ keyId: current.keyId, key: current.key, fromMs: null, untilMs: null }];
  const refuse = (detail: string) => checks.fail('key history', detail) || null;
  if (!Array.isArray(history) || history.length === 0) return refuse('the key history lists no keys');
  const keys: TrustedKey[] = [];
  let previous: { keyId: string; key: CryptoKey; fromMs: bigint } | null = null;
  for (const [i, value] of history.entries()) {
    const entry = (isRecord(value) ? value : {}) as Partial<LedgerKeyHistoryEntry>;
    const raw = rawOfJwk(entry.jwk);
    const fromMs = typeof entry.validFrom === 'string' ? timeMillis(entry.validFrom) : null;
    if (raw === null || fromMs === null) return refuse(`key ${i + 1} of the history is malformed`);
    const keyId = keyIdOf(raw);
    if (entry.keyId !== keyId)
      return refuse(`key ${i + 1} of the history has id ${keyId}, not ${String(entry.keyId)} as it says`);
    const key = await importRaw(raw);
    if (!key) return refuse(`key ${keyId} of the history cannot be imported`);
    if (previous === null) {
      if (entry.previousKeyId !== null || entry.rotationSignature !== null)
        return refuse(`the first key of the history, ${keyId}, names a key before it`);
    } else {
      if (entry.previousKeyId !== previous.keyId)
        return refuse(
          `key ${keyId} of the history follows ${String(entry.previousKeyId)}, not ${previous.keyId}`,
        );
      if (fromMs <= previous.fromMs)
        return refuse(`key ${keyId} of the history starts before the key it replaced`);
      const message = keyRotationMessage({
        keyId,
        rawKey: raw,
        validFromMs: fromMs,
        previousKeyId: previous.keyId,
      });
      if (!(await signatureValid(previous.key, entry.rotationSignature, message)))
        return refuse(`key ${keyId} of the history is not signed by the key before it, ${previous.keyId}`);
      keys[keys.length - 1]!.untilMs = fromMs;
    }
    keys.push({ keyId, key, fromMs: previous === null ? null : fromMs, untilMs: null });
    previous = { keyId, key, fromMs };
  }
  if (previous!.keyId !== current.keyId)
    return refuse(
      `the key history ends with key ${previous!.keyId}, not with the document's key ${current.keyId}`,
    );
  checks.pass(
    'key history',
    keys.length === 1
      ? `one key, ${current.keyId}`
      : `${keys.length} keys, each signed by the one before; the current one is ${current.keyId}`,
  );
  return keys;
}

/** The trusted key that may have signed at `timeMs` with `keyId`; the failed `signer` check otherwise. */
export function signerOf(
  keys: readonly TrustedKey[],
  keyId: unknown,
  timeMs: bigint,
  what: string,
  checks: Checks,
) {
  const key = keys.find((k) => k.keyId === keyId);
  if (!key)
    return (
      checks.fail(
        'signer',
        `the ${what} was signed with key ${String(keyId)}, which is not a trusted key (trusted: ${keys.map((k) => k.keyId).join(', ')})`,
      ) || null
    );
  if ((key.fromMs !== null && timeMs < key.fromMs) || (key.untilMs !== null && timeMs >= key.untilMs)) {
    const from = key.fromMs === null ? 'the start' : new Date(Number(key.fromMs)).toISOString();
    const until = key.untilMs === null ? 'now' : new Date(Number(key.untilMs)).toISOString();
    return (
      checks.fail(
        'signer',
        `the ${what} is dated ${new Date(Number(timeMs)).toISOString()}, but key ${key.keyId} signed only from ${from} until ${until}`,
      ) || null
    );
  }
  checks.pass('signer', `key ${key.keyId} is a trusted key, and it signed at that time`);
  return key;
}

export async function signatureValid(
  key: CryptoKey,
  signature: unknown,
  message: Uint8Array,
): Promise<boolean> {
  const bytes = typeof signature === 'string' ? bytesOfBase64(signature) : null;
  if (bytes?.length !== 64) return false;
  return await globalThis.crypto.subtle.verify(
    { name: 'Ed25519' },
    key,
    bytes as Uint8Array<ArrayBuffer>,
    message as Uint8Array<ArrayBuffer>,
  );
}
