import { createPrivateKey } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sha256 } from '@noble/hashes/sha2.js';
import { signDigest } from '../app/ledgerProofs/digests.ts';
import { firstKeyEntry, keyDocument, rotationEntry } from '../app/ledgerProofs/keyHistory.ts';
import { signerFromKey } from '../app/ledgerProofs/signer.ts';
import { TreeReplay } from '../app/ledgerProofs/treeReplay.ts';
import { base64Of, bytesOfBase64, hexOf, utf8 } from '../domain/verifiable/bytes.ts';
import { type LedgerReceipt, RECEIPT_FORMAT, type ReceiptEvent } from '../domain/verifiable/formats.ts';
import {
  eventLeaf,
  inclusionRanges,
  MerkleFrontier,
  nodeId,
  rangeRoots,
} from '../domain/verifiable/merkle.ts';
import { eventHash } from '../infra/eventStore/hashChain.ts';
import { liabilityProofs } from './liabilityVectors.ts';

/**
 * The test vectors of the verifiable formats (docs/architecture/verifiable-formats.md), written to
 * docs/verifiable/vectors/: a public key, a digest, a receipt and a liability proof made with a FIXED test
 * key (its seed is below: never use it for anything else), each valid, and variants with one byte changed
 * that must fail a named check. Deterministic: running it again writes the same bytes
 * (`npx tsx scripts/verifiableVectors.ts`; vectors.unit.test.ts checks the committed files against it).
 */
const SEED = sha256(utf8('sai-wallet test vector key: public, never use it to sign anything real'));
const TIME = new Date('2026-11-27T12:00:00.000Z');

export interface VectorCase {
  file: string;
  kind: 'public-key' | 'digest' | 'receipt' | 'liability-proof';
  valid: boolean;
  /** The check that must fail (verify.ts check names), for a changed variant. */
  failedCheck?: string;
  description: string;
  content: unknown;
}

function privateKeyOf(seed: Uint8Array) {
  const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(seed)]);
  return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
}

function testSigner() {
  return signerFromKey(privateKeyOf(SEED));
}

/**
 * The test key as a PKCS#8 PEM: a server started with it (LEDGER_SIGNING_KEY) publishes the key the vectors
 * are signed with, so /verify checks them as it checks that server's own files (verifiableVectors.e2e).
 */
export const TEST_VECTOR_KEY_PEM = privateKeyOf(SEED).export({ format: 'pem', type: 'pkcs8' }).toString();

/** A second fixed key, not the ledger's: what a forger signs with (receipt-foreign-key.json). */
const FOREIGN_SEED = sha256(utf8('sai-wallet test vector foreign key: not the ledger key, never use it'));
/** The key the test key is rotated to in key-document.json. */
const NEXT_SEED = sha256(utf8('sai-wallet test vector next key: public, never use it to sign anything real'));

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** A small log of 7 events in 4 streams, each hash computed as the store computes it. */
function smallLog() {
  const heads = new Map<string, { revision: bigint; hash: string }>();
  const alice = 'account-user0001';
  const bob = 'account-user0002';
  const specs: { stream: string; type: string; data: Record<string, unknown> }[] = [
    { stream: 'user-user0001', type: 'UserRegistered', data: { userId: 'user0001' } },
    { stream: 'user-user0002', type: 'UserRegistered', data: { userId: 'user0002' } },
    {
      stream: alice,
      type: 'TokensMinted',
      data: { transactionId: uuid(100), amount: '100.00', userId: 'user0001' },
    },
    { stream: bob, type: 'AccountOpened', data: { userId: 'user0002' } },
    {
      stream: alice,
      type: 'TokensTransferred',
      data: { transactionId: uuid(101), amount: '3.25', fromUserId: 'user0001', toUserId: 'user0002' },
    },
    {
      stream: bob,
      type: 'TransferReceived',
      data: { transactionId: uuid(101), amount: '3.25', fromUserId: 'user0001' },
    },
    {
      stream: alice,
      type: 'TokensMinted',
      data: { transactionId: uuid(102), amount: '1.00', userId: 'user0001' },
    },
  ];
  return specs.map((spec, i): ReceiptEvent => {
    const head = heads.get(spec.stream);
    const revision = head ? head.revision + 1n : 0n;
    const metadata = { actorId: null, correlationId: uuid(200 + i), causationId: null, idempotencyKey: null };
    const input = {
      streamName: spec.stream,
      revision,
      id: uuid(i + 1),
      type: spec.type,
      data: spec.data,
      metadata,
      prevHash: head?.hash ?? null,
    };
    const hash = eventHash(input);
    heads.set(spec.stream, { revision, hash });
    return {
      position: String(i),
      streamName: spec.stream,
      revision: String(revision),
      id: input.id,
      type: spec.type,
      data: spec.data,
      metadata,
      prevHash: input.prevHash,
      hash,
      proof: [],
    };
  });
}

