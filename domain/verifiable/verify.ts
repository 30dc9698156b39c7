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
  type LedgerDigest,
  type LedgerPublicKey,
  type LedgerReceipt,
  LIABILITIES_FORMAT,
  LIABILITY_PROOF_FORMAT,
  type LiabilitiesStatement,
  type LiabilityProof,
  type LiabilityProofV1,
  liabilitiesMessage,
  PUBLIC_KEY_FORMAT,
  RECEIPT_FORMAT,
  timeMillis,
} from './formats.ts';
import { MAX_SUM, unitsOfDecimal } from './liabilities.ts';
import { type AsyncSha256, aligned, foldAligned, verifyInclusion, webCryptoSha256 } from './merkle.ts';

/**
 * The checker of every verifiable file (docs/architecture/verifiable-formats.md), one code for the browser
 * (/verify) and the command line (npm run ledger:verify-receipt): WebCrypto for SHA-256 and Ed25519, no
 * server call. Each check has a name and a plain sentence; the first that fails is the verdict's reason.
 */

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

class Checks {
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

async function importKey(key: unknown, checks: Checks): Promise<{ key: CryptoKey; keyId: string } | null> {
  if (!isRecord(key) || key.format !== PUBLIC_KEY_FORMAT || key.version !== 1) {
    checks.fail('public key', `the public key is not a ${PUBLIC_KEY_FORMAT} version 1`);
    return null;
  }
  const publicKey = key as unknown as LedgerPublicKey;
  const raw =
    isRecord(publicKey.jwk) && typeof publicKey.jwk.x === 'string' ? base64UrlBytes(publicKey.jwk.x) : null;
  if (raw?.length !== 32 || publicKey.jwk.kty !== 'OKP' || publicKey.jwk.crv !== 'Ed25519') {
    checks.fail('public key', 'the public key is not an Ed25519 key');
    return null;
  }
  const keyId = keyIdOf(raw);
  if (publicKey.keyId !== keyId) {
    checks.fail('public key', `the public key's id is ${keyId}, not ${String(publicKey.keyId)} as it says`);
    return null;
  }
  try {
    const imported = await globalThis.crypto.subtle.importKey(
      'raw',
      raw as Uint8Array<ArrayBuffer>,
      { name: 'Ed25519' },
      false,
      ['verify'],
    );
    checks.pass('public key', `Ed25519 key ${keyId}`);
    return { key: imported, keyId };
  } catch {
    checks.fail('public key', 'the public key cannot be imported');
    return null;
  }
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

async function checkDigest(value: unknown, publicKey: unknown, checks: Checks) {
  const key = await importKey(publicKey, checks);
  const parsed = parseDigest(value, checks);
  if (!key || !parsed) return null;
  if (parsed.digest.keyId !== key.keyId)
    return (
      checks.fail(
        'digest signature',
        `the digest was signed with key ${parsed.digest.keyId}, not ${key.keyId}`,
      ) || null
    );
  const message = digestMessage({ ...parsed, keyId: parsed.digest.keyId });
  if (!(await signatureValid(key.key, parsed.digest.signature, message)))
    return (
      checks.fail('digest signature', "the digest's signature does not match its contents and key") || null
    );
  checks.pass(
    'digest signature',
    `signed by key ${key.keyId} at ${parsed.digest.time}: the log's first ${parsed.treeSize} events have root ${parsed.digest.root}`,
  );
  return parsed;
}

/** Checks a public key file on its own: an Ed25519 key whose key id is the one derived from its bytes. */
export async function verifyPublicKey(publicKey: unknown): Promise<Verdict> {
  const checks = new Checks();
  await importKey(publicKey, checks);
  return checks.verdict(
    'public-key',
    'This is an Ed25519 public key and its key id is its own: files signed with its private half verify with it.',
  );
}

/** Checks a digest file against a public key (signature, fields, and the optional block hashes). */
export async function verifyDigest(digest: unknown, publicKey: unknown): Promise<Verdict> {
  const checks = new Checks();
  const parsed = await checkDigest(digest, publicKey, checks);
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

/** Checks a transaction receipt: each event's content, its place in the signed tree, the signature. */
export async function verifyReceipt(receipt: unknown, hash: AsyncSha256 = webCryptoSha256): Promise<Verdict> {
  const checks = new Checks();
  const proves =
    "Each event of this transaction, exactly as shown, is at its position in the ledger's log, and the operator signed that log's root: it cannot later remove, change or move them without the signed digest showing it.";
  if (!isRecord(receipt) || receipt.format !== RECEIPT_FORMAT || receipt.version !== 1) {
    checks.fail('format', `this is not a ${RECEIPT_FORMAT} version 1 file`);
    return checks.verdict('receipt', proves);
  }
  const typed = receipt as unknown as LedgerReceipt;
  const digest = await checkDigest(typed.digest, typed.publicKey, checks);
  if (!digest) return checks.verdict('receipt', proves);
  if (!Array.isArray(typed.events) || typed.events.length === 0) {
    checks.fail('events', 'the receipt holds no events');
    return checks.verdict('receipt', proves);
  }
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

/** Checks a liabilities statement's signature. */
async function checkStatement(value: unknown, publicKey: unknown, checks: Checks) {
  const key = await importKey(publicKey, checks);
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
  if (!key) return null;
  if (treeSize === null || logRoot === null || timeMs === null || assets.some((a) => a === null))
    return checks.fail('statement', 'the statement has a malformed field') || null;
  if (statement.keyId !== key.keyId)
    return (
      checks.fail(
        'statement signature',
        `the statement was signed with key ${statement.keyId}, not ${key.keyId}`,
      ) || null
    );
  const message = liabilitiesMessage({
    treeSize,
    logRoot,
    timeMs,
    keyId: statement.keyId,
    assets: assets as NonNullable<(typeof assets)[number]>[],
  });
  if (!(await signatureValid(key.key, statement.signature, message)))
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

/** The most leaves one balance may be split over in a proof (the service splits into 4). */
const MAX_PARTS = 64;

/**
 * Checks a user's liability proof: each balance is split over leaves of its asset's signed sum tree
 * (version 2: `parts`, which must add up to the balance, each a distinct leaf), or is one leaf itself
 * (version 1, made before balances were split: still verified).
 */
export async function verifyLiabilityProof(
  proof: unknown,
  hash: AsyncSha256 = webCryptoSha256,
): Promise<Verdict> {
  const checks = new Checks();
  const proves =
    'Your balance in each asset listed is summed in full, in the leaves shown, into the total liabilities the operator signed: the published total cannot leave it out.';
  if (
    !isRecord(proof) ||
    proof.format !== LIABILITY_PROOF_FORMAT ||
    (proof.version !== 1 && proof.version !== 2)
  ) {
    checks.fail('format', `this is not a ${LIABILITY_PROOF_FORMAT} version 1 or 2 file`);
    return checks.verdict('liability-proof', proves);
  }
  const typed = proof as unknown as LiabilityProof | LiabilityProofV1;
  const statement = await checkStatement(typed.statement, typed.publicKey, checks);
  if (!statement) return checks.verdict('liability-proof', proves);
  if (!Array.isArray(typed.entries) || typed.entries.length === 0) {
    checks.fail('entries', 'the proof holds no balances');
    return checks.verdict('liability-proof', proves);
  }
  for (const entry of typed.entries as unknown[]) {
    const asset = statement.assets.find((a) => isRecord(entry) && a.asset === entry.asset);
    const label = `${String(isRecord(entry) ? entry.asset : entry)} balance`;
    if (!isRecord(entry) || !asset) {
      checks.fail('asset', `${label}: the statement has no tree for this asset`);
      continue;
    }
    await checkEntry(entry, typed.version, asset, hash, label, checks);
  }
  return checks.verdict('liability-proof', proves);
}

type SignedAsset = { decimals: number; totalUnits: bigint; root: Uint8Array; leaves: bigint };

async function checkEntry(
  entry: Record<string, unknown>,
  version: 1 | 2,
  asset: SignedAsset,
  hash: AsyncSha256,
  label: string,
  checks: Checks,
): Promise<void> {
  const balance = unitsOfDecimal(entry.balance, asset.decimals);
  if (balance === null || typeof entry.account !== 'string')
    return void checks.fail('leaf', `${label}: the leaf is malformed`);
  // Version 1: the balance is its one leaf.
  const parts =
    version === 1
      ? [{ amount: entry.balance, nonce: entry.nonce, index: entry.index, path: entry.path }]
      : entry.parts;
  if (!Array.isArray(parts) || parts.length === 0 || parts.length > MAX_PARTS)
    return void checks.fail('parts', `${label}: the balance is not split into 1 to ${MAX_PARTS} leaves`);
  const seen = new Set<bigint>();
  let added = 0n;
  for (const part of parts as unknown[]) {
    const checked = isRecord(part) ? await checkPart(part, entry.account, asset, hash, label, checks) : null;
    if (checked === false) return;
    if (checked === null) return void checks.fail('leaf', `${label}: a leaf is malformed`);
    if (seen.has(checked.index))
      return void checks.fail('parts', `${label}: leaf ${checked.index} is given twice as a part`);
    seen.add(checked.index);
    added += checked.amount;
  }
  if (added !== balance)
    return void checks.fail(
      'parts',
      `${label}: its leaves add up to ${String(added)} minor units, not the balance ${String(entry.balance)}`,
    );
  checks.pass(
    'leaf',
    `${label} ${String(entry.balance)} is counted in the total of ${String(asset.totalUnits)} minor units (in ${parts.length} ${parts.length === 1 ? 'leaf' : 'leaves'})`,
  );
}

/** One leaf's path to the signed root: its amount and index when it leads there, false (with the failed check) when not, null when malformed. */
async function checkPart(
  part: Record<string, unknown>,
  account: string,
  asset: SignedAsset,
  hash: AsyncSha256,
  label: string,
  checks: Checks,
): Promise<{ amount: bigint; index: bigint } | false | null> {
  const amount = unitsOfDecimal(part.amount, asset.decimals);
  const nonce = typeof part.nonce === 'string' ? bytesOfHex(part.nonce) : null;
  const index = parseCount(part.index);
  const depth = asset.leaves.toString(2).length - 1;
  if (amount === null || nonce === null || nonce.length !== 32 || index === null) return null;
  if (index >= asset.leaves || !Array.isArray(part.path) || part.path.length !== depth)
    return checks.fail(
      'path',
      `${label}: the path does not lead from leaf ${index} to the root of ${asset.leaves} leaves`,
    );
  const id = await hash(concatBytes(utf8('sai-liability-id'), new Uint8Array([0]), nonce, utf8(account)));
  let sum = amount;
  let node = await hash(concatBytes(new Uint8Array([0]), uintBytes(amount, 16), id));
  let i = index;
  for (const step of part.path as unknown[]) {
    const siblingSum = isRecord(step) ? unitsOfDecimal(step.sum, asset.decimals) : null;
    const siblingHash = isRecord(step) ? hash32(step.hash) : null;
    if (siblingSum === null || siblingHash === null || siblingSum > MAX_SUM)
      return checks.fail('path', `${label}: a sum on the path is negative, malformed or too large`);
    const [leftSum, leftHash, rightSum, rightHash] =
      (i & 1n) === 0n ? [sum, node, siblingSum, siblingHash] : [siblingSum, siblingHash, sum, node];
    sum = leftSum + rightSum;
    if (sum > MAX_SUM) return checks.fail('path', `${label}: the sums overflow`);
    node = await hash(
      concatBytes(new Uint8Array([1]), uintBytes(leftSum, 16), leftHash, uintBytes(rightSum, 16), rightHash),
    );
    i >>= 1n;
  }
  if (!equalBytes(node, asset.root))
    return checks.fail('root', `${label}: the path does not lead to the signed root`);
  if (sum !== asset.totalUnits)
    return checks.fail('total', `${label}: the path sums to a total other than the signed one`);
  return { amount, index };
}

/** Any verifiable file, by its `format`. */
export async function verifyFile(value: unknown, hash: AsyncSha256 = webCryptoSha256): Promise<Verdict> {
  const format = isRecord(value) ? value.format : undefined;
  if (format === RECEIPT_FORMAT) return await verifyReceipt(value, hash);
  if (format === LIABILITY_PROOF_FORMAT) return await verifyLiabilityProof(value, hash);
  const checks = new Checks();
  checks.fail('format', 'this file is neither a SAI Wallet receipt nor a liability proof');
  return checks.verdict('unknown', '');
}
