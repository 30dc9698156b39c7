import { eventLeaf } from '../../domain/verifiable/merkle.ts';
import type { EventStore, LogPosition } from '../../infra/eventStore/eventStore.ts';
import { rawStore } from '../../infra/eventStore/upcasting.ts';
import { TreeReplay } from './treeReplay.ts';

/**
 * The log's tree rebuilt from a replay of the log as stored (rawStore, in log order: public position =
 * index), with no help from any table the database holds: what `npm run ledger:digest` signs.
 */
export async function replayLogTree(
  store: EventStore,
  onProgress?: (events: bigint) => void,
): Promise<TreeReplay> {
  const tree = new TreeReplay();
  const log = rawStore(store);
  let after: LogPosition | null = null;
  for (;;) {
    const batch = await log.readAll({ after, limit: 2_000 });
    if (batch.length === 0) return tree;
    for (const event of batch) tree.append(eventLeaf(tree.size, event.metadata.hash));
    after = batch[batch.length - 1]!.position;
    onProgress?.(tree.size);
  }
}