/** A copy of `value` with one change made by `edit` (one hex digit, one signature byte, one digit). */
function changed<T>(value: T, edit: (copy: T) => void): T {
  const copy = structuredClone(value);
  edit(copy);
  return copy;
}
const flipHex = (hex: string) => `${hex[0] === '0' ? '1' : '0'}${hex.slice(1)}`;
const flipBase64 = (text: string) => {
  const bytes = bytesOfBase64(text)!;
  bytes[10]! ^= 0x01;
  return base64Of(bytes);
};

/** A variant of `base` its checks must catch: a copy with one change made by `edit` (see `changed`). */
function variantOf<T>(kind: VectorCase['kind'], base: T) {
  return (file: string, failedCheck: string, description: string, edit: (copy: T) => void): VectorCase => ({
    file,
    kind,
    valid: false,
    failedCheck,
    description,
    content: changed(base, edit),
  });
}

export function buildVectors(): VectorCase[] {
  const { signer, rotated, digest, receipt, foreignReceipt, proof, proofV1 } = vectorMaterials();
  return [
    ...keyVectors(signer.publicKey, rotated),
    ...digestVectors(digest),
    ...receiptVectors(receipt, foreignReceipt),
    ...liabilityVectors(proof, proofV1),
  ];
}

/**
 * What the vectors are made of: the test key and its key document after one rotation, a digest of the
 * small log, a receipt of a transfer's two events (and a forger's copy of it), and liability proofs.
 */
function vectorMaterials() {
  const signer = testSigner();
  const log = smallLog();
  const frontier = new MerkleFrontier();
  const replay = new TreeReplay();
  const nodes = new Map<string, Uint8Array>();
  for (const event of log) {
    const leaf = eventLeaf(BigInt(event.position), event.hash);
    for (const made of frontier.append(leaf)) nodes.set(nodeId(made.key), made.hash);
    replay.append(leaf);
  }
  const digest = signDigest(
    signer,
    { treeSize: frontier.size, root: frontier.root(), time: TIME },
    replay.blocks(),
  );
  const receiptEvents = log.slice(4, 6).map((event) => ({
    ...event,
    proof: rangeRoots(inclusionRanges(BigInt(event.position), frontier.size), nodes).map(hexOf),
  }));
  const receipt: LedgerReceipt = {
    format: RECEIPT_FORMAT,
    version: 1,
    transactionId: uuid(101),
    events: receiptEvents,
    // A receipt's digest carries no block hashes: only the signed fields matter to it.
    digest: (({ blocks: _blocks, ...signed }) => signed)(digest),
    publicKey: signer.publicKey,
  };
  // The same receipt as a forger would make it: the same events and proofs, the digest signed by a key of
  // their own, which the receipt carries (it checks out against that key, and only against that key).
  const foreign = signerFromKey(privateKeyOf(FOREIGN_SEED));
  const foreignDigest = signDigest(foreign, { treeSize: frontier.size, root: frontier.root(), time: TIME });
  const foreignReceipt: LedgerReceipt = {
    ...receipt,
    digest: (({ blocks: _blocks, ...signed }) => signed)(foreignDigest),
    publicKey: foreign.publicKey,
  };
  // The key document after one rotation: the test key from TIME's day, the next key a day after TIME.
  const next = signerFromKey(privateKeyOf(NEXT_SEED));
  const rotated = keyDocument(next, [
    firstKeyEntry(signer, new Date('2026-11-01T00:00:00.000Z')),
    rotationEntry(signer, next, new Date(TIME.getTime() + 86_400_000)),
  ]);

  const { proof, proofV1 } = liabilityProofs(signer, { size: frontier.size, root: frontier.root() }, TIME);
  return { signer, rotated, digest, receipt, foreignReceipt, proof, proofV1 };
}

/** The test key, and the key document after one rotation. */
function keyVectors(publicKey: LedgerReceipt['publicKey'], rotated: unknown): VectorCase[] {
  return [
    {
      file: 'public-key.json',
      kind: 'public-key',
      valid: true,
      description: 'The test key',
      content: publicKey,
    },
    {
      file: 'key-document.json',
      kind: 'public-key',
      valid: true,
      description:
        'A key document (GET /api/ledger/public-key): the test key, then a rotation to a next key it signed',
      content: rotated,
    },
  ];
}

/** The digest, and each one-byte change its checks must catch. */
function digestVectors(digest: ReturnType<typeof signDigest>): VectorCase[] {
  const digestVariant = variantOf('digest', digest);
  return [
    {
      file: 'digest.json',
      kind: 'digest',
      valid: true,
      description: 'A digest of the 7-event log',
      content: digest,
    },
    digestVariant(
      'digest-root-changed.json',
      'digest signature',
      "One byte of the digest's root changed",
      (d) => {
        d.root = flipHex(d.root);
      },
    ),
    digestVariant(
      'digest-block-changed.json',
      'digest blocks',
      'One byte of a block hash changed (blocks are not signed, but must make the signed root)',
      (d) => {
        d.blocks!.hashes[3] = flipHex(d.blocks!.hashes[3]!);
      },
    ),
  ];
}

