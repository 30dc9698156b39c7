import { sha256 } from '@noble/hashes/sha2.js';
import {
  bytesOfBase64,
  bytesOfHex,
  concatBytes,
  equalBytes,
  hexOf,
  parseCount,
  uintBytes,
  utf8,
} from './bytes.ts';
import { eventHashContent } from './eventContent.ts';
import {
  DIGEST_FORMAT,
  digestMessage,
  keyRotationMessage,
  type LedgerDigest,
  type LedgerKeyHistoryEntry,
  type LedgerPublicKey,
  type LedgerReceipt,
  LIABILITIES_FORMAT,
  LIABILITY_PROOF_FORMAT,
  type LiabilitiesStatement,
  type LiabilityProof,
  liabilitiesMessage,
  PUBLIC_KEY_FORMAT,
  RECEIPT_FORMAT,
  timeMillis,
  transactionIdOfData,
} from './formats.ts';
import { MAX_SUM, unitsOfDecimal } from './liabilities.ts';
import { type AsyncSha256, aligned, foldAligned, verifyInclusion, webCryptoSha256 } from './merkle.ts';

/**
 * The checker of every verifiable file (docs/architecture/verifiable-formats.md), one code for the browser
 * (/verify) and the command line (npm run ledger:verify-receipt): WebCrypto for SHA-256 and Ed25519, no
 * server call. Each check has a name and a plain sentence; the first that fails is the verdict's reason.
 *
 * A file carries its own public key, and a file that checks against its own key proves nothing about who
 * made it: anyone can sign with a key of their own. So every signed file is checked against the keys the
 * reader trusts (`trusted`: a key document, the one served at /api/ledger/public-key with its key history,
 * or a key the reader holds), and a digest signed by any other key fails the check `signer` — the /verify
 * page shows that as "Not from SAI Wallet".
 */

/** The largest file the checker reads: a receipt or a liability proof is a few kilobytes. */
export const MAX_FILE_BYTES = 256 * 1024;

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export interface Verdict {
  kind: 'public-key' | 'digest' | 'receipt' | 'liability-proof' | 'unknown';
  ok: boolean;
  checks: Check[];
  /** The first failed check's sentence, null when every check passed. */
  failure: string | null;
  /** What a passing verdict proves, in plain words. */
  proves: string;
}

/** The key id of an Ed25519 public key: the first 16 bytes of SHA-256 over its 32 raw bytes, hex. */
export function keyIdOf(rawPublicKey: Uint8Array): string {
  return hexOf(sha256(rawPublicKey).slice(0, 16));
}

function base64UrlBytes(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  const padded = text.replaceAll('-', '+').replaceAll('_', '/');
  return bytesOfBase64(padded + '='.repeat((4 - (padded.length % 4)) % 4));
}

