import type pg from 'pg';
import type { Logger } from 'pino';
import {
  comparePositions,
  type EventStore,
  type LogPosition,
  type RecordedEvent,
  type Subscription,
} from '../../infra/eventStore/eventStore.ts';
import type { Projection } from '../projection.ts';
import { checkpointsReached } from './checkpoints.queries.ts';
import {
  type CheckpointRow,
  initProjectionSchemas,
  readCheckpoint,
  recordFailure,
  rowPosition,
} from './checkpoints.ts';
import { JointCommitter, pastCheckpoint } from './commit.ts';
import { type Lead, LeaderLoop, type WorkerState } from './leader.ts';
import { LockSession } from './lockSession.ts';
import { SharedLogFeed } from './sharedFeed.ts';

/** A projection's checkpoint, lag and last error, for /api/health and the admin screen. */
export interface ProjectionStatus {
  name: string;
  state: WorkerState;
  checkpoint: LogPosition | null;
  eventsProcessed: number;
  lagEvents: number;
  lagEventsCapped: boolean;
  lagMs: number;
  lastError: string | null;
  lastErrorAt: string | null;
  retryCount: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RunnerOptions {
  pool: pg.Pool;
  databaseUrl: string;
  store: EventStore;
  projections: readonly Projection[];
  logger: Logger;
  /** How often a standby worker tries to take the lock. */
  standbyPollMs?: number;
  maxBackoffMs?: number;
  batchSize?: number;
  /**
   * How long the shared log feed waits for one projection's batch before it lets that projection go on
   * alone (SharedLogFeed's detachAfterMs, default 1 s).
   */
  feedDetachAfterMs?: number;
  /** Prefix of the advisory-lock key; a rebuild uses its own so it never waits for the live worker. */
  lockKeyPrefix?: string;
  /** How long one statement of a batch may run before it fails its projection (default 30 s). */
  statementTimeoutMs?: number;
  /** Called after each committed batch (a rebuild's test seam to slow it down). */
  afterBatch?: () => Promise<unknown>;
}

class ProjectionWorker {
  /** Its lead/standby/backoff loop, on the runner's lock connection. */
  readonly loop: LeaderLoop;

  constructor(
    readonly projection: Projection,
    private readonly options: RunnerOptions,
    /** The log, read once for all the projections of this runner that are in step. */
    private readonly feed: SharedLogFeed,
    /** Commits the batches that arrive together in one transaction. */
    private readonly committer: JointCommitter,
    /** The connection the runner's locks are taken and held on. */
    locks: LockSession,
  ) {
    const { logger, pool, standbyPollMs, maxBackoffMs } = options;
    this.loop = new LeaderLoop({
      locks,
      lockKey: `${options.lockKeyPrefix ?? 'projection:'}${projection.name}`,
      lead: (lead) => this.lead(lead),
      failed: async (message, error, retryInMs) => {
        logger.warn({ projection: projection.name, err: message, retryInMs }, 'projection failed');
        await recordFailure(pool, projection.name, error).catch(() => {});
      },
      standbyPollMs,
      maxBackoffMs,
    });
  }

  get state(): WorkerState {
    return this.loop.state;
  }

  /** Follows the log while it leads, until stopped or something fails. */
  private async lead(lead: Lead): Promise<'stopped'> {
    const stopBeside = this.projection.whileLeading?.((error) =>
      this.options.logger.warn(
        { projection: this.projection.name, err: error instanceof Error ? error.message : String(error) },
        'projection background work failed',
      ),
    );
    try {
      let checkpoint = await readCheckpoint(this.options.pool, this.projection.name);
      let subscription: Subscription | null = null;
      const failed = new Promise<never>((_, reject) => {
        subscription = this.feed.subscribeToAll({
          after: checkpoint,
          onEvents: async (events) => {
            checkpoint = await this.processBatch(events, checkpoint);
            await this.options.afterBatch?.();
          },
          onError: reject,
        });
      });
      try {
        return await lead.until(failed);
      } finally {
        await (subscription as Subscription | null)?.close();
      }
    } finally {
      await stopBeside?.();
    }
  }

  private async processBatch(
    events: RecordedEvent[],
    previous: LogPosition | null,
  ): Promise<LogPosition | null> {
    const past = pastCheckpoint(events, previous);
    if (!past) return previous;
    // Submitted before any await: the feed hands a batch to all its members in one go, so the batches of
    // the projections in step reach the committer together and share its transaction.
    await this.committer.submit({ projection: this.projection, previous, ...past });
    return past.last;
  }
}

/**
 * Feeds each projection the log in order. Per projection:
 * - the log read once for all projections in step (SharedLogFeed), each batch then applied by each;
 * - one active worker across all processes: the engine's loop (LeaderLoop), its session-level advisory
 *   lock held on the runner's one lock connection (LockSession); a second process stands by, polling for
 *   the lock on its own lock connection, and takes over when the holder's connection dies;
 * - rows and checkpoint in one transaction, shared by the projections whose batches arrive together
 *   (JointCommitter); the checkpoint row is locked and its position checked first, so a worker that
 *   silently lost its lock can never write over its successor;
 * - a failing batch (poison event, database down) is rolled back, reported as last_error, and retried
 *   with exponential backoff; other projections keep going.
 */
export class ProjectionRunner {
  private readonly workers: ProjectionWorker[];
  private readonly feed: SharedLogFeed;
  private readonly locks: LockSession;
  /** Whether this process runs the workers (start) or only reports on them (an API whose projections run
   * in its worker thread, or in a `projections:worker` process). */
  private started = false;

