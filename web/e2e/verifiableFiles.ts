/**
 * Verifiable files for the browser tests, made here with a test Ed25519 key exactly as the service makes
 * them (docs/architecture/verifiable-formats.md): a receipt whose events are hashed as the store hashes
 * them and proven against a signed digest of a small log, and a liability proof whose balance is a leaf of
 * a signed Merkle-sum tree. Also the one-byte changes each file must fail on.
 */
import { createHash, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { signerFromKey } from '../../app/ledgerProofs/signer.ts';
import { hexOf } from '../../domain/verifiable/bytes.ts';
import { eventHashContent } from '../../domain/verifiable/eventContent.ts';
import {
  DIGEST_FORMAT,
  digestMessage,
  type LedgerDigest,
  type LedgerReceipt,
  LIABILITIES_FORMAT,
  LIABILITY_PROOF_FORMAT,
  type LiabilitiesStatement,
  type LiabilityProof,
  liabilitiesMessage,
  RECEIPT_FORMAT,
  type ReceiptEvent,
} from '../../domain/verifiable/formats.ts';
import { buildSumTree, decimalOfUnits, sumPath } from '../../domain/verifiable/liabilities.ts';
import {
  eventLeaf,
  inclusionRanges,
  MerkleFrontier,
  nodeId,
  rangeRoots,
} from '../../domain/verifiable/merkle.ts';

export function testSigner() {
  return signerFromKey(generateKeyPairSync('ed25519').privateKey);
}

export type TestSigner = ReturnType<typeof testSigner>;

type StoredEvent = Omit<ReceiptEvent, 'position' | 'proof'>;

/** A stream's next event as the store writes it: its hash over the canonical content, chained. */
function storedEvent(
  streamName: string,
  revision: number,
  prevHash: string | null,
  type: string,
  data: unknown,
): StoredEvent {
  const metadata = {
    actorId: null,
    correlationId: randomUUID(),
    causationId: null,
    idempotencyKey: null,
  };
  const id = randomUUID();
  const hash = createHash('sha256')
    .update(eventHashContent({ streamName, revision: BigInt(revision), id, type, data, metadata, prevHash }))
    .digest('hex');
  return { streamName, revision: String(revision), id, type, data, metadata, prevHash, hash };
}

function signedDigest(signer: TestSigner, treeSize: bigint, root: Uint8Array, time: Date): LedgerDigest {
  const timeMs = BigInt(time.getTime());
  return {
    format: DIGEST_FORMAT,
    version: 1,
    treeSize: String(treeSize),
    root: hexOf(root),
    time: time.toISOString(),
    keyId: signer.keyId,
    signature: signer.sign(digestMessage({ treeSize, root, timeMs, keyId: signer.keyId })),
  };
}

/**
 * A log of seven events (not a power of two, so the proofs take the RFC's uneven paths) in which the
 * transaction's two legs sit at positions 3 and 4, and the receipt of that transaction against a digest
 * of the whole log.
 */
export function buildReceipt(signer: TestSigner, transactionId: string) {
  const alice = `account-${randomBytes(6).toString('hex')}`;
  const bob = `account-${randomBytes(6).toString('hex')}`;
  const log: StoredEvent[] = [];
  const heads = new Map<string, { revision: number; hash: string }>();
  const append = (stream: string, type: string, data: unknown) => {
    const head = heads.get(stream);
    const event = storedEvent(stream, head ? head.revision + 1 : 0, head?.hash ?? null, type, data);
    heads.set(stream, { revision: Number(event.revision), hash: event.hash });
    log.push(event);
    return event;
  };
  append(alice, 'AccountOpened', { asset: 'SAI' });
  append(bob, 'AccountOpened', { asset: 'SAI' });
  append(alice, 'TokensMinted', { amount: '50.00', asset: 'SAI' });
  const legs = [
    append(alice, 'TokensTransferred', { transactionId, amount: '25.00', asset: 'SAI', direction: 'out' }),
    append(bob, 'TokensTransferred', { transactionId, amount: '25.00', asset: 'SAI', direction: 'in' }),
  ];
  append(bob, 'TokensMinted', { amount: '10.00', asset: 'SAI' });
  append(alice, 'TokensMinted', { amount: '1.00', asset: 'SAI' });

  const frontier = new MerkleFrontier();
  const nodes = new Map<string, Uint8Array>();
  log.forEach((event, index) => {
    for (const made of frontier.append(eventLeaf(BigInt(index), event.hash)))
      nodes.set(nodeId(made.key), made.hash);
  });
  const size = frontier.size;
  const root = frontier.root();
  const events: ReceiptEvent[] = legs.map((event) => {
    const index = BigInt(log.indexOf(event));
    const proof = rangeRoots(inclusionRanges(index, size), nodes).map(hexOf);
    return { ...event, position: String(index), proof };
  });
  const receipt: LedgerReceipt = {
    format: RECEIPT_FORMAT,
    version: 1,
    transactionId,
    events,
    digest: signedDigest(signer, size, root, new Date()),
    publicKey: signer.publicKey,
  };
  return { receipt, size, root };
}

/**
 * A liabilities statement over five accounts' SAI balances (padded to eight leaves) at the log of the
 * receipt above, and the proof of `account`'s balance in it.
 */
export function buildLiabilityProof(
  signer: TestSigner,
  log: { size: bigint; root: Uint8Array },
  account: string,
  balanceUnits: bigint,
) {
  const others = [5_000n, 0n, 123_456n, 1n].map((balance) => ({
    account: `user:${randomUUID()}`,
    balance,
    nonce: randomBytes(32),
  }));
  const mine = { account, balance: balanceUnits, nonce: randomBytes(32) };
  const leaves = [...others, mine];
  const tree = buildSumTree(leaves, () => randomBytes(32));
  const index = tree.positions.get(account)!;
  const time = new Date();
  const totalUnits = tree.root.sum;
  const leafCount = BigInt(tree.levels[0]!.length);
  const statement: LiabilitiesStatement = {
    format: LIABILITIES_FORMAT,
    version: 1,
    treeSize: String(log.size),
    logRoot: hexOf(log.root),
    time: time.toISOString(),
    keyId: signer.keyId,
    assets: [
      {
        asset: 'SAI',
        decimals: 2,
        total: decimalOfUnits(totalUnits, 2),
        root: hexOf(tree.root.hash),
        leaves: String(leafCount),
      },
    ],
    signature: signer.sign(
      liabilitiesMessage({
        treeSize: log.size,
        logRoot: log.root,
        timeMs: BigInt(time.getTime()),
        keyId: signer.keyId,
        assets: [{ asset: 'SAI', decimals: 2, totalUnits, root: tree.root.hash, leaves: leafCount }],
      }),
    ),
  };
  const proof: LiabilityProof = {
    format: LIABILITY_PROOF_FORMAT,
    version: 1,
    statement,
    entries: [
      {
        asset: 'SAI',
        account,
        balance: decimalOfUnits(balanceUnits, 2),
        nonce: hexOf(mine.nonce),
        index: String(index),
        path: sumPath(tree, index).map((step) => ({
          sum: decimalOfUnits(step.sum, 2),
          hash: hexOf(step.hash),
        })),
      },
    ],
    publicKey: signer.publicKey,
  };
  return proof;
}

// ---------------------------------------------------------------------------------------------------
// One-byte changes

/** The hex text with its first digit changed to another: one byte of the file. */
export function changeHexDigit(hex: string): string {
  return `${hex[0] === 'a' ? 'b' : 'a'}${hex.slice(1)}`;
}

/** The base64 signature with one of its 64 bytes changed. */
export function changeSignatureByte(signature: string): string {
  const bytes = Buffer.from(signature, 'base64');
  bytes[10] = bytes[10]! ^ 0x01;
  return bytes.toString('base64');
}

/** A deep copy to change. */
export function copyOf<T>(value: T): T {
  return structuredClone(value);
}
