import type pg from 'pg';
import type { Logger } from 'pino';
import { EventClock } from '../../domain/ledger/eventTime.ts';
import type { MoneyAudit } from '../../domain/ledger/moneyAudit.ts';
import { equalBytes, hexOf } from '../../domain/verifiable/bytes.ts';
import { MerkleFrontier, nodeId } from '../../domain/verifiable/merkle.ts';
import type {
  EventStore,
  LogPosition,
  RecordedEvent,
  Subscription,
} from '../../infra/eventStore/eventStore.ts';
import { rawStore } from '../../infra/eventStore/upcasting.ts';
import { statementName } from '../../infra/postgres/prepared.ts';
import { pastCheckpoint } from '../engine/commit.ts';
import { type Lead, LeaderLoop, type WorkerState } from '../engine/leader.ts';
import { LockSession } from '../engine/lockSession.ts';
import { freezeAccounts, logFindings, overdueFindings, recordFindings, replayMoney } from './findings.ts';
import { initLedgerTreeSchema } from './schema.ts';
import { frontierKeys, frontierNodesSql, HeadCache, readTreeState, WRITE_BATCH } from './treeRows.ts';
import {
  type AssetTotals,
  addToTotals,
  computeBatch,
  copyTotals,
  liabilityMismatches,
  type Mismatch,
  overdrafts,
} from './verification.ts';

export interface LedgerTreeFollowerOptions {
  pool: pg.Pool;
  databaseUrl: string;
  /** Any store: the follower reads the log as stored (rawStore), through the port alone. */
  store: EventStore;
  logger: Logger;
  batchSize?: number;
  /** How long a batch at the log's head lets the next one gather (default 250 ms; 0 = none). */
  paceMs?: number;
  standbyPollMs?: number;
  maxBackoffMs?: number;
  /** How long one statement of a batch may run (default 30 s). */
  statementTimeoutMs?: number;
  /** Told of the mismatches of each committed batch (the freeze's in-process flag). */
  onMismatch?: (mismatches: readonly Mismatch[]) => void;
  /** How often an idle leader checks that its tables were not reset under it (default 1 s). */
  watchMs?: number;
  /**
   * How long a step of a command may stay awaited (a debit without its credit, an approval without its
   * mint…) before it is a finding (default PENDING_BOUND_MS, 15 min), and how often that is looked at
   * (default 60 s).
   */
  pendingBoundMs?: number;
  pendingCheckMs?: number;
  /** Test seam: runs inside each batch's transaction just before COMMIT (a throw rolls the batch back). */
  beforeCommit?: () => Promise<void>;
}

/** What the leader holds in memory between batches; reloaded from the tables whenever it (re)takes the lead. */
interface Loaded {
  size: bigint;
  position: LogPosition | null;
  frontier: MerkleFrontier;
  /** The frontier's nodes by nodeId, as the follower made or loaded them (to compare with the stored ones). */
  frontierNodes: Map<string, Uint8Array>;
  /** Stored nodes already reported as changed (each is reported once while this leader leads). */
  reported: Set<string>;
  totals: Map<string, AssetTotals>;
  /** The newest stored time seen since (re)taking the lead: time along the log (invariant 9). */
  clock: EventClock;
  /** Invariants 10 and 11 along the log, replayed from its start when the follower takes the lead. */
  money: MoneyAudit;
  /** Awaited steps already reported as overdue (each once while this leader leads). */
  overdue: Set<string>;
}

class LostLeadershipError extends Error {}

/** The frontier nodes of `size`: those of the previous frontier that remain, and those the batch made. */
function frontierOf(
  size: bigint,
  previous: ReadonlyMap<string, Uint8Array>,
  made: readonly { level: number; index: bigint; hash: Uint8Array }[],
): Map<string, Uint8Array> {
  const byId = new Map(previous);
  for (const node of made) byId.set(`${node.level}/${node.index}`, node.hash);
  return new Map(frontierKeys(size).map((key) => [nodeId(key), byId.get(nodeId(key))!]));
}

