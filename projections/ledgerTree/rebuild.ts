import type pg from 'pg';
import type { Logger } from 'pino';
import { equalBytes } from '../../domain/verifiable/bytes.ts';
import { comparePositions, type EventStore } from '../../infra/eventStore/eventStore.ts';
import { rawStore } from '../../infra/eventStore/upcasting.ts';
import { withTransaction } from '../../infra/postgres/pool.ts';
import { LedgerTreeFollower } from './follower.ts';
import { resetLedgerTree, rootAt, treeHead } from './ledgerTree.queries.ts';
import { initLedgerTreeSchema } from './schema.ts';
import { readTreeState } from './treeRows.ts';

export interface TreeRebuildReport {
  before: { size: bigint; root: Uint8Array };
  after: { size: bigint; root: Uint8Array };
  /** The rebuilt tree's root at the old size: equal to the old root unless the log or the old tree changed. */
  rootAtBefore: Uint8Array | null;
  sameRoots: boolean;
  mismatches: bigint;
  lastMismatch: string | null;
}

/**
 * npm run ledger:tree-rebuild: the tree's tables emptied and built again from the log, by the same
 * follower code (a rebuild is a projection like any other, and must give the same leaves and roots). The
 * reset moves the state row's size to 0 in the transaction that empties the tables, so a live follower's
 * next batch finds the size moved underneath, gives up the lead, and rebuilds from the start too: whichever
 * leads builds, and this waits until the tree covers the log as it stood after the reset. Then it checks the
 * rebuilt root at the old size against the old root. Continuous verification runs again over every event,
 * so the mismatches counted afterwards are those the log holds now. Proofs wait (or fail) meanwhile.
 */
export async function rebuildLedgerTree(options: {
  pool: pg.Pool;
  databaseUrl: string;
  store: EventStore;
  logger: Logger;
  batchSize?: number;
  onProgress?: (size: bigint) => void;
  /** Give up when the tree does not grow for this long (default 2 minutes). */
  stallMs?: number;
}): Promise<TreeRebuildReport> {
  const { pool } = options;
  await initLedgerTreeSchema(pool);
  const before = await treeHead(pool);
  await withTransaction(pool, resetLedgerTree);
  const head = await rawStore(options.store).headPosition();
  const follower = new LedgerTreeFollower({
    pool,
    databaseUrl: options.databaseUrl,
    store: options.store,
    logger: options.logger,
    batchSize: options.batchSize ?? 2_000,
    standbyPollMs: 200,
  });
  await follower.start();
  try {
    let last = -1n;
    let grewAt = Date.now();
    for (;;) {
      const state = await readTreeState(pool);
      if (comparePositions(state.position, head) >= 0) break;
      if (state.size !== last) {
        last = state.size;
        grewAt = Date.now();
        options.onProgress?.(state.size);
      } else if (Date.now() - grewAt > (options.stallMs ?? 120_000)) {
        throw new Error(`the ledger tree stopped growing at ${state.size} leaves`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await follower.stop();
  }
  const after = await treeHead(pool);
  const state = await readTreeState(pool);
  const rootAtBefore = before.size <= after.size ? await rootAt(pool, before.size) : null;
  return {
    before,
    after,
    rootAtBefore,
    sameRoots: rootAtBefore !== null && equalBytes(rootAtBefore, before.root),
    mismatches: state.mismatches,
    lastMismatch: state.lastMismatch,
  };
}