  constructor(private readonly options: RunnerOptions) {
    this.feed = new SharedLogFeed(options.store, {
      batchSize: options.batchSize ?? 500,
      ...(options.feedDetachAfterMs === undefined ? {} : { detachAfterMs: options.feedDetachAfterMs }),
    });
    this.locks = new LockSession(options.databaseUrl);
    const committer = new JointCommitter(options.pool, options.statementTimeoutMs);
    this.workers = options.projections.map(
      (projection) => new ProjectionWorker(projection, options, this.feed, committer, this.locks),
    );
  }

  get names(): string[] {
    return this.options.projections.map((projection) => projection.name);
  }

  async start(): Promise<void> {
    await initProjectionSchemas(this.options.pool, this.options.projections);
    this.started = true;
    for (const worker of this.workers) worker.loop.start();
  }

  async stop(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.loop.stop()));
    await this.feed.close();
    await this.locks.close();
  }

  /**
   * The projections whose lock some session of this database holds: where this process does not run the
   * workers itself, that is what says whether each one runs (a worker's state here would stay 'starting'
   * forever). The lock is `pg_try_advisory_lock(hashtextextended(key, 0))`: in pg_locks, the key's high and
   * low 32 bits as classid and objid, objsubid 1.
   */
  private async ledElsewhere(): Promise<Set<string>> {
    const prefix = this.options.lockKeyPrefix ?? 'projection:';
    const { rows } = await this.options.pool.query<{ name: string }>(
      `SELECT n.name FROM unnest($1::text[]) AS n(name)
        WHERE EXISTS (
          SELECT 1 FROM pg_locks l
           WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
             AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
             AND ((l.classid::bigint << 32) | l.objid::bigint) = hashtextextended($2 || n.name, 0))`,
      [this.names, prefix],
    );
    return new Set(rows.map((row) => row.name));
  }

  /** Checkpoint, lag and last error of each projection, for /api/health and the admin screen. */
  async status(lagCap = 1_000): Promise<ProjectionStatus[]> {
    const { pool, store } = this.options;
    const { rows } = await pool.query<
      CheckpointRow & {
        name: string;
        events_processed: string;
        last_error: string | null;
        last_error_at: Date | null;
        retry_count: number;
      }
    >(
      `SELECT name, position_commit::text, position_prepare::text, events_processed::text, last_error, last_error_at, retry_count
       FROM projection_checkpoints`,
    );
    const byName = new Map(rows.map((row) => [row.name, row]));
    const led = this.started ? null : await this.ledElsewhere();
    // Projections that are caught up share a checkpoint: read what lies after each distinct one once.
    const pendingAfter = new Map<string, Promise<RecordedEvent[]>>();
    const readPending = (checkpoint: LogPosition | null) => {
      const key = checkpoint ? `${checkpoint.commit}:${checkpoint.prepare}` : 'start';
      let pending = pendingAfter.get(key);
      if (!pending) {
        pending = store.readAll({ after: checkpoint, limit: lagCap });
        pendingAfter.set(key, pending);
      }
      return pending;
    };
    return await Promise.all(
      this.workers.map(async (worker) => {
        const row = byName.get(worker.projection.name);
        const checkpoint = rowPosition(row);
        const pending = await readPending(checkpoint);
        const oldest = pending[0];
        return {
          name: worker.projection.name,
          state: led ? (led.has(worker.projection.name) ? 'running' : 'stopped') : worker.state,
          checkpoint,
          eventsProcessed: Number(row?.events_processed ?? 0),
          lagEvents: pending.length,
          lagEventsCapped: pending.length >= lagCap,
          lagMs: oldest ? Math.max(0, Date.now() - oldest.recordedAt.getTime()) : 0,
          lastError: row?.last_error ?? null,
          lastErrorAt: row?.last_error_at?.toISOString() ?? null,
          retryCount: row?.retry_count ?? 0,
        };
      }),
    );
  }

  /**
   * Read-your-writes: waits until every named projection has passed `position` (bounded by `timeoutMs`).
   * Returns whether they did.
   */
  async waitFor(position: LogPosition, names: readonly string[], timeoutMs = 1_000): Promise<boolean> {
    return checkpointsReached(this.options.pool, position, names, timeoutMs);
  }
}