/**
 * The tree follower: appends every event of the log, in log order (visibility order: the store's
 * subscription never passes an event that has not committed, nor one that a late commit could still
 * precede), to the Merkle tree of the log commitment, and verifies as it goes (verification.ts).
 * - One leader across processes: the engine's loop (LeaderLoop, as each of the projection runner's
 *   workers), on a lock connection of its own; the others stand by and take over when its connection dies.
 * - One transaction per batch, a handful of statements: the state row locked and its size compared with the
 *   leader's (a leader that silently lost its lock learns it before writing), the stored frontier read and
 *   checked against the one in memory, then leaves, nodes, stream heads, balances and the state in one
 *   multi-row statement (unnest).
 * - In memory between batches: the frontier, the per-asset totals and a bounded cache of stream heads
 *   (only the leader writes them); all reloaded from the tables when it (re)takes the lead, which it does
 *   after any failed batch, so nothing in memory outlives a rolled-back transaction.
 * Written here rather than as a Projection of the runner: it needs every event type as stored (not opened,
 * not upcast), and a frontier kept across batches.
 */
export class LedgerTreeFollower {
  /** Its own loop and lock connection: the tree never waits for the projections, nor they for it. */
  private readonly loop: LeaderLoop;
  private readonly locks: LockSession;
  private readonly heads = new HeadCache(100_000);
  private readonly log: EventStore;
  private applying = false;

  constructor(private readonly options: LedgerTreeFollowerOptions) {
    this.locks = new LockSession(options.databaseUrl);
    this.log = rawStore(options.store);
    const { logger, standbyPollMs, maxBackoffMs } = options;
    this.loop = new LeaderLoop({
      locks: this.locks,
      lockKey: 'ledger-tree',
      lead: (lead) => this.lead(lead),
      failed: async (message, _error, retryInMs) => {
        logger.warn({ err: message, retryInMs }, 'ledger tree follower failed');
      },
      standbyPollMs,
      maxBackoffMs,
    });
  }

  get state(): WorkerState {
    return this.loop.state;
  }

  async start(): Promise<void> {
    await initLedgerTreeSchema(this.options.pool);
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    await this.locks.close();
  }

  /** Follows the log while it leads, until stopped or something fails. */
  private async lead(lead: Lead): Promise<'stopped'> {
    let subscription: Subscription | null = null;
    let watch: NodeJS.Timeout | undefined;
    let overdue: NodeJS.Timeout | undefined;
    try {
      const loaded = await this.load();
      const failed = new Promise<never>((_, reject) => {
        subscription = this.log.subscribeToAll({
          after: loaded.position,
          batchSize: this.batchSize,
          onEvents: (events) => this.apply(loaded, events),
          onError: reject,
        });
      });
      // While idle, the leader still notices its tables reset under it (ledger:tree-rebuild) or its size
      // moved: it then gives up the lead and reloads, as after a failed batch.
      const moved = new Promise<never>((_, reject) => {
        watch = setInterval(() => {
          if (this.applying) return;
          const mine = loaded.size;
          readTreeState(this.options.pool).then(
            (state) => {
              // (A batch that committed meanwhile moved both: not a reset.)
              if (!this.applying && loaded.size === mine && state.size !== mine)
                reject(
                  new LostLeadershipError(
                    `the ledger tree's size moved to ${state.size} (${loaded.size} here)`,
                  ),
                );
            },
            () => {},
          );
        }, this.options.watchMs ?? 1_000);
      });
      overdue = setInterval(() => {
        if (!this.applying) this.reportOverdue(loaded).catch(() => {});
      }, this.options.pendingCheckMs ?? 60_000);
      return await lead.until(failed, moved);
    } finally {
      clearInterval(watch);
      clearInterval(overdue);
      await (subscription as Subscription | null)?.close();
    }
  }

