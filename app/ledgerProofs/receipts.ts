import type { Logger } from 'pino';
import { bytesOfHex, hexOf } from '../../domain/verifiable/bytes.ts';
import { type LedgerReceipt, RECEIPT_FORMAT, type ReceiptEvent } from '../../domain/verifiable/formats.ts';
import { eventLeaf, verifyInclusion, webCryptoSha256 } from '../../domain/verifiable/merkle.ts';
import { type EventStore, formatPosition, type RecordedEvent } from '../../infra/eventStore/eventStore.ts';
import { eventHash } from '../../infra/eventStore/hashChain.ts';
import { rawStore } from '../../infra/eventStore/upcasting.ts';
import type { Pool } from '../../infra/postgres/pool.ts';
import { StoredTreeDamagedError } from '../../projections/ledgerTree/ledgerTree.queries.ts';
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
  pool: Pool;
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

/** The stored tree disagrees with the log (or misses rows): no proof is served until it is rebuilt. */
export class LedgerProofsDamagedError extends ReceiptUnavailableError {
  constructor() {
    super('Ledger proofs unavailable: the stored tree is damaged; the operator has been alerted');
  }
}

/** Records `message` as damage of the tree of `size` (logged), and the error to answer with. */
async function damaged(deps: ReceiptDeps, size: bigint, message: string): Promise<LedgerProofsDamagedError> {
  deps.logger.error({ size: size.toString(), mismatch: message }, 'ledger mismatch: stored tree damaged');
  await deps.tree.reportTreeDamage(deps.pool, size, message);
  return new LedgerProofsDamagedError();
}

async function leavesInTree(deps: ReceiptDeps, eventIds: string[]): Promise<Map<string, TreeLeaf>> {
  const deadline = Date.now() + TREE_WAIT_MS;
  for (;;) {
    const found = await deps.tree.leavesOfEvents(deps.pool, eventIds);
    if (found.size === eventIds.length) return found;
    const remaining = deadline - Date.now();
    // A leaf the tree should hold by now may have been deleted: counted before answering "not yet".
    if (remaining <= 0 && (await deps.tree.treeDamage(deps.pool, true))) throw new LedgerProofsDamagedError();
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
  if (await deps.tree.treeDamage(deps.pool)) throw new LedgerProofsDamagedError();
  const leaves = await leavesInTree(deps, eventIds);
  let last = 0n;
  for (const leaf of leaves.values()) if (leaf.index > last) last = leaf.index;
  let digest: LedgerReceipt['digest'];
  try {
    digest = await deps.digests.ensureCovers(last + 1n);
  } catch (error) {
    if (error instanceof StoredTreeDamagedError)
      throw (await deps.tree.treeDamage(deps.pool))
        ? new LedgerProofsDamagedError()
        : await damaged(deps, last + 1n, error.message);
    deps.logger.error({ err: String(error) }, 'no digest covers the receipt');
    throw new ReceiptUnavailableError('No signed digest can be made now: ask again in a few seconds');
  }
  const size = BigInt(digest.treeSize);
  const signedRoot = bytesOfHex(digest.root)!;
  const log = rawStore(deps.store);
  const events = await Promise.all(
    eventIds.map(async (id) => {
      const leaf = leaves.get(id)!;
      const [stored, proof] = await Promise.all([
        log.readStream(leaf.streamName, { fromRevision: leaf.revision, maxCount: 1 }),
        deps.tree.inclusionProof(deps.pool, leaf.index, size).catch(async (error: unknown) => {
          // A node missing below a size the tree has reached was deleted: damage, not a tree behind.
          // The stored tree has not reached the digest's size (a tree rebuilt since): not yet, a 503.
          if (!(await deps.tree.waitForTreeSize(deps.pool, size, 0)))
            throw new ReceiptUnavailableError(
              'The verifiable ledger has not reached the latest digest yet: ask again in a few seconds',
            );
          throw await damaged(
            deps,
            size,
            `the inclusion proof of public position ${leaf.index} in the tree of size ${size} cannot be made from the stored tree (${String(error)})`,
          );
        }),
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
      // The leaf order check: the event must still be where the log held it when it was appended (two
      // events of one commit swapped since would otherwise be served in the tree's order, not the log's).
      const at = leaf.position;
      if (at && (at.commit !== event.position.commit || at.prepare !== event.position.prepare))
        throw await damaged(
          deps,
          size,
          `public position ${leaf.index}: event ${id} is at log position ${formatPosition(event.position)}, its leaf was appended at ${formatPosition(at)} (the log's order is not the tree's)`,
        );
      // The leaf and proof from the stored tree must make the signed root: a changed leaf or node does not.
      const made = eventLeaf(leaf.index, leaf.eventHash);
      if (!(await verifyInclusion(webCryptoSha256, leaf.index, size, made, proof, signedRoot)))
        throw await damaged(
          deps,
          size,
          `the stored tree's inclusion proof of public position ${leaf.index} does not make the signed root of size ${size} (a stored leaf or node was changed)`,
        );
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
