import { sha256 } from '@noble/hashes/sha2.js';
import { bytesOfHex, concatBytes, equalBytes, uintBytes } from './bytes.ts';

/**
 * The log commitment: an append-only Merkle tree over every event in log order, exactly as Certificate
 * Transparency's log (RFC 9162, section 2.1): leaves hashed as SHA-256(0x00 || entry), inner nodes as
 * SHA-256(0x01 || left || right), and a tree of n leaves split at the largest power of two below n. Any
 * prefix of the log has a root; inclusion and consistency proofs take O(log n) hashes
 * (docs/architecture/verifiable-ledger.md).
 *
 * Building (the tree follower, proofs, the verifier's replay) hashes synchronously with @noble/hashes;
 * checking a proof (verifyInclusion, verifyConsistency) takes an async hasher, so the browser checks with
 * WebCrypto and the command line with the same code.
 */

export const HASH_BYTES = 32;

/** SHA-256 of the empty string: the root of the empty tree. */
export const EMPTY_ROOT: Uint8Array = sha256(new Uint8Array(0));

export function leafHash(entry: Uint8Array): Uint8Array {
  return sha256(concatBytes(new Uint8Array([0]), entry));
}

export function nodeHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  return sha256(concatBytes(new Uint8Array([1]), left, right));
}

/**
 * A log event's leaf entry: its public position (the 0-based index in log order, 8 bytes big-endian) then
 * its per-stream hash (32 bytes), which already covers the stream, revision, id, type, data and metadata as
 * stored (sealed personal fields as ciphertext). The position is in the leaf so that an event cannot be
 * presented at another position.
 */
export function eventEntry(index: bigint, eventHashHex: string): Uint8Array {
  const hash = bytesOfHex(eventHashHex);
  if (!hash || hash.length !== HASH_BYTES) throw new Error(`not a SHA-256 hex digest: ${eventHashHex}`);
  return concatBytes(uintBytes(index, 8), hash);
}

export function eventLeaf(index: bigint, eventHashHex: string): Uint8Array {
  return leafHash(eventEntry(index, eventHashHex));
}

/** A complete, aligned subtree: leaves [index * 2^level, (index + 1) * 2^level). Level 0 is a leaf. */
export interface NodeKey {
  level: number;
  index: bigint;
}

/** A range of leaves [start, start + size), size > 0. */
export interface LeafRange {
  start: bigint;
  size: bigint;
}

/** The largest power of two strictly below n (n >= 2). */
export function splitPoint(n: bigint): bigint {
  let k = 1n;
  while (k << 1n < n) k <<= 1n;
  return k;
}

/**
 * The complete aligned subtrees that make up a range produced by RFC 9162's recursion (its start is a
 * multiple of its largest power of two), biggest first: its size's binary decomposition.
 */
export function aligned(range: LeafRange): NodeKey[] {
  const keys: NodeKey[] = [];
  let start = range.start;
  for (let level = 63; level >= 0; level--) {
    const width = 1n << BigInt(level);
    if ((range.size & width) === 0n) continue;
    if (start % width !== 0n) throw new Error(`range ${range.start}+${range.size} is not aligned`);
    keys.push({ level, index: start >> BigInt(level) });
    start += width;
  }
  return keys;
}

/** MTH of a range from its aligned subtrees' hashes (biggest first): H(p1, H(p2, … pk)). */
export function foldAligned(hashes: readonly Uint8Array[]): Uint8Array {
  if (hashes.length === 0) return EMPTY_ROOT;
  let acc = hashes[hashes.length - 1]!;
  for (let i = hashes.length - 2; i >= 0; i--) acc = nodeHash(hashes[i]!, acc);
  return acc;
}

/** The ranges whose roots make the inclusion proof of leaf `index` in the tree of `size` (RFC order). */
export function inclusionRanges(index: bigint, size: bigint, start = 0n): LeafRange[] {
  if (index < 0n || index >= size) throw new RangeError(`leaf ${index} is not in a tree of ${size}`);
  if (size <= 1n) return [];
  const k = splitPoint(size);
  if (index < k) return [...inclusionRanges(index, k, start), { start: start + k, size: size - k }];
  return [...inclusionRanges(index - k, size - k, start + k), { start, size: k }];
}

/** The ranges whose roots make the consistency proof from the tree of `from` to the tree of `to`. */
export function consistencyRanges(from: bigint, to: bigint): LeafRange[] {
  if (from <= 0n || from > to) throw new RangeError(`no consistency proof from ${from} to ${to}`);
  if (from === to) return [];
  return subproof(from, to, 0n, true);
}

function subproof(m: bigint, n: bigint, start: bigint, complete: boolean): LeafRange[] {
  if (m === n) return complete ? [] : [{ start, size: m }];
  const k = splitPoint(n);
  if (m <= k) return [...subproof(m, k, start, complete), { start: start + k, size: n - k }];
  return [...subproof(m - k, n - k, start + k, false), { start, size: k }];
}

/** Every node a set of ranges needs, once each. */
export function nodesOf(ranges: readonly LeafRange[]): NodeKey[] {
  const seen = new Map<string, NodeKey>();
  for (const range of ranges) for (const key of aligned(range)) seen.set(`${key.level}/${key.index}`, key);
  return [...seen.values()];
}

export function nodeId(key: NodeKey): string {
  return `${key.level}/${key.index}`;
}

/** The roots of the ranges, given every node they need (keyed by nodeId). */
export function rangeRoots(
  ranges: readonly LeafRange[],
  nodes: ReadonlyMap<string, Uint8Array>,
): Uint8Array[] {
  return ranges.map((range) =>
    foldAligned(
      aligned(range).map((key) => {
        const hash = nodes.get(nodeId(key));
        if (!hash) throw new Error(`node ${nodeId(key)} is missing`);
        return hash;
      }),
    ),
  );
}

