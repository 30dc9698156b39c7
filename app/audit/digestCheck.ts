import { bytesOfHex, equalBytes, hexOf, parseCount } from '../../domain/verifiable/bytes.ts';
import type { LedgerDigest } from '../../domain/verifiable/formats.ts';
import { aligned, EMPTY_ROOT, foldAligned } from '../../domain/verifiable/merkle.ts';
import { verifyDigest } from '../../domain/verifiable/verify.ts';
import type { RecordedEvent } from '../../infra/eventStore/eventStore.ts';

/**
 * ledger:verify --digest (docs/architecture/verifiable-ledger.md): proves that the log being replayed
 * extends a signed digest taken earlier. The digest's signature is checked against the public key first
 * (WebCrypto, domain/verifiable/verify.ts); then, as the replay rebuilds the log's tree in memory, the
 * tree of the log's first `treeSize` events must have the digest's root. Where it does not, the digest's
 * block hashes (unsigned, used only once they recombine into the signed root) say in which block of
 * positions the log first departs from it, and which event the log holds there now.
 */
export interface DigestOutcome {
  treeSize: string;
  root: string;
  keyId: string;
  time: string;
  /** The log extends the digest: its first treeSize events have the signed root. */
  extends: boolean;
  /** What differs, first; null when it extends. */
  difference: string | null;
}

interface Block {
  index: bigint;
  /** The first events of the block as the log holds them now (a few, for the message). */
  events: string[];
}

function describeEvent(position: bigint, event: RecordedEvent): string {
  return `position ${position}: event ${event.id} (${event.type}) in stream ${event.streamName} at revision ${event.revision}`;
}

export class DigestCheck {
  readonly #digest: LedgerDigest;
  readonly #treeSize: bigint;
  readonly #root: Uint8Array;
  /** The digest's block size and hashes, when they recombine into its signed root. */
  readonly #blocks: { level: number; size: bigint; hashes: Uint8Array[]; full: bigint } | null;
  readonly #latest: Uint8Array[] = [];
  #rootAtSize: Uint8Array | null = null;
  #current: Block = { index: 0n, events: [] };
  #firstBadBlock: Block | null = null;

  private constructor(digest: LedgerDigest, blocksUsable: boolean) {
    this.#digest = digest;
    this.#treeSize = BigInt(digest.treeSize);
    this.#root = bytesOfHex(digest.root)!;
    const blockSize = blocksUsable ? parseCount(digest.blocks?.blockSize) : null;
    this.#blocks =
      blockSize === null
        ? null
        : {
            level: blockSize.toString(2).length - 1,
            size: blockSize,
            hashes: digest.blocks!.hashes.map((h) => bytesOfHex(h)!),
            full: this.#treeSize / blockSize,
          };
    if (this.#treeSize === 0n) this.#rootAtSize = EMPTY_ROOT;
  }

  /**
   * Checks the digest's signature with the public key (a LedgerPublicKey document). A digest that fails
   * is refused with the failed check's sentence: nothing in it can be trusted.
   */
  static async open(digest: unknown, publicKey: unknown): Promise<DigestCheck | { refused: string }> {
    const verdict = await verifyDigest(digest, publicKey);
    const failed = verdict.checks.find((check) => !check.ok);
    if (failed && failed.name !== 'digest blocks') return { refused: `${failed.name}: ${failed.detail}` };
    return new DigestCheck(digest as LedgerDigest, !failed && (digest as LedgerDigest).blocks !== undefined);
  }

  get digest(): LedgerDigest {
    return this.#digest;
  }

  /** Whether the block hashes were unusable (malformed, or not making the signed root): ignored then. */
  get blocksIgnored(): boolean {
    return this.#digest.blocks !== undefined && this.#blocks === null;
  }

  /** Each complete node the replay's tree makes (TreeReplay's listener). */
  onNode = (level: number, index: bigint, hash: Uint8Array): void => {
    this.#latest[level] = hash;
    const blocks = this.#blocks;
    if (!blocks || level !== blocks.level || index >= blocks.full || this.#firstBadBlock) return;
    if (!equalBytes(hash, blocks.hashes[Number(index)]!)) this.#firstBadBlock = this.#current;
  };

  /** Each event, before its leaf is appended at `position`. */
  onEvent(position: bigint, event: RecordedEvent): void {
    if (position >= this.#treeSize || this.#firstBadBlock) return;
    const index = this.#blocks ? position / this.#blocks.size : 0n;
    if (index !== this.#current.index) this.#current = { index, events: [] };
    if (this.#current.events.length < 3) this.#current.events.push(describeEvent(position, event));
  }

  /** After each leaf is appended: the root of the digest's size, taken when the tree reaches it. */
  afterAppend(size: bigint, root: () => Uint8Array): void {
    if (size !== this.#treeSize) return;
    this.#rootAtSize = root();
    const blocks = this.#blocks;
    if (blocks && !this.#firstBadBlock && this.#treeSize % blocks.size !== 0n) {
      // The partial last block: the root of its range, from the latest complete nodes below its level.
      const start = blocks.full * blocks.size;
      const partial = foldAligned(
        aligned({ start, size: this.#treeSize - start }).map((key) => this.#latest[key.level]!),
      );
      if (!equalBytes(partial, blocks.hashes[blocks.hashes.length - 1]!)) this.#firstBadBlock = this.#current;
    }
  }

  finish(events: bigint): DigestOutcome {
    const digest = this.#digest;
    const outcome = {
      treeSize: digest.treeSize,
      root: digest.root,
      keyId: digest.keyId,
      time: digest.time,
    };
    if (this.#rootAtSize && equalBytes(this.#rootAtSize, this.#root))
      return { ...outcome, extends: true, difference: null };
    const parts: string[] = [];
    if (events < this.#treeSize)
      parts.push(
        `the log holds ${events} events, fewer than the ${digest.treeSize} the digest signed at ${digest.time}: events were removed`,
      );
    else
      parts.push(
        `the log's first ${digest.treeSize} events have root ${hexOf(this.#rootAtSize!)}, not the root ${digest.root} the digest signed at ${digest.time}: an event before position ${digest.treeSize} was changed, removed, inserted or moved`,
      );
    const bad = this.#firstBadBlock;
    const blocks = this.#blocks;
    if (bad && blocks) {
      const start = bad.index * blocks.size;
      const end = start + blocks.size < this.#treeSize ? start + blocks.size : this.#treeSize;
      parts.push(
        blocks.size === 1n
          ? `first differing public position: ${start}; the log holds there now ${bad.events[0]?.replace(/^position \d+: /, '') ?? 'nothing'}`
          : `first differing block: public positions ${start} to ${end - 1n}; the log holds there now ${bad.events.join('; ') || 'nothing'}`,
      );
    } else if (!bad && blocks && events < this.#treeSize) {
      parts.push(`every block up to position ${events} matches: the events after it are missing`);
    } else if (!blocks) {
      parts.push(
        this.blocksIgnored
          ? "the digest's block hashes do not make its root, so where the log departs cannot be narrowed"
          : 'the digest has no block hashes, so where the log departs cannot be narrowed',
      );
    }
    return { ...outcome, extends: false, difference: parts.join('; ') };
  }
}