/** Exported for tests and the callers that collect checks of their own (checkBlocks). */
export class Checks {
  readonly list: Check[] = [];
  pass(name: string, detail: string) {
    this.list.push({ name, ok: true, detail });
  }
  fail(name: string, detail: string): false {
    this.list.push({ name, ok: false, detail });
    return false;
  }
  verdict(kind: Verdict['kind'], proves: string): Verdict {
    const failed = this.list.find((check) => !check.ok);
    return { kind, ok: !failed, checks: this.list, failure: failed?.detail ?? null, proves };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
async function importKey(
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
function signerOf(keys: readonly TrustedKey[], keyId: unknown, timeMs: bigint, what: string, checks: Checks) {
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

async function signatureValid(key: CryptoKey, signature: unknown, message: Uint8Array): Promise<boolean> {
  const bytes = typeof signature === 'string' ? bytesOfBase64(signature) : null;
  if (bytes?.length !== 64) return false;
  return await globalThis.crypto.subtle.verify(
    { name: 'Ed25519' },
    key,
    bytes as Uint8Array<ArrayBuffer>,
    message as Uint8Array<ArrayBuffer>,
  );
}

function hash32(text: unknown): Uint8Array | null {
  const bytes = typeof text === 'string' ? bytesOfHex(text) : null;
  return bytes && bytes.length === 32 ? bytes : null;
}

/** A digest's fields, parsed; null (with the failed check) when one is malformed. */
function parseDigest(value: unknown, checks: Checks) {
  if (!isRecord(value) || value.format !== DIGEST_FORMAT || value.version !== 1)
    return checks.fail('digest', `the digest is not a ${DIGEST_FORMAT} version 1`) || null;
  const digest = value as unknown as LedgerDigest;
  const treeSize = parseCount(digest.treeSize);
  const root = hash32(digest.root);
  const timeMs = typeof digest.time === 'string' ? timeMillis(digest.time) : null;
  if (treeSize === null || root === null || timeMs === null || typeof digest.keyId !== 'string')
    return (
      checks.fail('digest', 'the digest has a malformed field (tree size, root, time or key id)') || null
    );
  return { digest, treeSize, root, timeMs };
}

/**
 * A digest checked against the trusted keys: `own` is the public key the file carries (a receipt's or a
 * proof's; undefined for a digest on its own, which carries none), `trusted` the key document the reader
 * trusts. The signature is checked with the trusted key, never with the file's own.
 */
async function checkDigest(value: unknown, own: unknown, trusted: unknown, checks: Checks) {
  const ownKey = own === undefined ? null : await importKey(own, checks);
  if (own !== undefined && !ownKey) return null;
  const keys = await trustedKeysOf(trusted, checks, own === undefined ? 'public key' : 'trusted key');
  const parsed = parseDigest(value, checks);
  if (!keys || !parsed) return null;
  if (ownKey && parsed.digest.keyId !== ownKey.keyId)
    return (
      checks.fail(
        'digest signature',
        `the digest was signed with key ${parsed.digest.keyId}, not ${ownKey.keyId}`,
      ) || null
    );
  const signer = signerOf(keys, parsed.digest.keyId, parsed.timeMs, 'digest', checks);
  if (!signer) return null;
  const message = digestMessage({ ...parsed, keyId: parsed.digest.keyId });
  if (!(await signatureValid(signer.key, parsed.digest.signature, message)))
    return (
      checks.fail('digest signature', "the digest's signature does not match its contents and key") || null
    );
  checks.pass(
    'digest signature',
    `signed by key ${signer.keyId} at ${parsed.digest.time}: the log's first ${parsed.treeSize} events have root ${parsed.digest.root}`,
  );
  return parsed;
}

/** Checks a public key file on its own: an Ed25519 key whose key id is the one derived from its bytes. */
export async function verifyPublicKey(publicKey: unknown): Promise<Verdict> {
  const checks = new Checks();
  // A key document with its history: every rotation is checked too.
  if (isRecord(publicKey) && publicKey.keys !== undefined)
    await trustedKeysOf(publicKey, checks, 'public key');
  else await importKey(publicKey, checks);
  return checks.verdict(
    'public-key',
    'This is an Ed25519 public key and its key id is its own: files signed with its private half verify with it.',
  );
}

/**
 * Checks a digest file against a public key or key document the reader trusts (signature, fields, and the
 * optional block hashes).
 */
export async function verifyDigest(digest: unknown, publicKey: unknown): Promise<Verdict> {
  const checks = new Checks();
  const parsed = await checkDigest(digest, undefined, publicKey, checks);
  if (parsed?.digest.blocks !== undefined)
    await checkBlocks(parsed.digest, parsed.treeSize, parsed.root, checks);
  return checks.verdict('digest', 'The log had exactly this root at this size when the key signed it.');
}

/** The digest's block hashes (not signed) must recombine into its signed root to be used. */
export async function checkBlocks(
  digest: LedgerDigest,
  treeSize: bigint,
  root: Uint8Array,
  checks: Checks = new Checks(),
): Promise<boolean> {
  const blockSize = parseCount(digest.blocks?.blockSize);
  // A file's `hashes` may be anything: not a list is malformed, never an exception.
  const listed = digest.blocks?.hashes;
  const hashes = Array.isArray(listed) ? listed.map(hash32) : [null];
  if (
    blockSize === null ||
    blockSize === 0n ||
    (blockSize & (blockSize - 1n)) !== 0n ||
    hashes.some((h) => h === null)
  )
    return checks.fail('digest blocks', "the digest's block hashes are malformed");
  const full = treeSize / blockSize;
  if (BigInt(hashes.length) !== full + (treeSize % blockSize === 0n ? 0n : 1n))
    return checks.fail('digest blocks', 'the digest has the wrong number of block hashes');
  // The full blocks are aligned complete subtrees; the last, partial one is the root of its own range.
  const pieces: Uint8Array[] = [];
  for (const key of aligned({ start: 0n, size: full })) {
    const start = key.index << BigInt(key.level);
    pieces.push(
      foldBlocks(hashes.slice(Number(start), Number(start + (1n << BigInt(key.level)))) as Uint8Array[]),
    );
  }
  if (treeSize % blockSize !== 0n) pieces.push(hashes[hashes.length - 1]!);
  if (!equalBytes(foldAligned(pieces), root))
    return checks.fail('digest blocks', "the digest's block hashes do not make its root");
  checks.pass('digest blocks', `${hashes.length} block hashes of ${blockSize} events make the root`);
  return true;
}

/** The root of a complete power-of-two run of block roots. */
function foldBlocks(hashes: readonly Uint8Array[]): Uint8Array {
  let level = [...hashes];
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2)
      next.push(sha256(concatBytes(new Uint8Array([1]), level[i]!, level[i + 1]!)));
    level = next;
  }
  return level[0]!;
}

/** An event hash as its checker computes it (WebCrypto), from the receipt's stored form. */
async function eventHashOf(
  event: LedgerReceipt['events'][number],
  hash: AsyncSha256,
): Promise<string | null> {
  const revision = parseCount(event.revision);
  if (revision === null || typeof event.streamName !== 'string' || typeof event.id !== 'string') return null;
  const content = eventHashContent({
    streamName: event.streamName,
    revision,
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
    prevHash: event.prevHash,
  });
  return hexOf(await hash(utf8(content)));
}

/**
 * The receipt's events as a set: each event once (no id, public position or stream revision twice), each
 * naming the receipt's transaction (the first of TRANSACTION_ID_FIELDS its data carries). A receipt that
 * repeats an event, or mixes in another transaction's, would show a transaction that is not the ledger's.
 */
function checkEventSet(receipt: LedgerReceipt, checks: Checks): boolean {
  const transactionId = receipt.transactionId;
  if (typeof transactionId !== 'string' || transactionId === '')
    return checks.fail('transaction', 'the receipt names no transaction');
  const ids = new Set<string>();
  const positions = new Set<string>();
  const revisions = new Set<string>();
  for (const event of receipt.events) {
    if (!isRecord(event)) return checks.fail('events', 'the receipt lists something that is not an event');
    const label = `event ${String(event.id)}`;
    if (ids.has(String(event.id))) return checks.fail('events', `${label} is listed twice`);
    ids.add(String(event.id));
    if (positions.has(String(event.position)))
      return checks.fail('events', `two events are listed at position ${String(event.position)}`);
    positions.add(String(event.position));
    const revision = `${String(event.streamName)}@${String(event.revision)}`;
    if (revisions.has(revision))
      return checks.fail(
        'events',
        `two events are listed as revision ${String(event.revision)} of stream ${String(event.streamName)}`,
      );
    revisions.add(revision);
    const named = transactionIdOfData(event.data);
    if (named !== transactionId)
      return checks.fail(
        'transaction',
        named === null
          ? `${label} names no transaction, so it is not part of transaction ${transactionId}`
          : `${label} belongs to transaction ${named}, not to transaction ${transactionId}`,
      );
  }
  checks.pass('events', `${receipt.events.length} different events`);
  checks.pass('transaction', `every event belongs to transaction ${transactionId}`);
  return true;
}

/**
 * Checks a transaction receipt against the key document the reader trusts (`trusted`): the signer, the
 * signature, the events as a set, each event's content and its place in the signed tree.
 */
export async function verifyReceipt(
  receipt: unknown,
  trusted: unknown,
  hash: AsyncSha256 = webCryptoSha256,
): Promise<Verdict> {
  const checks = new Checks();
  const proves =
    "Each event of this transaction, exactly as shown, is at its position in the ledger's log, and the operator signed that log's root: it cannot later remove, change or move them without the signed digest showing it.";
  if (!isRecord(receipt) || receipt.format !== RECEIPT_FORMAT || receipt.version !== 1) {
    checks.fail('format', `this is not a ${RECEIPT_FORMAT} version 1 file`);
    return checks.verdict('receipt', proves);
  }
  const typed = receipt as unknown as LedgerReceipt;
  const digest = await checkDigest(typed.digest, typed.publicKey, trusted, checks);
  if (!digest) return checks.verdict('receipt', proves);
  if (!Array.isArray(typed.events) || typed.events.length === 0) {
    checks.fail('events', 'the receipt holds no events');
    return checks.verdict('receipt', proves);
  }
  if (!checkEventSet(typed, checks)) return checks.verdict('receipt', proves);
  for (const event of typed.events) {
    const label = `event ${String(event?.id)}`;
    const recomputed = isRecord(event) ? await eventHashOf(event, hash) : null;
    if (recomputed === null || recomputed !== event.hash) {
      checks.fail('event content', `${label}: its content does not match its hash (it was changed)`);
      continue;
    }
    const position = parseCount(event.position);
    const proof = Array.isArray(event.proof) ? event.proof.map(hash32) : [null];
    if (position === null || proof.some((p) => p === null)) {
      checks.fail('inclusion', `${label}: its position or proof is malformed`);
      continue;
    }
    if (position >= digest.treeSize) {
      checks.fail(
        'inclusion',
        `${label}: position ${position} is beyond the digest's ${digest.treeSize} events`,
      );
      continue;
    }
    const leaf = await hash(
      concatBytes(new Uint8Array([0]), uintBytes(position, 8), bytesOfHex(event.hash)!),
    );
    if (!(await verifyInclusion(hash, position, digest.treeSize, leaf, proof as Uint8Array[], digest.root))) {
      checks.fail(
        'inclusion',
        `${label}: the proof does not place it at position ${position} under the digest's root`,
      );
      continue;
    }
    checks.pass('inclusion', `${label} (${event.type}) is at position ${position} of ${digest.treeSize}`);
  }
  return checks.verdict('receipt', proves);
}

/** Checks a liabilities statement's signature, with the trusted key that signed it (as checkDigest). */
async function checkStatement(value: unknown, publicKey: unknown, trusted: unknown, checks: Checks) {
  const key = await importKey(publicKey, checks);
  const keys = key ? await trustedKeysOf(trusted, checks) : null;
  if (!isRecord(value) || value.format !== LIABILITIES_FORMAT || value.version !== 1)
    return checks.fail('statement', `the statement is not a ${LIABILITIES_FORMAT} version 1`) || null;
  const statement = value as unknown as LiabilitiesStatement;
  const treeSize = parseCount(statement.treeSize);
  const logRoot = hash32(statement.logRoot);
  const timeMs = typeof statement.time === 'string' ? timeMillis(statement.time) : null;
  const assets = Array.isArray(statement.assets)
    ? statement.assets.map((a) => {
        const totalUnits =
          isRecord(a) && Number.isInteger(a.decimals) ? unitsOfDecimal(a.total, a.decimals) : null;
        const root = isRecord(a) ? hash32(a.root) : null;
        const leaves = isRecord(a) ? parseCount(a.leaves) : null;
        return totalUnits === null || root === null || leaves === null || typeof a.asset !== 'string'
          ? null
          : { asset: a.asset, decimals: a.decimals, totalUnits, root, leaves };
      })
    : [null];
  if (!key || !keys) return null;
  if (treeSize === null || logRoot === null || timeMs === null || assets.some((a) => a === null))
    return checks.fail('statement', 'the statement has a malformed field') || null;
  if (statement.keyId !== key.keyId)
    return (
      checks.fail(
        'statement signature',
        `the statement was signed with key ${statement.keyId}, not ${key.keyId}`,
      ) || null
    );
  const signer = signerOf(keys, statement.keyId, timeMs, 'statement', checks);
  if (!signer) return null;
  const message = liabilitiesMessage({
    treeSize,
    logRoot,
    timeMs,
    keyId: statement.keyId,
    assets: assets as NonNullable<(typeof assets)[number]>[],
  });
  if (!(await signatureValid(signer.key, statement.signature, message)))
    return (
      checks.fail('statement signature', "the statement's signature does not match its contents and key") ||
      null
    );
  checks.pass(
    'statement signature',
    `signed by key ${key.keyId} at ${statement.time} for the log's first ${treeSize} events`,
  );
  return { statement, assets: assets as NonNullable<(typeof assets)[number]>[] };
}

/**
 * Checks a user's liability proof against the key document the reader trusts: each balance is a leaf of its
 * asset's signed sum tree.
 */
export async function verifyLiabilityProof(
  proof: unknown,
  trusted: unknown,
  hash: AsyncSha256 = webCryptoSha256,
): Promise<Verdict> {
  const checks = new Checks();
  const proves =
    'Your balance in each asset listed is one of the leaves summed into the total liabilities the operator signed: the published total cannot leave it out.';
  if (!isRecord(proof) || proof.format !== LIABILITY_PROOF_FORMAT || proof.version !== 1) {
    checks.fail('format', `this is not a ${LIABILITY_PROOF_FORMAT} version 1 file`);
    return checks.verdict('liability-proof', proves);
  }
  const typed = proof as unknown as LiabilityProof;
  const statement = await checkStatement(typed.statement, typed.publicKey, trusted, checks);
  if (!statement) return checks.verdict('liability-proof', proves);
  if (!Array.isArray(typed.entries) || typed.entries.length === 0) {
    checks.fail('entries', 'the proof holds no balances');
    return checks.verdict('liability-proof', proves);
  }
  for (const entry of typed.entries) {
    const asset = statement.assets.find((a) => isRecord(entry) && a.asset === entry.asset);
    const label = `${String(entry?.asset)} balance`;
    if (!asset) {
      checks.fail('asset', `${label}: the statement has no tree for this asset`);
      continue;
    }
    await checkEntry(entry, asset, hash, label, checks);
  }
  return checks.verdict('liability-proof', proves);
}

async function checkEntry(
  entry: LiabilityProof['entries'][number],
  asset: { decimals: number; totalUnits: bigint; root: Uint8Array; leaves: bigint },
  hash: AsyncSha256,
  label: string,
  checks: Checks,
): Promise<void> {
  const balance = unitsOfDecimal(entry.balance, asset.decimals);
  const nonce = typeof entry.nonce === 'string' ? bytesOfHex(entry.nonce) : null;
  const index = parseCount(entry.index);
  const depth = asset.leaves.toString(2).length - 1;
  if (
    balance === null ||
    nonce === null ||
    nonce.length !== 32 ||
    index === null ||
    typeof entry.account !== 'string'
  )
    return void checks.fail('leaf', `${label}: the leaf is malformed`);
  if (index >= asset.leaves || !Array.isArray(entry.path) || entry.path.length !== depth)
    return void checks.fail(
      'path',
      `${label}: the path does not lead from leaf ${index} to the root of ${asset.leaves} leaves`,
    );
  const id = await hash(
    concatBytes(utf8('sai-liability-id'), new Uint8Array([0]), nonce, utf8(entry.account)),
  );
  let sum = balance;
  let node = await hash(concatBytes(new Uint8Array([0]), uintBytes(balance, 16), id));
  let i = index;
  for (const step of entry.path) {
    const siblingSum = unitsOfDecimal(step?.sum, asset.decimals);
    const siblingHash = hash32(step?.hash);
    if (siblingSum === null || siblingHash === null || siblingSum > MAX_SUM)
      return void checks.fail('path', `${label}: a sum on the path is negative, malformed or too large`);
    const [leftSum, leftHash, rightSum, rightHash] =
      (i & 1n) === 0n ? [sum, node, siblingSum, siblingHash] : [siblingSum, siblingHash, sum, node];
    sum = leftSum + rightSum;
    if (sum > MAX_SUM) return void checks.fail('path', `${label}: the sums overflow`);
    node = await hash(
      concatBytes(new Uint8Array([1]), uintBytes(leftSum, 16), leftHash, uintBytes(rightSum, 16), rightHash),
    );
    i >>= 1n;
  }
  if (!equalBytes(node, asset.root))
    return void checks.fail('root', `${label}: the path does not lead to the signed root`);
  if (sum !== asset.totalUnits)
    return void checks.fail('total', `${label}: the path sums to a total other than the signed one`);
  checks.pass(
    'leaf',
    `${label} ${entry.balance} is counted in the total of ${String(asset.totalUnits)} minor units`,
  );
}

/** Any verifiable file, by its `format`, against the key document the reader trusts. */
export async function verifyFile(
  value: unknown,
  trusted: unknown,
  hash: AsyncSha256 = webCryptoSha256,
): Promise<Verdict> {
  const format = isRecord(value) ? value.format : undefined;
  if (format === RECEIPT_FORMAT) return await verifyReceipt(value, trusted, hash);
  if (format === LIABILITY_PROOF_FORMAT) return await verifyLiabilityProof(value, trusted, hash);
  const checks = new Checks();
  checks.fail('format', 'this file is neither a SAI Wallet receipt nor a liability proof');
  return checks.verdict('unknown', '');
}

/** A verdict of a file that could not be read as one (too large, not JSON). */
export function unreadableVerdict(name: 'size' | 'format', detail: string): Verdict {
  const checks = new Checks();
  checks.fail(name, detail);
  return checks.verdict('unknown', '');
}

/**
 * A file's text as the checker reads it, in the browser and on the command line alike: at most
 * MAX_FILE_BYTES of UTF-8 (anything larger is refused before it is parsed), and JSON.
 */
export function readVerifiableText(text: string): { value: unknown } | { refused: Verdict } {
  const bytes = utf8(text).length;
  if (bytes > MAX_FILE_BYTES)
    return {
      refused: unreadableVerdict(
        'size',
        `the file is ${bytes} bytes, more than the ${MAX_FILE_BYTES / 1024} KiB a receipt or a liability proof can be`,
      ),
    };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return { refused: unreadableVerdict('format', 'this file is not JSON') };
  }
}