  /** The leader's memory, from the tables: size, checkpoint, frontier and per-asset totals. */
  private async load(): Promise<Loaded> {
    const { pool } = this.options;
    const state = await readTreeState(pool);
    const { rows } = await pool.query<{ level: number; idx: string; hash: Buffer }>(
      frontierNodesSql(frontierKeys(state.size)),
    );
    const nodes = new Map(rows.map((row) => [`${row.level}/${row.idx}`, new Uint8Array(row.hash)]));
    const frontier = MerkleFrontier.fromNodes(state.size, nodes);
    const totals = new Map<string, AssetTotals>();
    const sums = await pool.query<{ account: string; asset: string; units: string }>(
      `SELECT split_part(account, ':', 1) || ':' AS account, asset, sum(units)::text AS units
         FROM ledger_tree_balances GROUP BY 1, 2`,
    );
    for (const row of sums.rows) addToTotals(totals, row.asset, row.account, BigInt(row.units));
    this.heads.clear();
    const loaded: Loaded = {
      size: state.size,
      position: state.position,
      frontier,
      frontierNodes: nodes,
      reported: new Set(),
      totals,
      clock: new EventClock(),
      money: await replayMoney(this.log, state.position, () => this.loop.stopping),
      overdue: new Set(),
    };
    // Balances changed behind the follower's back show here, once, when it takes the lead.
    const found = liabilityMismatches(totals, totals.keys());
    if (found.length > 0) await this.recordAlone(found);
    return loaded;
  }

  /** Steps of commands awaited longer than the bound (a credit that never came…): findings, each once. */
  private async reportOverdue(loaded: Loaded): Promise<void> {
    const fresh = overdueFindings(loaded.money, loaded.overdue, this.options.pendingBoundMs);
    if (fresh.length > 0) await this.recordAlone(fresh);
  }

  /** Records findings outside a batch (the totals loaded at start, overdue steps). */
  private async recordAlone(found: readonly Mismatch[]): Promise<void> {
    await recordFindings(this.options.pool, found);
    this.report(found);
  }

  private report(found: readonly Mismatch[]): void {
    logFindings(this.options.logger, found);
    this.options.onMismatch?.(found);
  }

  /** The stream heads the batch needs that the cache does not hold, in one read. */
  private async headsFor(events: readonly RecordedEvent[]): Promise<void> {
    const missing = [...new Set(events.map((event) => event.streamName))].filter(
      (name) => this.heads.get(name) === undefined,
    );
    if (missing.length === 0) return;
    const { rows } = await this.options.pool.query<{ stream_name: string; revision: string; hash: string }>(
      'SELECT stream_name, revision::text, hash FROM ledger_tree_streams WHERE stream_name = ANY($1::text[])',
      [missing],
    );
    for (const row of rows)
      this.heads.set(row.stream_name, { revision: BigInt(row.revision), hash: row.hash });
  }

  private async apply(loaded: Loaded, events: RecordedEvent[]): Promise<void> {
    const started = Date.now();
    this.applying = true;
    try {
      await this.applyBatch(loaded, events);
    } finally {
      this.applying = false;
    }
    // A batch shorter than the limit means the follower has reached the log's head. It then lets the next
    // batch gather for `paceMs` (the subscription waits for this call): under load it writes a few large
    // batches a second instead of one small one per commit, whose fixed cost (a transaction, the frontier
    // read and checked, the write statement) took a tenth of the transfers' throughput (BENCHMARKS.md, stop
    // 32). Nothing waits on the tree but receipts, which wait for it anyway.
    if (events.length < this.batchSize)
      await this.loop.pause((this.options.paceMs ?? 250) - (Date.now() - started));
  }

  private get batchSize(): number {
    return this.options.batchSize ?? 2_000;
  }

