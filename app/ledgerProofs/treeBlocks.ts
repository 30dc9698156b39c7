import { aligned, eventLeaf, foldAligned, nodeId } from '../../domain/verifiable/merkle.ts';
import type { Pool, PoolClient } from '../../infra/postgres/pool.ts';
import { MAX_DIGEST_BLOCKS, type TreeBlocks } from './treeReplay.ts';

/**
 * A digest's block hashes (LedgerDigest.blocks) at a tree size, from the tree follower's stored tree
 * (`ledger_tree_nodes`: every complete node, docs/architecture/verifiable-ledger.md "The tree follower"):
 * the blocks are the nodes of the smallest level at which at most MAX_DIGEST_BLOCKS cover the size, and
 * the partial last block is the fold of the complete nodes below it. Two queries, at most 2048 + 11 rows.
 * Leaf hashes missing from the nodes table (a follower that keeps level 0 only as leaves) are computed
 * from `ledger_tree_leaves`. For DigestService's `blocks` option.
 */
export async function treeBlocks(db: Pool | PoolClient, size: bigint): Promise<TreeBlocks> {
  if (size <= 0n) throw new RangeError('an empty tree has no blocks');
  let level = 0;
  while ((size + (1n << BigInt(level)) - 1n) >> BigInt(level) > BigInt(MAX_DIGEST_BLOCKS)) level++;
  const blockSize = 1n << BigInt(level);
  const full = size / blockSize;
  const partial = aligned({ start: full * blockSize, size: size - full * blockSize });
  const wanted = [
    ...Array.from({ length: Number(full) }, (_, i) => ({ level, index: BigInt(i) })),
    ...partial,
  ];
  const { rows } = await db.query<{ level: number; idx: string; hash: Buffer }>(
    `SELECT level, idx::text, hash FROM ledger_tree_nodes
      WHERE (level = $1 AND idx < $2) OR (level, idx) IN (SELECT * FROM unnest($3::smallint[], $4::bigint[]))`,
    [level, full.toString(), partial.map((k) => k.level), partial.map((k) => k.index.toString())],
  );
  const nodes = new Map<string, Uint8Array>(
    rows.map((row) => [`${row.level}/${row.idx}`, new Uint8Array(row.hash)]),
  );
  const leaves = wanted.filter((key) => key.level === 0 && !nodes.has(nodeId(key)));
  if (leaves.length > 0) {
    const stored = await db.query<{ idx: string; event_hash: string }>(
      'SELECT idx::text, event_hash FROM ledger_tree_leaves WHERE idx = ANY($1::bigint[])',
      [leaves.map((key) => key.index.toString())],
    );
    for (const row of stored.rows) nodes.set(`0/${row.idx}`, eventLeaf(BigInt(row.idx), row.event_hash));
  }
  const hash = (key: { level: number; index: bigint }) => {
    const found = nodes.get(nodeId(key));
    if (!found) throw new Error(`the stored tree has no node ${nodeId(key)} below size ${size}`);
    return found;
  };
  const hashes = wanted.slice(0, Number(full)).map(hash);
  if (partial.length > 0) hashes.push(foldAligned(partial.map(hash)));
  return { blockSize, hashes };
}
