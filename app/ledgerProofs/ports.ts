import type { LedgerDigest } from '../../domain/verifiable/formats.ts';
import type { Pool, PoolClient } from '../../infra/postgres/pool.ts';

/**
 * What receipts and liability proofs need from the log's Merkle tree and from the digest service
 * (docs/architecture/verifiable-ledger.md). The tree follower's query module
 * (projections/ledgerTree/ledgerTree.queries.ts) and the DigestService (app/ledgerProofs/digests.ts) provide
 * them; they are taken as arguments so that this code depends on their shapes only.
 */

/** A pg Pool or a client (inside a transaction). */
export type Db = Pool | PoolClient;

export interface TreeLeaf {
  /** Public position: the event's 0-based index in log order. */
  index: bigint;
  streamName: string;
  revision: bigint;
  /** The per-stream hash the leaf commits to (hex). */
  eventHash: string;
  /** The event's log position when the follower appended it (the leaf order check compares it). */
  position?: { commit: bigint; prepare: bigint };
}

/** The tree follower's queries, by the names and signatures of its query module. */
export interface TreeQueries {
  /** The tree's size and root (EMPTY_ROOT for size 0). */
  treeHead(db: Db): Promise<{ size: bigint; root: Uint8Array }>;
  /** The leaves of these events, by event id; an event the tree has not reached yet is absent. */
  leavesOfEvents(db: Db, eventIds: string[]): Promise<Map<string, TreeLeaf>>;
  /** RFC 9162 inclusion proof of leaf `index` in the tree of `size`, sibling hashes leaf first. */
  inclusionProof(db: Db, index: bigint, size: bigint): Promise<Uint8Array[]>;
  /** Resolves true once the tree holds at least `size` leaves, false after `timeoutMs`. */
  waitForTreeSize(db: Db, size: bigint, timeoutMs: number): Promise<boolean>;
  /** The recorded damage of the stored tree (null: it agrees with the log); `thorough` counts its rows. */
  treeDamage(db: Db, thorough?: boolean): Promise<string | null>;
  /** Records that the stored tree of at least `size` leaves is damaged, and how. */
  reportTreeDamage(db: Db, size: bigint, message: string): Promise<void>;
}

/** The digest service's part receipts and statements use. */
export interface Digests {
  /** A signed digest with treeSize >= size: the latest when it covers, else a fresh one. */
  ensureCovers(size: bigint): Promise<LedgerDigest>;
  latest(): Promise<LedgerDigest | null>;
  /** Calls `listener` after each digest the service publishes. */
  onPublished(listener: (digest: LedgerDigest) => void): unknown;
}
