import { concatBytes, shortField, uintBytes, utf8 } from './bytes.ts';

/**
 * The verifiable ledger's file formats, version 1 (docs/architecture/verifiable-formats.md): the signed
 * digest of the log, the public key, a transaction's receipt, the liabilities statement and a user's
 * liability proof. Every number that can exceed 2^53 is a decimal string; hashes are lower-case hex;
 * signatures are base64 (Ed25519, 64 bytes) over the canonical binary message built below, never over JSON.
 */

export const DIGEST_FORMAT = 'sai-ledger-digest';
export const PUBLIC_KEY_FORMAT = 'sai-ledger-public-key';
export const RECEIPT_FORMAT = 'sai-ledger-receipt';
export const LIABILITIES_FORMAT = 'sai-liabilities';
export const LIABILITY_PROOF_FORMAT = 'sai-liability-proof';
export const KEY_ROTATION_FORMAT = 'sai-ledger-key-rotation';

/**
 * The event-data fields that name an event's business transaction, in the order they are looked at: a
 * receipt's events must each name its `transactionId` by the first of these they carry.
 */
export const TRANSACTION_ID_FIELDS = ['withdrawalId', 'transactionId', 'paymentId', 'depositId'] as const;

/** The transaction an event's data names (the first of TRANSACTION_ID_FIELDS present); null for none. */
export function transactionIdOfData(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Record<string, unknown>;
  for (const name of TRANSACTION_ID_FIELDS) {
    const id = d[name];
    if (id !== undefined && id !== null) return typeof id === 'string' ? id : null;
  }
  return null;
}

/** A signed tree head: the log's first `treeSize` events have Merkle root `root`. */
export interface LedgerDigest {
  format: typeof DIGEST_FORMAT;
  version: 1;
  /** Events covered: public positions 0 .. treeSize-1. */
  treeSize: string;
  /** Merkle root (hex) of those events' leaves. */
  root: string;
  /** When it was signed, ISO 8601 UTC with milliseconds. */
  time: string;
  keyId: string;
  /** Ed25519 signature (base64) over digestMessage. */
  signature: string;
  /**
   * Not signed, optional, checked against `root` before use: the roots of the aligned blocks of
   * `blockSize` events that make up the tree, so a verifier can say where a log departs from the digest.
   */
  blocks?: { blockSize: string; hashes: string[] };
}

export interface LedgerPublicKey {
  format: typeof PUBLIC_KEY_FORMAT;
  version: 1;
  keyId: string;
  algorithm: 'Ed25519';
  /** SubjectPublicKeyInfo, PEM. */
  spki: string;
  jwk: { kty: 'OKP'; crv: 'Ed25519'; x: string };
  /**
   * The key document served at GET /api/ledger/public-key also lists every key the ledger has signed with,
   * oldest first, the last being this one; a file's own copy of the key leaves it out.
   */
  keys?: LedgerKeyHistoryEntry[];
}

/** One event of a receipt: exactly the stored form its per-stream hash covers, and its inclusion proof. */
export interface ReceiptEvent {
  /** Public position: the 0-based index of the event in log order. */
  position: string;
  streamName: string;
  revision: string;
  id: string;
  type: string;
  /** The data as stored (personal fields as sealed envelopes), which the hash covers. */
  data: unknown;
  metadata: {
    actorId: string | null;
    correlationId: string;
    causationId: string | null;
    idempotencyKey: string | null;
    schemaVersion?: number;
  };
  prevHash: string | null;
  hash: string;
  /** Sibling hashes (hex), RFC 9162 order, from the leaf up to the digest's root. */
  proof: string[];
}

export interface LedgerReceipt {
  format: typeof RECEIPT_FORMAT;
  version: 1;
  transactionId: string;
  events: ReceiptEvent[];
  digest: LedgerDigest;
  publicKey: LedgerPublicKey;
}

export interface LiabilityAsset {
  asset: string;
  /** Minor-unit decimals of the asset: `total` has exactly that many. */
  decimals: number;
  /** The root's sum, a decimal string. */
  total: string;
  /** The Merkle-sum tree's root hash (hex). */
  root: string;
  /** Leaves in the tree (a power of two: balances padded with zero leaves). */
  leaves: string;
}

/** What the company owes its users per asset, at the log's first `treeSize` events. */
export interface LiabilitiesStatement {
  format: typeof LIABILITIES_FORMAT;
  version: 1;
  treeSize: string;
  /** The log's Merkle root at treeSize: ties the balances to the log they were summed from. */
  logRoot: string;
  time: string;
  keyId: string;
  assets: LiabilityAsset[];
  signature: string;
}

export interface LiabilityPathStep {
  /** The sibling's sum (decimal string) and hash (hex). */
  sum: string;
  hash: string;
}

/** A version 1 proof's entry: the whole balance in one leaf (still verified, no longer served). */
export interface LiabilityEntryV1 {
  asset: string;
  /** The ledger account whose balance the leaf holds (`user:<id>`). */
  account: string;
  balance: string;
  /** Random 32 bytes (hex) only this user receives: the leaf's identifier is SHA-256 over it and the account. */
  nonce: string;
  index: string;
  path: LiabilityPathStep[];
}

