import { aligned, foldAligned, MerkleFrontier, nodeHash } from '../../domain/verifiable/merkle.ts';

/**
 * A digest carries at most this many block hashes (LedgerDigest.blocks): enough for a verifier to say
 * within which 1/2048th of the log a tampered copy departs from the digest (a single event on logs of up
 * to 2048 events), about 140 KB of hex at most.
 */
export const MAX_DIGEST_BLOCKS = 2048;

/** The block roots of a tree: full aligned blocks of `blockSize` leaves, then the partial last one if any. */
export interface TreeBlocks {
  blockSize: bigint;
  hashes: Uint8Array[];
}

/**
 * The log's tree rebuilt in memory as a replay reads the log in order (ledger:digest, ledger:verify): the
 * RFC 9162 frontier for the root, and the roots of aligned blocks for a digest's `blocks`, their size
 * doubled whenever there would be more than twice MAX_DIGEST_BLOCKS of them, so memory stays flat however
 * long the log.
 */
export class TreeReplay {
  readonly #frontier = new MerkleFrontier();
  /** The latest complete node made at each level (the frontier's, for the levels set in the size). */
  readonly #latest: Uint8Array[] = [];
  #level = 0;
  #blocks: Uint8Array[] = [];
  readonly #onNode: ((level: number, index: bigint, hash: Uint8Array) => void) | undefined;

  /** `onNode` sees every complete node as it is made (ledger:verify compares a digest's blocks with them). */
  constructor(onNode?: (level: number, index: bigint, hash: Uint8Array) => void) {
    this.#onNode = onNode;
  }

  get size(): bigint {
    return this.#frontier.size;
  }

  append(leaf: Uint8Array): void {
    for (const { key, hash } of this.#frontier.append(leaf)) {
      this.#latest[key.level] = hash;
      this.#onNode?.(key.level, key.index, hash);
      if (key.level === this.#level) this.#blocks.push(hash);
    }
    if (this.#blocks.length > 2 * MAX_DIGEST_BLOCKS) {
      // Pairs of blocks make the next level's nodes; an odd last one is counted again when its parent
      // completes (the frontier reports it at the new level).
      const next: Uint8Array[] = [];
      for (let i = 0; i + 1 < this.#blocks.length; i += 2)
        next.push(nodeHash(this.#blocks[i]!, this.#blocks[i + 1]!));
      this.#blocks = next;
      this.#level++;
    }
  }

  root(): Uint8Array {
    return this.#frontier.root();
  }

  /** The current tree's blocks (at most 2 × MAX_DIGEST_BLOCKS + 1; signDigest coarsens them further). */
  blocks(): TreeBlocks {
    const blockSize = 1n << BigInt(this.#level);
    const rest = this.size % blockSize;
    const hashes = [...this.#blocks];
    if (rest !== 0n) {
      const start = this.size - rest;
      hashes.push(foldAligned(aligned({ start, size: rest }).map((key) => this.#latest[key.level]!)));
    }
    return { blockSize, hashes };
  }
}

/** Blocks of twice the size until there are at most `max` of them. */
export function coarsenBlocks(treeSize: bigint, blocks: TreeBlocks, max = MAX_DIGEST_BLOCKS): TreeBlocks {
  let { blockSize, hashes } = blocks;
  while (hashes.length > max) {
    const full = Number(treeSize / blockSize);
    const partial = treeSize % blockSize === 0n ? undefined : hashes[hashes.length - 1];
    const next: Uint8Array[] = [];
    for (let i = 0; i + 1 < full; i += 2) next.push(nodeHash(hashes[i]!, hashes[i + 1]!));
    if (full % 2 === 1) {
      // The odd last full block and the partial one after it make the new partial block: a range of
      // b + r leaves (r < b) splits at b (RFC 9162), so its root is H(last, partial).
      const last = hashes[full - 1]!;
      next.push(partial ? nodeHash(last, partial) : last);
    } else if (partial) next.push(partial);
    hashes = next;
    blockSize *= 2n;
  }
  return { blockSize, hashes };
}

/** The root the blocks make (as the checker's checkBlocks recombines them). */
export function rootOfBlocks(treeSize: bigint, blocks: TreeBlocks): Uint8Array {
  const full = treeSize / blocks.blockSize;
  const pieces: Uint8Array[] = [];
  for (const key of aligned({ start: 0n, size: full })) {
    let level = blocks.hashes.slice(
      Number(key.index << BigInt(key.level)),
      Number((key.index + 1n) << BigInt(key.level)),
    );
    while (level.length > 1) {
      const next: Uint8Array[] = [];
      for (let i = 0; i < level.length; i += 2) next.push(nodeHash(level[i]!, level[i + 1]!));
      level = next;
    }
    pieces.push(level[0]!);
  }
  if (treeSize % blocks.blockSize !== 0n) pieces.push(blocks.hashes[blocks.hashes.length - 1]!);
  return foldAligned(pieces);
}
