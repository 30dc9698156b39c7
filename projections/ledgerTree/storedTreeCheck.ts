import type { Logger } from 'pino';
import { equalBytes, hexOf } from '../../domain/verifiable/bytes.ts';
import { eventLeaf, MerkleFrontier, nodeHash } from '../../domain/verifiable/merkle.ts';
import {
  type EventStore,
  formatPosition,
  type LogPosition,
  type RecordedEvent,
} from '../../infra/eventStore/eventStore.ts';
import { rawStore } from '../../infra/eventStore/upcasting.ts';
import { type Db, LEAF_COLUMNS, readTreeState, type StoredLeafRow } from './treeRows.ts';
import { leafHashOf } from './verification.ts';

/**
 * The stored tree checked against the log (docs/architecture/verifiable-ledger.md "The stored tree"): the
 * follower reads each event once and trusts its tables afterwards, so a leaf or node row deleted or changed
 * later, or two events of the log reordered after they were appended (two events of one commit swapped),
 * would go on being served in proofs and signed in digests. This recomputes, block by block of 4096 leaves,
 * each leaf from the event the log holds at that public position (its id, stream, revision and hash: the
 * leaf order check) and every node inside the block, then every node above the blocks from its two
 * children. What disagrees is damage: recorded on the state row (`damaged`, and as a mismatch of kind
 * `tree`), after which receipts answer 503 and no digest is signed until `ledger:tree-rebuild`.
 */

/** Blocks of 2^12 leaves: the nodes of levels 0–12 inside a block are recomputed from its leaves. */
export const BLOCK_LEVEL = 12;
const BLOCK = 1n << BigInt(BLOCK_LEVEL);
/** At most this many findings are kept per block (the first ones name where it starts). */
const MAX_FINDINGS = 20;

export interface BlockCheck {
  damage: string[];
  /** The log position of the block's last event: where the next block's read starts. */
  after: LogPosition | null;
}

async function readLog(log: EventStore, after: LogPosition | null, count: number): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  let from = after;
  while (events.length < count) {
    const batch = await log.readAll({ after: from, limit: Math.min(1_000, count - events.length) });
    if (batch.length === 0) break;
    events.push(...batch);
    from = batch[batch.length - 1]!.position;
  }
  return events;
}

/**
 * Checks leaves [start, min(start + 4096, size)) against the log's events from `after` (the position of
 * the event at public position start − 1; null for start 0), and the stored nodes inside that block.
 * `log` is the log as stored (rawStore).
 */
export async function checkBlock(
  db: Db,
  log: EventStore,
  size: bigint,
  start: bigint,
  after: LogPosition | null,
): Promise<BlockCheck> {
  const end = start + BLOCK < size ? start + BLOCK : size;
  const [events, leafRows, nodeRows] = await Promise.all([
    readLog(log, after, Number(end - start)),
    db.query<StoredLeafRow>(`SELECT ${LEAF_COLUMNS} FROM ledger_tree_leaves WHERE idx >= $1 AND idx < $2`, [
      start.toString(),
      end.toString(),
    ]),
    db.query<{ level: number; idx: string; hash: Buffer }>(
      `SELECT n.level, n.idx::text, n.hash FROM generate_series(0, $3::int) AS l(level)
         JOIN ledger_tree_nodes n ON n.level = l.level AND n.idx >= ($1::bigint >> l.level)
          AND n.idx < ($2::bigint >> l.level)`,
      [start.toString(), end.toString(), BLOCK_LEVEL],
    ),
  ]);
  const leaves = new Map(leafRows.rows.map((row) => [BigInt(row.idx), row]));
  const stored = new Map(nodeRows.rows.map((row) => [`${row.level}/${row.idx}`, new Uint8Array(row.hash)]));
  const damage: string[] = [];
  const note = (message: string) => {
    if (damage.length < MAX_FINDINGS) damage.push(message);
  };
  const frontier = new MerkleFrontier();
  for (let index = start; index < end; index++) {
    const event = events[Number(index - start)];
    const leaf = leaves.get(index);
    if (!event) {
      note(`public position ${index}: the stored tree has ${size} leaves, the log has no event there`);
      break;
    }
    const hash = leafHashOf(event);
    if (!leaf)
      note(`public position ${index}: the leaf of event ${event.id} is missing from the stored tree`);
    else if (leaf.event_id !== event.id)
      note(
        `public position ${index}: the stored leaf is event ${leaf.event_id}, the log holds event ${event.id} there (the leaves' order is not the log's)`,
      );
    else if (
      leaf.event_hash !== hash ||
      leaf.stream_name !== event.streamName ||
      BigInt(leaf.revision) !== event.revision
    )
      note(
        `public position ${index}: the stored leaf of event ${event.id} does not match the event in the log`,
      );
    else if (
      BigInt(leaf.position_commit) !== event.position.commit ||
      BigInt(leaf.position_prepare) !== event.position.prepare
    )
      note(
        `public position ${index}: event ${event.id} is at log position ${formatPosition(event.position)}, its leaf was appended at ${leaf.position_commit}/${leaf.position_prepare} (the log's order is not the tree's)`,
      );
    for (const made of frontier.append(eventLeaf(index, hash))) {
      const level = made.key.level;
      const id = `${level}/${made.key.index + (start >> BigInt(level))}`;
      const mine = stored.get(id);
      if (!mine) note(`the stored tree node ${id} is missing`);
      else if (!equalBytes(mine, made.hash))
        note(`the stored tree node ${id} is ${hexOf(mine)}, the log's leaves make ${hexOf(made.hash)}`);
    }
  }
  return { damage, after: events.length > 0 ? events[events.length - 1]!.position : after };
}

