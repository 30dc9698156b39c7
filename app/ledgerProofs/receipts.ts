import type pg from 'pg';
import type { Logger } from 'pino';
import { hexOf } from '../../domain/verifiable/bytes.ts';
import { type LedgerReceipt, RECEIPT_FORMAT, type ReceiptEvent } from '../../domain/verifiable/formats.ts';
import type { EventStore, RecordedEvent } from '../../infra/eventStore/eventStore.ts';
import { eventHash } from '../../infra/eventStore/hashChain.ts';
import { rawStore } from '../../infra/eventStore/upcasting.ts';
import { eventIdsOfTransaction } from '../../projections/transactionEvents/transactionEvents.queries.ts';
import type { Digests, TreeLeaf, TreeQueries } from './ports.ts';
import type { LedgerSigner } from './signer.ts';

/**
 * A transaction's verifiable receipt (docs/architecture/verifiable-ledger.md): its events exactly as
 * stored (what their per-stream hashes cover: sealed personal fields stay ciphertext), each with its
 * inclusion proof in the log's Merkle tree against a signed digest that covers them, and the public key.
 * A digest is made on demand when the latest does not cover the events yet, so a receipt is never pending.
 */

export interface ReceiptDeps {
  pool: pg.Pool;
  store: EventStore;
  signer: LedgerSigner;
  digests: Digests;
  tree: TreeQueries;
  logger: Logger;
}

/** How long a receipt waits for the tree follower to reach a transaction's events. */
export const TREE_WAIT_MS = 5_000;
const TREE_RECHECK_MS = 250;

/** The receipt cannot be made now (the tree is behind, or no digest can be signed): ask again shortly. */
export class ReceiptUnavailableError extends Error {}

async function leavesInTree(deps: ReceiptDeps, eventIds: string[]): Promise<Map<string, TreeLeaf>> {
  const deadline = Date.now() + TREE_WAIT_MS;
  for (;;) {
    const found = await deps.tree.leavesOfEvents(deps.pool, eventIds);
    if (found.size === eventIds.length) return found;
    const remaining = deadline - Date.now();
    if (remaining <= 0)
      throw new ReceiptUnavailableError(
        'The verifiable ledger has not reached this transaction yet: ask again in a few seconds',
      );
    // Look again as soon as the tree grows, or after a short while (it may have grown in between).
    const head = await deps.tree.treeHead(deps.pool);
    await deps.tree.waitForTreeSize(deps.pool, head.size + 1n, Math.min(remaining, TREE_RECHECK_MS));
  }
}

function receiptEvent(event: RecordedEvent, leaf: TreeLeaf, proof: readonly Uint8Array[]): ReceiptEvent {
  const { actorId, correlationId, causationId, idempotencyKey, schemaVersion, prevHash, hash } =
    event.metadata;
  return {
    position: leaf.index.toString(),
    streamName: event.streamName,
    revision: event.revision.toString(),
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: {
      actorId,
      correlationId,
      causationId,
      idempotencyKey: idempotencyKey ?? null,
      ...(schemaVersion === undefined ? {} : { schemaVersion }),
    },
    prevHash,
    hash,
    proof: proof.map(hexOf),
  };
}

function hashHolds(event: RecordedEvent): boolean {
  return (
    eventHash({
      streamName: event.streamName,
      revision: event.revision,
      id: event.id,
      type: event.type,
      data: event.data,
      metadata: event.metadata,
      prevHash: event.metadata.prevHash,
    }) === event.metadata.hash
  );
}

/** The receipt of a business transaction; null when no event names it. */
export async function receiptFor(deps: ReceiptDeps, transactionId: string): Promise<LedgerReceipt | null> {
  const eventIds = await eventIdsOfTransaction(deps.pool, transactionId);
  if (eventIds.length === 0) return null;
  const leaves = await leavesInTree(deps, eventIds);
  let last = 0n;
  for (const leaf of leaves.values()) if (leaf.index > last) last = leaf.index;
  let digest: LedgerReceipt['digest'];
  try {
    digest = await deps.digests.ensureCovers(last + 1n);
  } catch (error) {
    deps.logger.error({ err: String(error) }, 'no digest covers the receipt');
    throw new ReceiptUnavailableError('No signed digest can be made now: ask again in a few seconds');
  }
  const size = BigInt(digest.treeSize);
  const log = rawStore(deps.store);
  const events = await Promise.all(
    eventIds.map(async (id) => {
      const leaf = leaves.get(id)!;
      const [stored, proof] = await Promise.all([
        log.readStream(leaf.streamName, { fromRevision: leaf.revision, maxCount: 1 }),
        deps.tree.inclusionProof(deps.pool, leaf.index, size),
      ]);
      const event = stored[0];
      // The tree commits to what the log held when it was followed: a stored event that differs now (its
      // content from its hash, or its hash from the leaf's) was changed since, and a receipt of it would
      // not verify.
      if (event?.id !== id || event.metadata.hash !== leaf.eventHash || !hashHolds(event)) {
        deps.logger.error(
          { transactionId, eventId: id, position: leaf.index.toString() },
          'ledger mismatch: a stored event differs from its leaf in the tree',
        );
        throw new ReceiptUnavailableError(
          "This transaction's events no longer match the verifiable ledger: the operator has been alerted",
        );
      }
      return receiptEvent(event, leaf, proof);
    }),
  );
  events.sort((a, b) => (BigInt(a.position) < BigInt(b.position) ? -1 : 1));
  return {
    format: RECEIPT_FORMAT,
    version: 1,
    transactionId,
    events,
    digest,
    publicKey: deps.signer.publicKey,
  };
}
