import { type TreeBlocks, TreeReplay } from '../app/ledgerProofs/treeReplay.ts';
import {
  consistencyRanges,
  eventLeaf,
  MerkleFrontier,
  nodeId,
  rangeRoots,
} from '../domain/verifiable/merkle.ts';
import type { EventStore, LogPosition, RecordedEvent } from '../infra/eventStore/eventStore.ts';
import { rawStore } from '../infra/eventStore/upcasting.ts';

/** Every event of the log as stored, in log order (rawStore: what the per-stream hashes cover). */
export async function readRawLog(store: EventStore): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  let after: LogPosition | null = null;
  for (;;) {
    const batch = await rawStore(store).readAll({ after, limit: 1_000 });
    if (batch.length === 0) return events;
    events.push(...batch);
    after = batch[batch.length - 1]!.position;
  }
}

/**
 * The log's tree computed in the test from a replay of the raw log (MerkleFrontier and its complete nodes,
 * domain/verifiable/merkle.ts), standing in for the tree follower's stored tree: the head, consistency
 * proofs and block roots DigestService asks for, each from a fresh replay of the log as it is then.
 */
export function replayedTree(store: EventStore) {
  const build = async () => {
    const frontier = new MerkleFrontier();
    const replay = new TreeReplay();
    const nodes = new Map<string, Uint8Array>();
    for (const [i, event] of (await readRawLog(store)).entries()) {
      const leaf = eventLeaf(BigInt(i), event.metadata.hash);
      for (const made of frontier.append(leaf)) nodes.set(nodeId(made.key), made.hash);
      replay.append(leaf);
    }
    return { frontier, replay, nodes };
  };
  return {
    head: async () => {
      const { frontier } = await build();
      return { size: frontier.size, root: frontier.root() };
    },
    consistency: async (from: bigint, to: bigint) => {
      const { frontier, nodes } = await build();
      if (to > frontier.size) throw new Error(`the log has no ${to} events`);
      return rangeRoots(consistencyRanges(from, to), nodes);
    },
    blocks: async (size: bigint): Promise<TreeBlocks> => {
      const { replay } = await build();
      if (replay.size !== size) throw new Error(`the log grew past ${size} events`);
      return replay.blocks();
    },
  };
}
