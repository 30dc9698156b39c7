import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import {
  compareLeaves,
  type LiabilityLeafInput,
  liabilityId,
  liabilityLeafHash,
  liabilityNodeHash,
  MAX_SUM,
  type PlacedLeaf,
  positionsOf,
  type SumNode,
  type SumTree,
  sumTreeWidth,
} from '../../domain/verifiable/liabilities.ts';

/** Hashes between two yields: about a millisecond of work. */
const SLICE = 200;

/**
 * The same tree as buildSumTree (domain/verifiable/liabilities.ts), built a slice at a time with the event
 * loop let through in between: a statement or a proof's rebuild sums every account (some 3 hashes per
 * leaf, about 0.3 s for 20,000 leaves, i.e. 5,000 accounts at 4 parts each, on the test machine), and
 * the process that makes it also serves transfers. Refuses what buildSumTree refuses (a negative balance, a sum beyond 128 bits).
 * sumTreeBuilder.unit.test.ts holds the two to the same levels and positions.
 */
export async function buildSumTreeInSlices(
  leaves: readonly LiabilityLeafInput[],
  padding: (i: number) => Uint8Array,
  minWidth = 2,
): Promise<SumTree> {
  const made: PlacedLeaf[] = [];
  for (let i = 0; i < leaves.length; i++) {
    const leaf = leaves[i]!;
    if (leaf.balance < 0n) throw new RangeError(`balance of ${leaf.account} is negative`);
    const id = liabilityId(leaf.nonce, leaf.account);
    made.push({
      key: leaf.key ?? leaf.account,
      id,
      node: { sum: leaf.balance, hash: liabilityLeafHash(leaf.balance, id) },
    });
    if (i % SLICE === SLICE - 1) await yieldToEventLoop();
  }
  const width = sumTreeWidth(made.length, minWidth);
  for (let i = leaves.length; i < width; i++) {
    const id = padding(i);
    made.push({ key: null, id, node: { sum: 0n, hash: liabilityLeafHash(0n, id) } });
    if (i % SLICE === SLICE - 1) await yieldToEventLoop();
  }
  made.sort(compareLeaves);
  const level0: SumNode[] = made.map((m) => m.node);
  const levels: SumNode[][] = [level0];
  let done = 0;
  while (levels[levels.length - 1]!.length > 1) {
    const below = levels[levels.length - 1]!;
    const above: SumNode[] = [];
    for (let i = 0; i < below.length; i += 2) {
      const left = below[i]!;
      const right = below[i + 1]!;
      const sum = left.sum + right.sum;
      if (sum > MAX_SUM) throw new RangeError('liabilities overflow 128 bits');
      above.push({ sum, hash: liabilityNodeHash(left.sum, left.hash, right.sum, right.hash) });
      if (++done % SLICE === 0) await yieldToEventLoop();
    }
    levels.push(above);
  }
  return { levels, root: levels[levels.length - 1]![0]!, positions: positionsOf(made) };
}