/** One leaf of a balance split over several (version 2): its amount, nonce, index and path to the root. */
export interface LiabilityPart {
  amount: string;
  /** Random 32 bytes (hex) only this user receives: the leaf's identifier is SHA-256 over it and the account. */
  nonce: string;
  index: string;
  path: LiabilityPathStep[];
}

/** A version 2 proof's entry: the balance in one asset and the leaves it was split over (they add up to it). */
export interface LiabilityEntry {
  asset: string;
  /** The ledger account whose balance the leaves hold (`user:<id>`). */
  account: string;
  balance: string;
  parts: LiabilityPart[];
}

/** The proof version served now: balances split over several leaves (docs/architecture/verifiable-formats.md). */
export const LIABILITY_PROOF_VERSION = 2;

export interface LiabilityProof {
  format: typeof LIABILITY_PROOF_FORMAT;
  version: typeof LIABILITY_PROOF_VERSION;
  statement: LiabilitiesStatement;
  entries: LiabilityEntry[];
  publicKey: LedgerPublicKey;
}

/** A proof made before balances were split (one leaf each); verify.ts still checks it. */
export interface LiabilityProofV1 {
  format: typeof LIABILITY_PROOF_FORMAT;
  version: 1;
  statement: LiabilitiesStatement;
  entries: LiabilityEntryV1[];
  publicKey: LedgerPublicKey;
}

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Milliseconds since the epoch of a format's `time`; null when it is not ISO 8601 UTC with milliseconds. */
export function timeMillis(time: string): bigint | null {
  if (!ISO_MS.test(time)) return null;
  const ms = Date.parse(time);
  return Number.isFinite(ms) && ms >= 0 && new Date(ms).toISOString() === time ? BigInt(ms) : null;
}

function header(format: string): Uint8Array {
  return concatBytes(utf8(format), new Uint8Array([0, 1]));
}

/**
 * The bytes a digest's signature covers: "sai-ledger-digest" 0x00, version (1 byte), tree size (8 bytes),
 * root (32), time in ms (8), key id (1-byte length, then UTF-8). All integers big-endian.
 */
export function digestMessage(fields: { treeSize: bigint; root: Uint8Array; timeMs: bigint; keyId: string }) {
  if (fields.root.length !== 32) throw new Error('a root is 32 bytes');
  return concatBytes(
    header(DIGEST_FORMAT),
    uintBytes(fields.treeSize, 8),
    fields.root,
    uintBytes(fields.timeMs, 8),
    shortField(fields.keyId),
  );
}

/**
 * The bytes a liabilities statement's signature covers: "sai-liabilities" 0x00, version, tree size (8), log
 * root (32), time in ms (8), key id, asset count (1), then per asset: name (length-prefixed), decimals (1),
 * total in minor units (16), root (32), leaves (8).
 */
export function liabilitiesMessage(fields: {
  treeSize: bigint;
  logRoot: Uint8Array;
  timeMs: bigint;
  keyId: string;
  assets: readonly {
    asset: string;
    decimals: number;
    totalUnits: bigint;
    root: Uint8Array;
    leaves: bigint;
  }[];
}): Uint8Array {
  if (fields.logRoot.length !== 32) throw new Error('a root is 32 bytes');
  if (fields.assets.length > 255) throw new Error('too many assets');
  return concatBytes(
    header(LIABILITIES_FORMAT),
    uintBytes(fields.treeSize, 8),
    fields.logRoot,
    uintBytes(fields.timeMs, 8),
    shortField(fields.keyId),
    new Uint8Array([fields.assets.length]),
    ...fields.assets.flatMap((asset) => {
      if (asset.root.length !== 32) throw new Error('a root is 32 bytes');
      return [
        shortField(asset.asset),
        new Uint8Array([asset.decimals]),
        uintBytes(asset.totalUnits, 16),
        asset.root,
        uintBytes(asset.leaves, 8),
      ];
    }),
  );
}

/**
 * One key of the ledger's key history (the `keys` of the key document): the key, when it started to sign,
 * and its endorsement by the key before it (null for the first key, which nothing came before).
 */
export interface LedgerKeyHistoryEntry {
  keyId: string;
  jwk: { kty: 'OKP'; crv: 'Ed25519'; x: string };
  /** From when this key signs: a digest it signed must be dated at or after this (and before the next key's). */
  validFrom: string;
  previousKeyId: string | null;
  /** Ed25519 signature (base64) by the previous key over keyRotationMessage; null for the first key. */
  rotationSignature: string | null;
}

/**
 * The bytes a key rotation's signature covers (signed by the previous key): "sai-ledger-key-rotation" 0x00,
 * version, the new key id (length-prefixed), the new raw key (32), its validity start in ms (8), the
 * previous key id (length-prefixed).
 */
export function keyRotationMessage(fields: {
  keyId: string;
  rawKey: Uint8Array;
  validFromMs: bigint;
  previousKeyId: string;
}): Uint8Array {
  if (fields.rawKey.length !== 32) throw new Error('an Ed25519 public key is 32 bytes');
  return concatBytes(
    header(KEY_ROTATION_FORMAT),
    shortField(fields.keyId),
    fields.rawKey,
    uintBytes(fields.validFromMs, 8),
    shortField(fields.previousKeyId),
  );
}