  private async applyBatch(loaded: Loaded, events: RecordedEvent[]): Promise<void> {
    const past = pastCheckpoint(events, loaded.position);
    if (!past) return;
    await this.headsFor(past.events);
    const client = await this.options.pool.connect();
    let broken: boolean | undefined;
    try {
      const timeout = Math.max(1, Math.floor(this.options.statementTimeoutMs ?? 30_000));
      // One round trip, no parameters (so a multi-statement query): the node keys are integers.
      const results = (await client.query(
        `BEGIN; SET LOCAL synchronous_commit = 'off'; SET LOCAL statement_timeout = ${timeout};
         SELECT size::text FROM ledger_tree_state WHERE id = 1 FOR UPDATE;
         ${frontierNodesSql(frontierKeys(loaded.size))}`,
      )) as unknown as pg.QueryResult[];
      const size = results[3]!.rows[0]?.size as string | undefined;
      if (size === undefined || BigInt(size) !== loaded.size)
        throw new LostLeadershipError(`the ledger tree's size moved underneath (${size} for ${loaded.size})`);
      const found: Mismatch[] = [];
      for (const row of results[4]!.rows as { level: number; idx: string; hash: Buffer }[]) {
        const id = `${row.level}/${row.idx}`;
        const mine = loaded.frontierNodes.get(id);
        if (!mine || equalBytes(mine, new Uint8Array(row.hash)) || loaded.reported.has(id)) continue;
        loaded.reported.add(id);
        found.push({
          kind: 'frontier',
          message: `the stored tree node ${id} (under the root of size ${loaded.size}) is ${hexOf(row.hash)}, the follower made ${hexOf(mine)} (a stored node was changed)`,
        });
      }
      // From here the frontier in memory moves: should the transaction fail, the lead is given up and
      // everything reloaded (leadOnce).
      const firstIndex = loaded.frontier.size;
      const batch = computeBatch(
        past.events,
        loaded.frontier,
        (name) => this.heads.get(name),
        loaded.clock,
        loaded.money,
      );
      found.push(...batch.mismatches);
      const totals = copyTotals(loaded.totals);
      const assets: string[] = [];
      for (const [key, units] of batch.deltas) {
        const [account = '', asset = ''] = key.split('|');
        addToTotals(totals, asset, account, units);
        assets.push(asset);
      }
      found.push(...liabilityMismatches(totals, assets));
      const newSize = loaded.frontier.size;
      const heads = [...batch.heads];
      const deltas = [...batch.deltas].filter(([, units]) => units !== 0n);
      const negative = await client.query<{ account: string; asset: string; units: string }>({
        ...statementName('sai-ledger-tree-batch'),
        text: WRITE_BATCH,
        values: [
          batch.leaves.map((leaf) => leaf.index.toString()),
          batch.leaves.map((leaf) => leaf.eventId),
          batch.leaves.map((leaf) => leaf.streamName),
          batch.leaves.map((leaf) => leaf.revision.toString()),
          batch.leaves.map((leaf) => leaf.eventHash),
          batch.leaves.map((leaf) => leaf.commit.toString()),
          batch.leaves.map((leaf) => leaf.prepare.toString()),
          batch.nodes.map((node) => node.level),
          batch.nodes.map((node) => node.index.toString()),
          batch.nodes.map((node) => Buffer.from(node.hash).toString('hex')),
          heads.map(([name]) => name),
          heads.map(([, head]) => head.revision.toString()),
          heads.map(([, head]) => head.hash),
          newSize.toString(),
          past.last.commit.toString(),
          past.last.prepare.toString(),
          found.length,
          found.length > 0 ? found[found.length - 1]!.message.slice(0, 2000) : null,
          deltas.map(([key]) => key.slice(0, key.lastIndexOf('|'))),
          deltas.map(([key]) => key.slice(key.lastIndexOf('|') + 1)),
          deltas.map(([, units]) => units.toString()),
        ],
      });
      // Each account the batch took below zero at any event, named at that event; then those it left there.
      const touched = new Map(negative.rows.map((row) => [`${row.account}|${row.asset}`, BigInt(row.units)]));
      const overdrawn: Mismatch[] = overdrafts(past.events, firstIndex, touched, batch.deltas);
      for (const row of negative.rows)
        if (BigInt(row.units) < 0n)
          overdrawn.push({
            kind: 'balance',
            message: `balance of ${row.account} in ${row.asset} is ${row.units} minor units after public position ${newSize - 1n} (a liability account below zero)`,
          });
      if (overdrawn.length > 0) {
        await client.query(
          `UPDATE ledger_tree_state SET mismatches = mismatches + $1, last_mismatch = $2, last_mismatch_at = now() WHERE id = 1`,
          [overdrawn.length, overdrawn[overdrawn.length - 1]!.message],
        );
        found.push(...overdrawn);
      }
      await freezeAccounts(client, found);
      await this.options.beforeCommit?.();
      await client.query('COMMIT');
      loaded.size = newSize;
      loaded.position = past.last;
      loaded.totals = totals;
      loaded.frontierNodes = frontierOf(newSize, loaded.frontierNodes, batch.nodes);
      for (const [name, head] of heads) this.heads.set(name, head);
      if (found.length > 0) this.report(found);
    } catch (error) {
      broken = await client.query('ROLLBACK').then(
        () => false,
        () => true,
      );
      this.heads.clear();
      throw error;
    } finally {
      client.release(broken);
    }
  }
}