/** The root of a list of leaf hashes, computed directly from the RFC's definition (tests, small trees). */
export function naiveRoot(leaves: readonly Uint8Array[]): Uint8Array {
  if (leaves.length === 0) return EMPTY_ROOT;
  if (leaves.length === 1) return leaves[0]!;
  const k = Number(splitPoint(BigInt(leaves.length)));
  return nodeHash(naiveRoot(leaves.slice(0, k)), naiveRoot(leaves.slice(k)));
}

/**
 * The right edge of the tree: for each set bit of the size, the root of that complete subtree. Appending
 * a leaf costs O(1) amortised hashes and reports the complete nodes it finished (to store them); the root
 * of the current size is a fold of the frontier.
 */
export class MerkleFrontier {
  #size: bigint;
  readonly #levels: (Uint8Array | undefined)[];

  constructor(size = 0n, levels: readonly (Uint8Array | undefined)[] = []) {
    this.#size = size;
    this.#levels = [...levels];
    for (let level = 0; level < 64; level++) {
      const set = (size >> BigInt(level)) & 1n;
      if ((set === 1n) !== (this.#levels[level] !== undefined))
        throw new Error(`frontier of size ${size} has the wrong nodes at level ${level}`);
    }
  }

  /** The frontier of a tree of `size` from its complete subtrees' hashes (the keys `aligned` names). */
  static fromNodes(size: bigint, nodes: ReadonlyMap<string, Uint8Array>): MerkleFrontier {
    const levels: (Uint8Array | undefined)[] = [];
    for (const key of aligned({ start: 0n, size })) {
      const hash = nodes.get(nodeId(key));
      if (!hash) throw new Error(`node ${nodeId(key)} is missing`);
      levels[key.level] = hash;
    }
    return new MerkleFrontier(size, levels);
  }

  get size(): bigint {
    return this.#size;
  }

  /** Appends a leaf hash; returns the complete nodes it made, the leaf (level 0) first. */
  append(leaf: Uint8Array): { key: NodeKey; hash: Uint8Array }[] {
    const index = this.#size;
    const made = [{ key: { level: 0, index }, hash: leaf }];
    let carry = leaf;
    let level = 0;
    while (((index >> BigInt(level)) & 1n) === 1n) {
      carry = nodeHash(this.#levels[level]!, carry);
      this.#levels[level] = undefined;
      level++;
      made.push({ key: { level, index: index >> BigInt(level) }, hash: carry });
    }
    this.#levels[level] = carry;
    this.#size = index + 1n;
    return made;
  }

  root(): Uint8Array {
    let acc: Uint8Array | undefined;
    for (const hash of this.#levels) {
      if (hash === undefined) continue;
      acc = acc === undefined ? hash : nodeHash(hash, acc);
    }
    return acc ?? EMPTY_ROOT;
  }
}

/** SHA-256 as the checker computes it: WebCrypto in the browser and on the command line. */
export type AsyncSha256 = (data: Uint8Array) => Promise<Uint8Array>;

export const webCryptoSha256: AsyncSha256 = async (data) =>
  new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>));

async function node(hash: AsyncSha256, left: Uint8Array, right: Uint8Array): Promise<Uint8Array> {
  return await hash(concatBytes(new Uint8Array([1]), left, right));
}

/** RFC 9162 2.1.3.2: whether `leaf` at `index` is in the tree of `size` whose root is `root`. */
export async function verifyInclusion(
  hash: AsyncSha256,
  index: bigint,
  size: bigint,
  leaf: Uint8Array,
  proof: readonly Uint8Array[],
  root: Uint8Array,
): Promise<boolean> {
  if (index < 0n || index >= size) return false;
  let fn = index;
  let sn = size - 1n;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0n) return false;
    if ((fn & 1n) === 1n || fn === sn) {
      r = await node(hash, p, r);
      if ((fn & 1n) === 0n) {
        while ((fn & 1n) === 0n && fn !== 0n) {
          fn >>= 1n;
          sn >>= 1n;
        }
      }
    } else {
      r = await node(hash, r, p);
    }
    fn >>= 1n;
    sn >>= 1n;
  }
  return sn === 0n && equalBytes(r, root);
}

/** RFC 9162 2.1.4.2: whether the tree of `from` leaves (root `fromRoot`) is a prefix of the tree of `to`. */
export async function verifyConsistency(
  hash: AsyncSha256,
  from: bigint,
  to: bigint,
  fromRoot: Uint8Array,
  toRoot: Uint8Array,
  proof: readonly Uint8Array[],
): Promise<boolean> {
  if (from <= 0n || from > to) return false;
  if (from === to) return proof.length === 0 && equalBytes(fromRoot, toRoot);
  const path = (from & (from - 1n)) === 0n ? [fromRoot, ...proof] : [...proof];
  if (path.length === 0) return false;
  let fn = from - 1n;
  let sn = to - 1n;
  while ((fn & 1n) === 1n) {
    fn >>= 1n;
    sn >>= 1n;
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0n) return false;
    if ((fn & 1n) === 1n || fn === sn) {
      fr = await node(hash, c, fr);
      sr = await node(hash, c, sr);
      while ((fn & 1n) === 0n && fn !== 0n) {
        fn >>= 1n;
        sn >>= 1n;
      }
    } else {
      sr = await node(hash, sr, c);
    }
    fn >>= 1n;
    sn >>= 1n;
  }
  return equalBytes(fr, fromRoot) && equalBytes(sr, toRoot) && sn === 0n;
}