/** The receipt, each one-byte change its checks must catch, and the forger's copy. */
function receiptVectors(receipt: LedgerReceipt, foreignReceipt: LedgerReceipt): VectorCase[] {
  const receiptVariant = variantOf('receipt', receipt);
  return [
    {
      file: 'receipt.json',
      kind: 'receipt',
      valid: true,
      description: "A transfer's two events",
      content: receipt,
    },
    receiptVariant(
      'receipt-event-changed.json',
      'event content',
      "One byte of an event's data changed (3.25 to 3.26)",
      (r) => {
        (r.events[0]!.data as { amount: string }).amount = '3.26';
      },
    ),
    receiptVariant(
      'receipt-proof-changed.json',
      'inclusion',
      'One byte of an inclusion proof hash changed',
      (r) => {
        r.events[1]!.proof[0] = flipHex(r.events[1]!.proof[0]!);
      },
    ),
    receiptVariant(
      'receipt-position-changed.json',
      'inclusion',
      'An event presented at another position (4 to 3)',
      (r) => {
        r.events[0]!.position = '3';
      },
    ),
    receiptVariant(
      'receipt-signature-changed.json',
      'digest signature',
      "One byte of the digest's signature changed",
      (r) => {
        r.digest.signature = flipBase64(r.digest.signature);
      },
    ),
    {
      file: 'receipt-foreign-key.json',
      kind: 'receipt',
      valid: false,
      failedCheck: 'signer',
      description:
        'The digest signed with another key, which the receipt carries (valid against that key only)',
      content: foreignReceipt,
    },
    receiptVariant('receipt-event-repeated.json', 'events', 'The first event listed a second time', (r) => {
      r.events.push(structuredClone(r.events[0]!));
    }),
    receiptVariant(
      'receipt-transaction-changed.json',
      'transaction',
      "The receipt's transactionId changed (its events name another transaction)",
      (r) => {
        r.transactionId = uuid(102);
      },
    ),
  ];
}

/** The liability proofs (versions 2 and 1), and the changes their checks must catch. */
function liabilityVectors(
  proof: ReturnType<typeof liabilityProofs>['proof'],
  proofV1: ReturnType<typeof liabilityProofs>['proofV1'],
): VectorCase[] {
  const proofVariant = variantOf('liability-proof', proof);
  const proofV1Variant = variantOf('liability-proof', proofV1);
  return [
    {
      file: 'liability-proof.json',
      kind: 'liability-proof',
      valid: true,
      description: "A user's SAI balance, split over 4 leaves (version 2)",
      content: proof,
    },
    proofVariant(
      'liability-proof-balance-changed.json',
      'parts',
      'One byte of the balance changed (3.25 to 3.35): its parts no longer add up to it',
      (p) => {
        p.entries[0]!.balance = '3.35';
      },
    ),
    proofVariant(
      'liability-proof-part-changed.json',
      'root',
      "One byte of a part's amount changed (1.17 to 1.27) with the balance to match",
      (p) => {
        p.entries[0]!.parts[0]!.amount = '1.27';
        p.entries[0]!.balance = '3.35';
      },
    ),
    proofVariant(
      'liability-proof-path-changed.json',
      'root',
      "One byte of a path hash changed (a part's path)",
      (p) => {
        const path = p.entries[0]!.parts[2]!.path;
        path[0]!.hash = flipHex(path[0]!.hash);
      },
    ),
    proofVariant(
      'liability-proof-total-changed.json',
      'statement signature',
      "One byte of the statement's total changed",
      (p) => {
        const asset = p.statement.assets[0]!;
        asset.total = `${asset.total.slice(0, -1)}${asset.total.endsWith('0') ? '1' : '0'}`;
      },
    ),
    {
      file: 'liability-proof-v1.json',
      kind: 'liability-proof',
      valid: true,
      description:
        'A version 1 proof (the balance in one leaf), made before balances were split: still verified',
      content: proofV1,
    },
    proofV1Variant(
      'liability-proof-v1-balance-changed.json',
      'root',
      'One byte of the version 1 balance changed (3.25 to 3.35)',
      (p) => {
        p.entries[0]!.balance = '3.35';
      },
    ),
  ];
}

/** The text each vector file holds. */
export function vectorText(content: unknown): string {
  return `${JSON.stringify(content, null, 2)}\n`;
}

export const VECTORS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../docs/verifiable/vectors',
);

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  mkdirSync(VECTORS_DIR, { recursive: true });
  const cases = buildVectors();
  for (const vector of cases) writeFileSync(path.join(VECTORS_DIR, vector.file), vectorText(vector.content));
  writeFileSync(
    path.join(VECTORS_DIR, 'index.json'),
    vectorText(cases.map(({ content: _content, ...rest }) => rest)),
  );
  process.stdout.write(`${cases.length} vectors written to ${VECTORS_DIR}\n`);
}
