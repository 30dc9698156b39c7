import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, uintBytes, utf8 } from './bytes.ts';

/**
 * Proof of liabilities: per asset, a Merkle-sum tree over the liability accounts' balances (Maxwell's
 * summation tree with the fix of Hu, Zhang and Guo, ia.cr/2018/1139): a node's hash commits to both
 * children's sums and both children's hashes, so a path whose sums add up while leaving balances out does
 * not verify. Leaves are identified by SHA-256 over a random per-digest nonce (only the account's owner
 * receives it) and the account, sorted by that identifier (so a leaf's place says nothing about whose it
 * is), and padded with zero leaves to a power of two. docs/architecture/verifiable-ledger.md says what is
 * and is not hidden.
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
  account: string;
  balance: bigint;
  nonce: Uint8Array;
}

/** A built tree: its levels, leaves first (each level half the one before), and where each account sits. */
export interface SumTree {
  levels: SumNode[][];
  root: SumNode;
  positions: Map<string, number>;
}

/**
 * Builds one asset's tree. `padding` gives the identifiers of the zero leaves (random in production, fixed
 * in test vectors). Refuses a negative balance or a total beyond 128 bits.
 */
export function buildSumTree(
  leaves: readonly LiabilityLeafInput[],
  padding: (i: number) => Uint8Array,
): SumTree {
  const made = leaves.map((leaf) => {
    if (leaf.balance < 0n) throw new RangeError(`balance of ${leaf.account} is negative`);
    const id = liabilityId(leaf.nonce, leaf.account);
    return {
      account: leaf.account,
      id,
      node: { sum: leaf.balance, hash: liabilityLeafHash(leaf.balance, id) },
    };
  });
  made.sort((a, b) => compareBytes(a.id, b.id));
  let width = 1;
  while (width < Math.max(made.length, 2)) width *= 2;
  const level0: SumNode[] = made.map((m) => m.node);
  for (let i = made.length; i < width; i++) level0.push({ sum: 0n, hash: liabilityLeafHash(0n, padding(i)) });
  const levels: SumNode[][] = [level0];
  while (levels[levels.length - 1]!.length > 1) {
    const below = levels[levels.length - 1]!;
    const above: SumNode[] = [];
    for (let i = 0; i < below.length; i += 2) {
      const left = below[i]!;
      const right = below[i + 1]!;
      const sum = left.sum + right.sum;
      if (sum > MAX_SUM) throw new RangeError('liabilities overflow 128 bits');
      above.push({ sum, hash: liabilityNodeHash(left.sum, left.hash, right.sum, right.hash) });
    }
    levels.push(above);
  }
  return {
    levels,
    root: levels[levels.length - 1]![0]!,
    positions: new Map(made.map((m, i) => [m.account, i])),
  };
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
