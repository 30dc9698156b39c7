import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hexOf } from '../../domain/verifiable/bytes.ts';
import { eventLeaf, MerkleFrontier } from '../../domain/verifiable/merkle.ts';
import { setUpTestDatabase } from '../../testing/testDb.ts';
import { treeBlocks } from './treeBlocks.ts';
import { coarsenBlocks, MAX_DIGEST_BLOCKS, rootOfBlocks, TreeReplay } from './treeReplay.ts';

/**
 * The digest's blocks from a stored tree: the tables as the tree follower keeps them (their DDL as the
 * issue's contract fixes it), filled here from a replay, against the blocks of the same tree computed in
 * memory.
 */
describe('block hashes from the stored tree', () => {
  const db = setUpTestDatabase('blocks');

  const store = async (size: number, withLeafNodes: boolean) => {
    await db.pool.query(`
      DROP TABLE IF EXISTS ledger_tree_nodes, ledger_tree_leaves;
      CREATE TABLE ledger_tree_nodes (level smallint, idx bigint, hash bytea NOT NULL, PRIMARY KEY (level, idx));
      CREATE TABLE ledger_tree_leaves (idx bigint PRIMARY KEY, event_id uuid, stream_name text, revision bigint,
        event_hash text NOT NULL, position_commit numeric(30,0), position_prepare numeric(30,0));`);
    const frontier = new MerkleFrontier();
    const replay = new TreeReplay();
    const levels: number[] = [];
    const indexes: string[] = [];
    const hashes: Buffer[] = [];
    const leafHashes: string[] = [];
    for (let i = 0; i < size; i++) {
      const eventHash = createHash('sha256').update(`event ${i}`).digest('hex');
      leafHashes.push(eventHash);
      const leaf = eventLeaf(BigInt(i), eventHash);
      replay.append(leaf);
      for (const made of frontier.append(leaf)) {
        if (made.key.level === 0 && !withLeafNodes) continue;
        levels.push(made.key.level);
        indexes.push(made.key.index.toString());
        hashes.push(Buffer.from(made.hash));
      }
    }
    await db.pool.query(
      'INSERT INTO ledger_tree_nodes SELECT * FROM unnest($1::smallint[], $2::bigint[], $3::bytea[])',
      [levels, indexes, hashes],
    );
    await db.pool.query(
      'INSERT INTO ledger_tree_leaves (idx, event_hash) SELECT * FROM unnest($1::bigint[], $2::text[])',
      [leafHashes.map((_, i) => String(i)), leafHashes],
    );
    return { frontier, replay };
  };

  for (const [size, withLeafNodes] of [
    [1, true],
    [7, false],
    [2048, true],
    [2049, true],
    [5003, false],
  ] as const)
    it(`at size ${size}${withLeafNodes ? '' : ' (leaves kept only as leaves)'}: the in-memory tree's blocks, at most ${MAX_DIGEST_BLOCKS}`, async () => {
      const { frontier, replay } = await store(size, withLeafNodes);
      const blocks = await treeBlocks(db.pool, BigInt(size));
      const expected = coarsenBlocks(BigInt(size), replay.blocks());
      expect(blocks.blockSize).toBe(expected.blockSize);
      expect(blocks.hashes.map(hexOf)).toEqual(expected.hashes.map(hexOf));
      expect(blocks.hashes.length).toBeLessThanOrEqual(MAX_DIGEST_BLOCKS);
      expect(hexOf(rootOfBlocks(BigInt(size), blocks))).toBe(hexOf(frontier.root()));
    });

  it('says which node is missing rather than sign blocks it cannot make', async () => {
    await store(10, true);
    await db.pool.query('DELETE FROM ledger_tree_nodes WHERE level = 0 AND idx = 3');
    await db.pool.query('DELETE FROM ledger_tree_leaves WHERE idx = 3');
    await expect(treeBlocks(db.pool, 10n)).rejects.toThrow(/no node 0\/3/);
  });
});
