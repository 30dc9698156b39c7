import type pg from 'pg';
import { hexOf } from '../../domain/verifiable/bytes.ts';
import {
  consistencyRanges,
  EMPTY_ROOT,
  foldAligned,
  inclusionRanges,
  nodeId,
  nodesOf,
  rangeRoots,
} from '../../domain/verifiable/merkle.ts';
import { LEDGER_TREE_TABLES } from './schema.ts';
import { recordTreeDamage } from './storedTreeCheck.ts';
import {
  type Db,
  frontierKeys,
  LEAF_COLUMNS,
  readNodes,
  readTreeState,
  type StoredLeafRow,
  StoredTreeDamagedError,
} from './treeRows.ts';

export { StoredTreeDamagedError } from './treeRows.ts';

/**
 * What the rest of the system reads of the log commitment (the tables of the tree follower,
 * projections/ledgerTree/schema.ts): the tree head, where events are in it, proofs and earlier roots from the
 * stored nodes (O(log n) rows, one query each), the balances at a tree size, and the follower's
 * verification status. `db` is a pool or a client.
 */

async function rootOf(db: Db, size: bigint): Promise<Uint8Array> {
  const keys = frontierKeys(size);
  const nodes = await readNodes(db, keys);
  return foldAligned(
    keys.map((key) => {
      const hash = nodes.get(nodeId(key));
      if (!hash)
        throw new StoredTreeDamagedError(`the stored tree node ${nodeId(key)} is missing below size ${size}`);
      return hash;
    }),
  );
}

/** The tree as the follower last committed it: its size and root (EMPTY_ROOT for size 0). */
export async function treeHead(db: Db): Promise<{ size: bigint; root: Uint8Array }> {
  // Nodes are only ever added, with the size that covers them: the nodes of a size read are there.
  const { size } = await readTreeState(db);
  return { size, root: size === 0n ? EMPTY_ROOT : await rootOf(db, size) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where the tree holds these events (unknown ids, and ids not yet in the tree, are left out). */
export async function leavesOfEvents(
  db: Db,
  eventIds: string[],
): Promise<
  Map<
    string,
    {
      index: bigint;
      streamName: string;
      revision: bigint;
      eventHash: string;
      position: { commit: bigint; prepare: bigint };
    }
  >
> {
  const ids = eventIds.filter((id) => UUID.test(id));
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<StoredLeafRow>(
    `SELECT ${LEAF_COLUMNS} FROM ledger_tree_leaves WHERE event_id = ANY($1::uuid[])`,
    [ids],
  );
  const byLower = new Map(ids.map((id) => [id.toLowerCase(), id]));
  return new Map(
    rows.map((row) => [
      byLower.get(row.event_id) ?? row.event_id,
      {
        index: BigInt(row.idx),
        streamName: row.stream_name,
        revision: BigInt(row.revision),
        eventHash: row.event_hash,
        position: { commit: BigInt(row.position_commit), prepare: BigInt(row.position_prepare) },
      },
    ]),
  );
}

async function checkCovered(db: Db, size: bigint): Promise<void> {
  const head = await readTreeState(db);
  if (size > head.size) throw new RangeError(`the ledger tree has ${head.size} leaves, not ${size} yet`);
}

/** RFC 9162's inclusion proof of the leaf at `index` in the tree of `size` (size at most the tree's). */
export async function inclusionProof(db: Db, index: bigint, size: bigint): Promise<Uint8Array[]> {
  const ranges = inclusionRanges(index, size);
  // One query (a receipt's hot path): beyond the tree's size, the node holding its last leaf is missing.
  const nodes = await readNodes(db, nodesOf(ranges));
  try {
    return rangeRoots(ranges, nodes);
  } catch {
    const head = await readTreeState(db);
    throw new RangeError(`the ledger tree has ${head.size} leaves, not ${size} yet`);
  }
}

/** RFC 9162's consistency proof from the tree of `from` leaves to the tree of `to` (0 < from <= to). */
export async function consistencyProof(db: Db, from: bigint, to: bigint): Promise<Uint8Array[]> {
  const ranges = consistencyRanges(from, to);
  await checkCovered(db, to);
  return rangeRoots(ranges, await readNodes(db, nodesOf(ranges)));
}

/** The root of the tree of any size up to the current one, from its stored nodes. */
export async function rootAt(db: Db, size: bigint): Promise<Uint8Array> {
  if (size < 0n) throw new RangeError(`no tree of size ${size}`);
  if (size === 0n) return EMPTY_ROOT;
  await checkCovered(db, size);
  return await rootOf(db, size);
}

/**
 * The tree head and the liability accounts' balances (`user:`, `holds:`, `dormant:`, non-zero) at that
 * head, read in one REPEATABLE READ snapshot so that they agree (the follower writes both in one
 * transaction). Given a client, it runs its own transaction on it: the client must not be in one.
 */
export async function liabilitySnapshot(db: Db): Promise<{
  size: bigint;
  root: Uint8Array;
  balances: { account: string; asset: string; units: bigint }[];
}> {
  const pooled = 'totalCount' in db;
  const client = pooled ? await (db as pg.Pool).connect() : (db as pg.PoolClient);
  let broken: boolean | undefined;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const head = await treeHead(client);
    const { rows } = await client.query<{ account: string; asset: string; units: string }>(
      `SELECT account, asset, units::text FROM ledger_tree_balances
        WHERE units <> 0 AND split_part(account, ':', 1) IN ('user', 'holds', 'dormant')
        ORDER BY account, asset`,
    );
    await client.query('COMMIT');
    return {
      ...head,
      balances: rows.map((row) => ({ account: row.account, asset: row.asset, units: BigInt(row.units) })),
    };
  } catch (error) {
    broken = await client.query('ROLLBACK').then(
      () => false,
      () => true,
    );
    throw error;
  } finally {
    if (pooled) (client as pg.PoolClient).release(broken);
  }
}

/** Whether the tree reaches `size` leaves within `timeoutMs` (short polls of the state row). */
export async function waitForTreeSize(db: Db, size: bigint, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await readTreeState(db);
    if (state.size >= size) return true;
    const left = deadline - Date.now();
    if (left <= 0) return false;
    await new Promise((resolve) => setTimeout(resolve, Math.min(20, left)));
  }
}