/** Every stored node above the blocks' level below `size`: present, and the hash of its two children. */
export async function checkUpperNodes(db: Db, size: bigint): Promise<string[]> {
  if (size >> BigInt(BLOCK_LEVEL + 1) === 0n) return [];
  const { rows } = await db.query<{ level: number; idx: string; hash: Buffer }>(
    `SELECT level, idx::text, hash FROM ledger_tree_nodes WHERE level >= $1 AND idx < ($2::bigint >> level)`,
    [BLOCK_LEVEL, size.toString()],
  );
  const nodes = new Map(rows.map((row) => [`${row.level}/${row.idx}`, new Uint8Array(row.hash)]));
  const damage: string[] = [];
  for (let level = BLOCK_LEVEL + 1; size >> BigInt(level) > 0n; level++) {
    for (let index = 0n; index < size >> BigInt(level); index++) {
      const id = `${level}/${index}`;
      const hash = nodes.get(id);
      const left = nodes.get(`${level - 1}/${2n * index}`);
      const right = nodes.get(`${level - 1}/${2n * index + 1n}`);
      if (!hash) damage.push(`the stored tree node ${id} is missing`);
      else if (left && right && !equalBytes(hash, nodeHash(left, right)))
        damage.push(`the stored tree node ${id} is not the hash of its two children`);
      if (damage.length >= MAX_FINDINGS) return damage;
    }
  }
  return damage;
}

/** The whole stored tree against the log, in one pass (ledger:verify, tests): its size and what differs. */
export async function checkStoredTree(
  db: Db,
  store: EventStore,
): Promise<{ size: bigint; damage: string[] }> {
  const log = rawStore(store);
  const { size } = await readTreeState(db);
  const damage: string[] = [];
  let after: LogPosition | null = null;
  for (let start = 0n; start < size && damage.length < MAX_FINDINGS; start += BLOCK) {
    const block = await checkBlock(db, log, size, start, after);
    damage.push(...block.damage);
    after = block.after;
  }
  if (damage.length === 0) damage.push(...(await checkUpperNodes(db, size)));
  return { size, damage: damage.slice(0, MAX_FINDINGS) };
}

/**
 * Records damage on the state row: the first finding in `damaged` (kept until a rebuild), each counted as a
 * mismatch, the last as `last_mismatch`. Ignored when the tree was reset below `size` meanwhile (a rebuild
 * or a log rewrite: the findings were about a tree that no longer exists).
 */
export async function recordTreeDamage(db: Db, size: bigint, damage: readonly string[]): Promise<boolean> {
  if (damage.length === 0) return false;
  const { rowCount } = await db.query(
    `UPDATE ledger_tree_state SET damaged = coalesce(damaged, $2), mismatches = mismatches + $3,
       last_mismatch = $4, last_mismatch_at = now() WHERE id = 1 AND size >= $1::bigint`,
    [size.toString(), damage[0]!.slice(0, 2000), damage.length, damage[damage.length - 1]!.slice(0, 2000)],
  );
  return (rowCount ?? 0) > 0;
}

export interface StoredTreeAuditOptions {
  db: Db;
  store: EventStore;
  logger: Logger;
  /** Whether this process leads the tree (only the leader checks, so findings are recorded once). */
  leads: () => boolean;
  /** Between two blocks (default 1 s): a log of a million events is checked in about four minutes. */
  everyMs?: number;
  /** Told of new damage (the freeze's in-process flag). */
  onDamage?: (damage: readonly string[]) => void;
}

/** The continuous check: one block at a time in the background, the nodes above them after each pass. */
export class StoredTreeAudit {
  #next = 0n;
  #size = 0n;
  #after: LogPosition | null = null;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<unknown> = Promise.resolve();
  readonly #reported = new Set<string>();

  constructor(private readonly options: StoredTreeAuditOptions) {}

  start(): void {
    this.#timer = setInterval(() => {
      if (!this.options.leads()) return;
      this.#running = this.step().catch((error: unknown) =>
        this.options.logger.warn({ err: String(error) }, 'the stored tree check failed'),
      );
    }, this.options.everyMs ?? 1_000);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running;
  }

  /** Checks the next block (or, at the end of a pass, the upper nodes); returns what it found new. */
  async step(): Promise<string[]> {
    const { db, store } = this.options;
    const { size } = await readTreeState(db);
    let found: string[];
    // A tree smaller than at the last step was reset (a rebuild): start the pass again.
    if (size < this.#size) {
      this.#next = 0n;
      this.#after = null;
    }
    this.#size = size;
    if (this.#next >= size) {
      found = await checkUpperNodes(db, size);
      this.#next = 0n;
      this.#after = null;
    } else {
      const block = await checkBlock(db, rawStore(store), size, this.#next, this.#after);
      found = block.damage;
      this.#next += BLOCK;
      this.#after = block.after;
    }
    const fresh = found.filter((message) => !this.#reported.has(message));
    if (fresh.length === 0) return [];
    if (!(await recordTreeDamage(db, size, fresh))) return [];
    for (const message of fresh) {
      this.#reported.add(message);
      this.options.logger.error({ kind: 'tree', mismatch: message }, 'ledger mismatch: stored tree damaged');
    }
    this.options.onDamage?.(fresh);
    return fresh;
  }

  /** A whole pass from the start, recorded as `step` records (tests, and a start-up check). */
  async sweep(): Promise<string[]> {
    this.#next = 0n;
    this.#after = null;
    const found: string[] = [];
    do found.push(...(await this.step()));
    while (this.#next !== 0n);
    return found;
  }
}
