import { sha256 } from '@noble/hashes/sha2.js';
import { bytesOfHex, concatBytes, equalBytes, hexOf, parseCount, uintBytes, utf8 } from './bytes.ts';
import { Checks, hash32, isRecord, type Verdict } from './checks.ts';
import { eventHashContent } from './eventContent.ts';
import {
  DIGEST_FORMAT,
  digestMessage,
  type LedgerDigest,
  type LedgerReceipt,
  LIABILITY_PROOF_FORMAT,
  RECEIPT_FORMAT,
  timeMillis,
  transactionIdOfData,
} from './formats.ts';
import { type AsyncSha256, aligned, foldAligned, verifyInclusion, webCryptoSha256 } from './merkle.ts';
import { importKey, keyIdOf, signatureValid, signerOf, trustedKeysOf } from './trust.ts';
import { verifyLiabilityProof } from './verifyLiabilityProof.ts';

export { Checks, keyIdOf, trustedKeysOf, type Verdict, verifyLiabilityProof };

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
