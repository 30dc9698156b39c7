import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Crypto-shredding's primitives (docs/decisions/0014-crypto-shredding.md): a person's personal fields are
 * sealed with their own data key (AES-256-GCM), and the data keys are stored wrapped by the master key
 * (personalDataKeys.ts). Destroying a person's data key makes every value sealed with it unreadable, in the
 * log and in every copy of it, without touching the log. `node:crypto` only: AES-GCM and HMAC are in
 * Node's OpenSSL, and a library would add nothing but a dependency.
 */

const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A person's data key, in memory only (never logged, never stored unwrapped). */
export interface DataKey {
  /** Whose key: a user id, or the id of what a person without an account wrote (a contact message). */
  readonly subjectId: string;
  readonly key: Buffer;
}

/**
 * A sealed value as it is stored (in an event's data, later): the envelope's format version, whose key
 * sealed it, and the base64url IV, ciphertext and GCM tag. JSON-safe, so it can replace a field as is.
 */
export interface SealedValue {
  v: 1;
  /** The subject whose data key sealed it (bound into the associated data as well). */
  s: string;
  iv: string;
  ct: string;
  tag: string;
}

/** What opening a sealed value gives: the plaintext, or `erased` when its person's key was destroyed. */
export type Opened = { ok: true; value: string } | { ok: false; reason: 'erased' };

/** A sealed value that does not open with its key: tampered with, moved, or sealed under another key. */
export class SealedValueError extends Error {}

export function newDataKeyBytes(): Buffer {
  return randomBytes(KEY_BYTES);
}

export function assertKey32(key: Buffer, what: string): void {
  if (key.length !== KEY_BYTES) throw new Error(`${what} must be ${KEY_BYTES} bytes, not ${key.length}`);
}

/**
 * The associated data a value is sealed with: the envelope version, the subject and the caller's context
 * (e.g. `UserRegistered.email` with the event's id), so a ciphertext cannot be moved to another person,
 * another field or another event and still open. NUL separates the parts: none of them contains one.
 */
function aad(subjectId: string, associatedData: string): Buffer {
  if (subjectId.includes('\0') || associatedData.includes('\0')) {
    throw new Error('Subject ids and associated data never contain NUL');
  }
  return Buffer.from(`sai-pd\0v1\0${subjectId}\0${associatedData}`, 'utf8');
}

export function isSealedValue(value: unknown): value is SealedValue {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    v.v === 1 &&
    typeof v.s === 'string' &&
    typeof v.iv === 'string' &&
    typeof v.ct === 'string' &&
    typeof v.tag === 'string'
  );
}

/** Seals `plaintext` (UTF-8 text; callers JSON-encode structured values) with a person's data key. */
export function seal(dataKey: DataKey, plaintext: string, associatedData: string): SealedValue {
  assertKey32(dataKey.key, 'A data key');
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, dataKey.key, iv);
  cipher.setAAD(aad(dataKey.subjectId, associatedData));
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return {
    v: 1,
    s: dataKey.subjectId,
    iv: iv.toString('base64url'),
    ct: ct.toString('base64url'),
    tag: cipher.getAuthTag().toString('base64url'),
  };
}

/**
 * Opens a sealed value with its subject's key, or answers `erased` when that key was destroyed (pass
 * 'erased', what `PersonalDataKeys.find` gives then). A value that does not open (tampered, another key,
 * other associated data) throws: that is corruption or an attack, never an erasure.
 */
export function open(dataKey: DataKey | 'erased', sealed: SealedValue, associatedData: string): Opened {
  if (!isSealedValue(sealed)) throw new SealedValueError('Not a sealed value of a known format');
  if (dataKey === 'erased') return { ok: false, reason: 'erased' };
  if (dataKey.subjectId !== sealed.s) {
    throw new SealedValueError('This value was sealed for another subject');
  }
  assertKey32(dataKey.key, 'A data key');
  const iv = Buffer.from(sealed.iv, 'base64url');
  const tag = Buffer.from(sealed.tag, 'base64url');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
    throw new SealedValueError('Sealed value has a malformed IV or tag');
  }
  try {
    const decipher = createDecipheriv(ALGORITHM, dataKey.key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(aad(dataKey.subjectId, associatedData));
    decipher.setAuthTag(tag);
    const plain = Buffer.concat([decipher.update(Buffer.from(sealed.ct, 'base64url')), decipher.final()]);
    return { ok: true, value: plain.toString('utf8') };
  } catch {
    // No detail: nothing about the key or the plaintext belongs in an error message.
    throw new SealedValueError('Sealed value failed authentication (tampered, or another key)');
  }
}

/**
 * A data key wrapped by the master key, as stored in `personal_data_keys.wrapped_key`: IV (12 bytes),
 * GCM tag (16), then the encrypted key (32). The subject id is the associated data, so a wrapped key
 * copied onto another person's row does not unwrap.
 */
export function wrapDataKey(masterKey: Buffer, subjectId: string, dataKey: Buffer): Buffer {
  assertKey32(masterKey, 'The master key');
  assertKey32(dataKey, 'A data key');
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, masterKey, iv);
  cipher.setAAD(Buffer.from(`sai-pd-wrap\0v1\0${subjectId}`, 'utf8'));
  const ct = Buffer.concat([cipher.update(dataKey), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ct]);
}

export function unwrapDataKey(masterKey: Buffer, subjectId: string, wrapped: Buffer): Buffer {
  assertKey32(masterKey, 'The master key');
  if (wrapped.length !== IV_BYTES + TAG_BYTES + KEY_BYTES) {
    throw new SealedValueError(`Wrapped data key of ${subjectId} has a wrong length`);
  }
  try {
    const decipher = createDecipheriv(ALGORITHM, masterKey, wrapped.subarray(0, IV_BYTES), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(`sai-pd-wrap\0v1\0${subjectId}`, 'utf8'));
    decipher.setAuthTag(wrapped.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(wrapped.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  } catch {
    throw new SealedValueError(
      `The data key of ${subjectId} does not unwrap with the configured master key (PERSONAL_DATA_KEY)`,
    );
  }
}

/**
 * A master key's public name: the first 16 hex digits of an HMAC of a fixed label under it. Stored beside
 * each wrapped key, it says which master key wrapped it (after a rotation, before every process restarted)
 * without revealing anything about the key.
 */
export function masterKeyId(masterKey: Buffer): string {
  assertKey32(masterKey, 'The master key');
  return createHmac('sha256', masterKey)
    .update('sai-wallet personal-data master key id')
    .digest('hex')
    .slice(0, 16);
}
