import { expect, it } from 'vitest';
import { rootOfBlocks } from '../../app/ledgerProofs/treeReplay.ts';
import { equalBytes } from '../../domain/verifiable/bytes.ts';
import { setUpTestApp, signedInAdmin, signedUpClient } from '../../testing/testApp.ts';
import { rootAt, treeBlocks, treeHead, waitForTreeSize } from './ledgerTree.queries.ts';

const t = setUpTestApp();

it("gives block roots that make the tree's root at every size, past ten blocks (ordered by number)", async () => {
  await signedInAdmin(t);
  for (let i = 0; i < 3; i++) await signedUpClient(t);
  await t.settle();
  const { rows } = await t.deps.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM es_events');
  expect(await waitForTreeSize(t.deps.pool, BigInt(rows[0]!.n), 10_000)).toBe(true);
  const head = await treeHead(t.deps.pool);
  expect(head.size).toBeGreaterThan(10n);
  for (let size = 1n; size <= head.size; size++) {
    const blocks = await treeBlocks(t.deps.pool, size);
    expect(equalBytes(rootOfBlocks(size, blocks), await rootAt(t.deps.pool, size)), `size ${size}`).toBe(
      true,
    );
  }
});
