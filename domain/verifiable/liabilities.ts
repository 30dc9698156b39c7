import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, uintBytes, utf8 } from './bytes.ts';

/**
 * Proof of liabilities: per asset, a Merkle-sum tree over the liability accounts' balances (Maxwell's
 * summation tree with the fix of Hu, Zhang and Guo, ia.cr/2018/1139): a node's hash commits to both
 * children's sums and both children's hashes, so a path whose sums add up while leaving balances out does
 * not verify. Leaves are identified by SHA-256 over a random per-statement nonce (only the account's owner
 * receives it) and the account; zero leaves pad the tree to a power of two (at least `minWidth`), each
 * identified by a random id of its own; and every leaf, padding included, is placed by its identifier (a
 * shuffle keyed by the nonces, new in each statement), so a leaf's place says nothing about whose it is or
 * whether it pads. The leaves of one account are not distinguished here: the caller splits a balance into
 * several leaves (app/ledgerProofs/liabilities.ts) and names each by its `key`.
 * docs/architecture/verifiable-ledger.md says what is and is not hidden.
 */

/** Sums are 128-bit unsigned: no sum of non-negative balances that fits the ledger can overflow it. */
export const MAX_SUM = (1n << 128n) - 1n;

export function liabilityId(nonce: Uint8Array, account: string): Uint8Array {
  return sha256(concatBytes(utf8('sai-liability-id'), new Uint8Array([0]), nonce, utf8(account)));
}

export function liabilityLeafHash(balance: bigint, id: Uint8Array): Uint8Array {
  if (balance < 0n) throw new RangeError('a liability leaf cannot be negative');
  return sha256(concatBytes(new Uint8Array([0]), uintBytes(balance, 16), id));
}

export function liabilityNodeHash(
  leftSum: bigint,
  leftHash: Uint8Array,
  rightSum: bigint,
  rightHash: Uint8Array,
): Uint8Array {
  return sha256(
    concatBytes(new Uint8Array([1]), uintBytes(leftSum, 16), leftHash, uintBytes(rightSum, 16), rightHash),
  );
}

export interface SumNode {
  sum: bigint;
  hash: Uint8Array;
}

export interface LiabilityLeafInput {
  /** The account the leaf's identifier is made from (the verifier hashes it with the nonce). */
  account: string;
  balance: bigint;
  nonce: Uint8Array;
  /** What `positions` names the leaf by; the account when absent (one leaf per account). */
  key?: string;
}

/** A built tree: its levels, leaves first (each level half the one before), and where each leaf sits. */
export interface SumTree {
  levels: SumNode[][];
  root: SumNode;
  /** Each leaf's index by its key (the account, or the caller's key of one part of a balance). */
  positions: Map<string, number>;
}

/** The width of a tree of `count` leaves: the next power of two, at least `minWidth` (and 2). */
export function sumTreeWidth(count: number, minWidth = 2): number {
  let width = 1;
  while (width < Math.max(count, minWidth, 2)) width *= 2;
  return width;
}

/** A leaf before it is placed: its key (null for padding), identifier and node. */
export interface PlacedLeaf {
  key: string | null;
  id: Uint8Array;
  node: SumNode;
}

/** Orders leaves by identifier, padding included: the shuffle (the identifiers are keyed hashes). */
export function compareLeaves(a: PlacedLeaf, b: PlacedLeaf): number {
  return compareBytes(a.id, b.id);
}

/**
 * Builds one asset's tree. `padding` gives the identifiers of the zero leaves (derived from a secret in
 * production, fixed in test vectors); the tree is at least `minWidth` leaves wide. Refuses a negative
 * balance or a total beyond 128 bits.
 */
export function buildSumTree(
  leaves: readonly LiabilityLeafInput[],
  padding: (i: number) => Uint8Array,
  minWidth = 2,
): SumTree {
  const steps = sumTreeSteps(leaves, padding, minWidth);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Hashes between two steps of sumTreeSteps: about a millisecond of work. */
const SLICE = 200;

/**
 * buildSumTree's computation a slice at a time: it yields after every SLICE hashes and returns the tree.
 * The yields are only pauses (nothing goes in or out), so a process that also serves requests can let
 * them through in between (app/ledgerProofs/sumTreeBuilder.ts): a statement sums every account, some 3
 * hashes per leaf.
 */
export function* sumTreeSteps(
  leaves: readonly LiabilityLeafInput[],
  padding: (i: number) => Uint8Array,
  minWidth = 2,
): Generator<void, SumTree, void> {
  let hashes = 0;
  const made: PlacedLeaf[] = [];
  for (const leaf of leaves) {
    if (leaf.balance < 0n) throw new RangeError(`balance of ${leaf.account} is negative`);
    const id = liabilityId(leaf.nonce, leaf.account);
    made.push({
      key: leaf.key ?? leaf.account,
      id,
      node: { sum: leaf.balance, hash: liabilityLeafHash(leaf.balance, id) },
    });
    if (++hashes % SLICE === 0) yield;
  }
  const width = sumTreeWidth(made.length, minWidth);
  for (let i = leaves.length; i < width; i++) {
    const id = padding(i);
    made.push({ key: null, id, node: { sum: 0n, hash: liabilityLeafHash(0n, id) } });
    if (++hashes % SLICE === 0) yield;
  }
  made.sort(compareLeaves);
  const levels: SumNode[][] = [made.map((m) => m.node)];
  while (levels[levels.length - 1]!.length > 1) {
    const below = levels[levels.length - 1]!;
    const above: SumNode[] = [];
    for (let i = 0; i < below.length; i += 2) {
      const left = below[i]!;
      const right = below[i + 1]!;
      const sum = left.sum + right.sum;
      if (sum > MAX_SUM) throw new RangeError('liabilities overflow 128 bits');
      above.push({ sum, hash: liabilityNodeHash(left.sum, left.hash, right.sum, right.hash) });
      if (++hashes % SLICE === 0) yield;
    }
    levels.push(above);
  }
  return { levels, root: levels[levels.length - 1]![0]!, positions: positionsOf(made) };
}

/** Where each keyed leaf sits once placed (padding has no key). */
export function positionsOf(placed: readonly PlacedLeaf[]): Map<string, number> {
  const positions = new Map<string, number>();
  placed.forEach((leaf, i) => {
    if (leaf.key !== null) positions.set(leaf.key, i);
  });
  return positions;
}

/** The siblings of leaf `index`, bottom up. */
export function sumPath(tree: SumTree, index: number): SumNode[] {
  const path: SumNode[] = [];
  let i = index;
  for (let level = 0; level < tree.levels.length - 1; level++) {
    path.push(tree.levels[level]![i ^ 1]!);
    i >>= 1;
  }
  return path;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** An exact decimal string with at most `decimals` places as minor units; null for anything else. */
export function unitsOfDecimal(text: unknown, decimals: number): bigint | null {
  if (typeof text !== 'string') return null;
  const match = /^(0|[1-9]\d{0,38})(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return null;
  return BigInt(match[1]! + fraction.padEnd(decimals, '0'));
}

export function decimalOfUnits(units: bigint, decimals: number): string {
  if (decimals === 0) return units.toString();
  const text = units.toString().padStart(decimals + 1, '0');
  return `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}