/**
 * The damage the stored-tree check recorded (null: none). With `thorough`, also counts the leaves and
 * complete nodes below the tree's size (a scan of each table: for the rare paths where a row looks
 * missing) and records a shortfall, so a deleted row is named as damage, not taken for a tree behind.
 */
export async function treeDamage(db: Db, thorough = false): Promise<string | null> {
  const { size, damaged } = await readTreeState(db);
  if (damaged !== null || !thorough || size === 0n) return damaged;
  const { rows } = await db.query<{ leaves: string; nodes: string }>(
    `SELECT (SELECT count(*) FROM ledger_tree_leaves WHERE idx < $1::bigint)::text AS leaves,
            (SELECT count(*) FROM ledger_tree_nodes WHERE idx < ($1::bigint >> level))::text AS nodes`,
    [size.toString()],
  );
  let nodes = 0n;
  for (let level = 0n; size >> level > 0n; level++) nodes += size >> level;
  const found = { leaves: BigInt(rows[0]!.leaves), nodes: BigInt(rows[0]!.nodes) };
  if (found.leaves === size && found.nodes === nodes) return null;
  const message = `the stored tree of size ${size} holds ${found.leaves} leaves and ${found.nodes} nodes, not ${size} and ${nodes} (rows were deleted)`;
  await reportTreeDamage(db, size, message);
  return message;
}

/** Records damage found outside the stored-tree check (a proof that does not make the signed root). */
export async function reportTreeDamage(db: Db, size: bigint, message: string): Promise<void> {
  await recordTreeDamage(db, size, [message]);
}

/** How many mismatches continuous verification has recorded (the freeze reads this). */
export async function ledgerMismatches(db: Db): Promise<bigint> {
  return (await readTreeState(db)).mismatches;
}

/** The accounts continuous verification froze (app/commands/ledgerFreeze.ts). */
export async function frozenAccounts(db: Db): Promise<ReadonlySet<string>> {
  const { rows } = await db.query<{ account: string }>('SELECT account FROM ledger_frozen_accounts');
  return new Set(rows.map((row) => row.account));
}

export interface LedgerTreeStatus {
  treeSize: string;
  root: string;
  /** The tree size continuous verification has checked (every leaf is checked as it is appended). */
  verifiedPosition: string;
  mismatches: number;
  lastMismatch: string | null;
  lastMismatchAt: string | null;
}

/** The follower's state for the admin status route (which adds `frozen` and `logHead`). */
export async function ledgerStatus(db: Db): Promise<LedgerTreeStatus> {
  const state = await readTreeState(db);
  // A frontier node deleted: the status still answers (empty root), the damage named as its last mismatch.
  const root =
    state.size === 0n
      ? EMPTY_ROOT
      : await rootOf(db, state.size).catch((error: unknown) => {
          if (error instanceof StoredTreeDamagedError) return null;
          throw error;
        });
  return {
    treeSize: state.size.toString(),
    root: root ? hexOf(root) : '',
    verifiedPosition: state.size.toString(),
    mismatches: Number(state.mismatches),
    lastMismatch: state.lastMismatch,
    lastMismatchAt: state.lastMismatchAt?.toISOString() ?? null,
  };
}

/**
 * Empties the tree (its tables, and its state row back to size 0 with no mismatch) in the caller's
 * transaction, for it to be built again from the log: by ledger:tree-rebuild, and after a rewrite of the
 * log's history (privacy:upgrade-log), which leaves the old tree describing a log that no longer exists. A
 * live follower finds the size moved underneath at its next batch and starts again from the beginning.
 */
export async function resetLedgerTree(tx: pg.PoolClient): Promise<void> {
  await tx.query('LOCK TABLE ledger_tree_state IN EXCLUSIVE MODE');
  await tx.query(
    `TRUNCATE ${LEDGER_TREE_TABLES.filter((table) => table !== 'ledger_tree_state').join(', ')}`,
  );
  await tx.query(
    `UPDATE ledger_tree_state SET size = 0, position_commit = NULL, position_prepare = NULL, mismatches = 0,
       last_mismatch = NULL, last_mismatch_at = NULL, damaged = NULL WHERE id = 1`,
  );
}
