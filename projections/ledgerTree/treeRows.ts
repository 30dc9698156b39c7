import type pg from 'pg';
import { aligned, type NodeKey } from '../../domain/verifiable/merkle.ts';
import type { LogPosition } from '../../infra/eventStore/eventStore.ts';
import { statementName } from '../../infra/postgres/prepared.ts';
import type { StreamHead } from './verification.ts';

/** Reading the tree's tables: shared by the follower and the query module. */

/** A row the stored tree must hold is missing (deleted behind the follower's back): not a tree behind. */
export class StoredTreeDamagedError extends Error {}

export type Db = pg.Pool | pg.PoolClient;

/** A leaf row as read: its numbers as text, since they may pass JS's safe integers. */
export interface StoredLeafRow {
  idx: string;
  event_id: string;
  stream_name: string;
  revision: string;
  event_hash: string;
  position_commit: string;
  position_prepare: string;
}

/** The columns of a StoredLeafRow, for `SELECT ${LEAF_COLUMNS} FROM ledger_tree_leaves …`. */
export const LEAF_COLUMNS = `idx::text, event_id::text, stream_name, revision::text, event_hash, position_commit::text,
            position_prepare::text`;

export interface TreeState {
  size: bigint;
  position: LogPosition | null;
  mismatches: bigint;
  lastMismatch: string | null;
  lastMismatchAt: Date | null;
  /** The first damage the stored-tree check recorded; null while the stored tree agrees with the log. */
  damaged: string | null;
}

export async function readTreeState(db: Db): Promise<TreeState> {
  const { rows } = await db.query<{
    size: string;
    position_commit: string | null;
    position_prepare: string | null;
    mismatches: string;
    last_mismatch: string | null;
    last_mismatch_at: Date | null;
    damaged: string | null;
  }>(
    `SELECT size::text, position_commit::text, position_prepare::text, mismatches::text, last_mismatch, last_mismatch_at, damaged
       FROM ledger_tree_state WHERE id = 1`,
  );
  const row = rows[0];
  if (!row)
    return {
      size: 0n,
      position: null,
      mismatches: 0n,
      lastMismatch: null,
      lastMismatchAt: null,
      damaged: null,
    };
  return {
    size: BigInt(row.size),
    position:
      row.position_commit === null || row.position_prepare === null
        ? null
        : { commit: BigInt(row.position_commit), prepare: BigInt(row.position_prepare) },
    mismatches: BigInt(row.mismatches),
    lastMismatch: row.last_mismatch,
    lastMismatchAt: row.last_mismatch_at,
    damaged: row.damaged,
  };
}

/** The complete subtrees whose hashes make the root of the tree of `size` (its frontier). */
export function frontierKeys(size: bigint): NodeKey[] {
  return size === 0n ? [] : aligned({ start: 0n, size });
}

/**
 * A SELECT of the nodes with these keys, the keys inlined (they are integers): for the follower's
 * multi-statement round trip, which cannot take parameters.
 */
export function frontierNodesSql(keys: readonly NodeKey[]): string {
  if (keys.length === 0) return 'SELECT level, idx::text, hash FROM ledger_tree_nodes WHERE false';
  const pairs = keys.map((key) => `(${Number(key.level)}, ${BigInt(key.index).toString()})`).join(', ');
  return `SELECT level, idx::text, hash FROM ledger_tree_nodes WHERE (level, idx) IN (${pairs})`;
}

/** The stored hashes of the nodes with these keys, keyed by nodeId, in one query. */
export async function readNodes(db: Db, keys: readonly NodeKey[]): Promise<Map<string, Uint8Array>> {
  if (keys.length === 0) return new Map();
  const { rows } = await db.query<{ level: number; idx: string; hash: Buffer }>({
    ...statementName('sai-ledger-tree-nodes'),
    text: `SELECT n.level, n.idx::text, n.hash FROM unnest($1::smallint[], $2::bigint[]) AS k(level, idx)
             JOIN ledger_tree_nodes n ON n.level = k.level AND n.idx = k.idx`,
    values: [keys.map((key) => key.level), keys.map((key) => key.index.toString())],
  });
  return new Map(rows.map((row) => [`${row.level}/${row.idx}`, new Uint8Array(row.hash)]));
}

/** The stream heads the leader wrote last, bounded, oldest forgotten first (only ever read by the leader). */
export class HeadCache {
  private readonly map = new Map<string, StreamHead>();
  constructor(private readonly capacity: number) {}
  get(stream: string): StreamHead | undefined {
    return this.map.get(stream);
  }
  set(stream: string, head: StreamHead): void {
    this.map.delete(stream);
    this.map.set(stream, head);
    if (this.map.size > this.capacity) {
      const oldest = this.map.keys().next().value;
      if (oldest !== undefined) this.map.delete(oldest);
    }
  }
  clear(): void {
    this.map.clear();
  }
}

/**
 * One batch of the tree follower in one statement (follower.ts): leaves, nodes, stream heads, the state row
 * and the balance changes, answering the liability accounts the batch touched with their new balances.
 */
export const WRITE_BATCH = `WITH leaves AS (
  INSERT INTO ledger_tree_leaves (idx, event_id, stream_name, revision, event_hash, position_commit, position_prepare)
  SELECT * FROM unnest($1::bigint[], $2::uuid[], $3::text[], $4::bigint[], $5::text[], $6::numeric[], $7::numeric[])
), nodes AS (
  INSERT INTO ledger_tree_nodes (level, idx, hash)
  SELECT l, i, decode(h, 'hex') FROM unnest($8::smallint[], $9::bigint[], $10::text[]) AS n(l, i, h)
), streams AS (
  INSERT INTO ledger_tree_streams (stream_name, revision, hash)
  SELECT * FROM unnest($11::text[], $12::bigint[], $13::text[])
  ON CONFLICT (stream_name) DO UPDATE SET revision = EXCLUDED.revision, hash = EXCLUDED.hash
), state AS (
  UPDATE ledger_tree_state SET size = $14::bigint, position_commit = $15::numeric, position_prepare = $16::numeric,
    mismatches = mismatches + $17::bigint, last_mismatch = coalesce($18::text, last_mismatch),
    last_mismatch_at = CASE WHEN $18::text IS NULL THEN last_mismatch_at ELSE now() END
  WHERE id = 1
), balances AS (
  INSERT INTO ledger_tree_balances AS b (account, asset, units)
  SELECT * FROM unnest($19::text[], $20::text[], $21::numeric[])
  ON CONFLICT (account, asset) DO UPDATE SET units = b.units + EXCLUDED.units
  RETURNING account, asset, units
)
SELECT account, asset, units::text FROM balances
 WHERE split_part(account, ':', 1) IN ('user', 'holds', 'dormant')`;
