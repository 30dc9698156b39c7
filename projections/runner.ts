import pg from 'pg';
import type { Logger } from 'pino';
import {
  comparePositions,
  type EventStore,
  type LogPosition,
  type RecordedEvent,
  type Subscription,
} from '../infra/eventStore/eventStore.ts';
import { withAdvisoryLock } from '../infra/postgres/pool.ts';
import { type ApplyContext, applyEventByEvent, applyEvents, type Projection } from './projection.ts';
import { SharedLogFeed } from './sharedFeed.ts';

/**
 * Feeds each projection the log in order. Per projection:
 * - the log read once for all projections in step (SharedLogFeed), each batch then applied by each;
 * - one active worker across all processes: a session-level advisory lock on a dedicated connection; a
 *   second process stands by, polling for the lock, and takes over when the holder's connection dies;
 * - rows and checkpoint in one transaction, shared by the projections whose batches arrive together
 *   (JointCommitter); the checkpoint row is locked and its position checked first, so a worker that
 *   silently lost its lock can never write over its successor;
 * - a failing batch (poison event, database down) is rolled back, reported as last_error, and retried
 *   with exponential backoff; other projections keep going.
 */
export const CHECKPOINT_SCHEMA = `
CREATE TABLE IF NOT EXISTS projection_checkpoints (
  name text PRIMARY KEY,
  position_commit numeric(20, 0),
  position_prepare numeric(20, 0),
  events_processed bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  last_error_at timestamptz,
  last_error_position text,
  retry_count integer NOT NULL DEFAULT 0
);
`;

export type WorkerState = 'starting' | 'standby' | 'running' | 'retrying' | 'stopped';

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

interface CheckpointRow {
  position_commit: string | null;
  position_prepare: string | null;
}

function rowPosition(row: CheckpointRow | undefined): LogPosition | null {
  if (!row || row.position_commit === null || row.position_prepare === null) return null;
  return { commit: BigInt(row.position_commit), prepare: BigInt(row.position_prepare) };
}

class LostOwnershipError extends Error {}

/**
 * Applies a batch after a savepoint: set-based where the projection can; if that fails, rolled back to the
 * savepoint and applied again one event at a time, so a poison event is reported with its type and
 * position (and a batch that only the set-based form chokes on still goes through). Should that fail too,
 * the transaction is rolled back to the savepoint before the error is thrown: whatever the caller wrote
 * before (another projection's batch in a joint commit) stays. The savepoint is left for the commit to end.
 */
export async function applyBatchOrNamePoison(
  projection: Projection,
  events: readonly RecordedEvent[],
  tx: pg.PoolClient,
  context?: ApplyContext,
): Promise<void> {
  if (!events.some((event) => projection.handles.has(event.type))) return;
  await tx.query('SAVEPOINT batch');
  try {
    if (!projection.applyBatch) return await applyEventByEvent(projection, events, tx, context);
    try {
      await applyEvents(projection, events, tx, context);
    } catch {
      await tx.query('ROLLBACK TO SAVEPOINT batch');
      await applyEventByEvent(projection, events, tx, context);
    }
  } catch (error) {
    // (Should the connection be gone, this throws instead, and the caller's transaction fails whole.)
    await tx.query('ROLLBACK TO SAVEPOINT batch');
    throw error;
  }
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
  /** Prefix of the advisory-lock key; a rebuild uses its own so it never waits for the live worker. */
  lockKeyPrefix?: string;
  /** How long one statement of a batch may run before it fails its projection (default 30 s). */
  statementTimeoutMs?: number;
  /** Called after each committed batch (a rebuild's test seam to slow it down). */
  afterBatch?: () => Promise<unknown>;
}

/**
 * The projections' DDL and checkpoint rows, one process at a time: the API and the worker start at once,
 * and two runs of a schema's change side by side (the ledger's history table becoming a view) failed one
 * of them. A session-level lock, not one transaction: each projection's DDL still commits on its own, so
 * this never holds one table's lock while it waits for another's that a live batch holds.
 */
export async function initProjectionSchemas(
  pool: pg.Pool,
  projections: readonly Projection[],
): Promise<void> {
  await withAdvisoryLock(pool, 'sai:projection-schemas', async (client) => {
    await client.query(CHECKPOINT_SCHEMA);
    for (const projection of projections) {
      await client.query(projection.schema);
      await client.query(
        'INSERT INTO projection_checkpoints (name) VALUES ($1) ON CONFLICT (name) DO NOTHING',
        [projection.name],
      );
    }
  });
}

export async function readCheckpoint(
  pool: pg.Pool | pg.PoolClient,
  name: string,
): Promise<LogPosition | null> {
  const { rows } = await pool.query<CheckpointRow>(
    'SELECT position_commit::text, position_prepare::text FROM projection_checkpoints WHERE name = $1',
    [name],
  );
  return rowPosition(rows[0]);
}

/** One projection's batch: its events past `previous`, up to `last`, to apply and checkpoint. */
interface BatchRequest {
  projection: Projection;
  previous: LogPosition | null;
  last: LogPosition;
  events: readonly RecordedEvent[];
}

interface Pending extends BatchRequest {
  resolve: () => void;
  reject: (error: unknown) => void;
}

const ADVANCE_CHECKPOINTS = `UPDATE projection_checkpoints AS c
   SET position_commit = v.commit, position_prepare = v.prepare, events_processed = c.events_processed + v.n,
       updated_at = now(), last_error = NULL, last_error_at = NULL, last_error_position = NULL, retry_count = 0
  FROM unnest($1::text[], $2::numeric[], $3::numeric[], $4::bigint[]) AS v(name, commit, prepare, n)
 WHERE c.name = v.name`;

/**
 * Commits the batches of several projections in one transaction: the projections in step get the same
 * batch at the same moment (SharedLogFeed), and writing each in a transaction of its own cost ten
 * transactions per batch where one does (measured in BENCHMARKS.md, stop 19). Each projection keeps its
 * own outcome:
 * - its checkpoint row is locked first, with all the others, in name order (the order the rebuild's switch
 *   locks them in, so the two wait for each other instead of deadlocking), and its position compared with
 *   the one its worker holds: a worker that silently lost its lock learns it before writing a row, and a
 *   successor that moves the checkpoint waits for the lock and then finds the position moved;
 * - its rows are written after a savepoint of its own: should its set-based form fail, it is rolled back to
 *   there and replayed event by event (naming the poison event); should that fail too, it is rolled back
 *   to there and fails alone, its checkpoint untouched, while the others' batches commit;
 * - the checkpoints of those that succeeded move in one statement before the commit;
 * - the projections in step wait for the slowest of them, so a statement that hangs (a lock held
 *   elsewhere) would hold them all: past `statementTimeoutMs` it is cancelled and fails its projection
 *   alone, which retries with backoff while the others commit.
 * Commits do not wait for the WAL flush: read models are disposable and their checkpoints commit with their
 * rows, so a crash that loses the last few batches loses rows and checkpoints together and the worker
 * replays them from the log; and these commits stop competing with the commands' for the flush.
 * Written here rather than taken from a library: it is a few statements over this project's own tables.
 */
class JointCommitter {
  private queue: Pending[] = [];

  constructor(
    private readonly pool: pg.Pool,
    /** A statement running longer fails its projection alone (see below). */
    private readonly statementTimeoutMs = 30_000,
  ) {}

  /** Resolves once the batch is committed; rejects with the projection's own failure, or the transaction's. */
  submit(request: BatchRequest): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      // Whatever is submitted in this turn of the event loop goes into one transaction: the first to
      // arrive schedules it.
      if (this.queue.push({ ...request, resolve, reject }) > 1) return;
      setImmediate(() => {
        const batch = this.queue;
        this.queue = [];
        void this.commit(batch);
      });
    });
  }

  private async commit(requests: Pending[]): Promise<void> {
    const failures = new Map<Pending, unknown>();
    let client: pg.PoolClient | undefined;
    let broken: boolean | undefined;
    try {
      client = await this.pool.connect();
      const names = requests.map((request) => pg.escapeLiteral(request.projection.name)).join(', ');
      // One round trip; the statement has no parameters (a multi-statement query cannot), so the names are
      // inlined through escapeLiteral.
      const results = (await client.query(
        `BEGIN; SET LOCAL synchronous_commit = 'off';
         SET LOCAL statement_timeout = ${Math.max(1, Math.floor(this.statementTimeoutMs))};
         SELECT name, position_commit::text, position_prepare::text FROM projection_checkpoints
          WHERE name IN (${names}) ORDER BY name FOR UPDATE`,
      )) as unknown as pg.QueryResult<CheckpointRow & { name: string }>[];
      const held = new Map(results[3]!.rows.map((row) => [row.name, rowPosition(row)]));
      for (const request of requests) {
        const { projection, events } = request;
        const at = held.get(projection.name);
        if (at === undefined || comparePositions(at, request.previous) !== 0) {
          failures.set(request, new LostOwnershipError(`checkpoint of ${projection.name} moved underneath`));
          continue;
        }
        // Its own failure rolls back its own rows only; the others' stay.
        await applyBatchOrNamePoison(projection, events, client).catch((error: unknown) => {
          failures.set(request, error);
        });
      }
      const done = requests.filter((request) => !failures.has(request));
      if (done.length > 0) {
        await client.query({
          name: 'sai-advance-checkpoints',
          text: ADVANCE_CHECKPOINTS,
          values: [
            done.map((request) => request.projection.name),
            done.map((request) => request.last.commit.toString()),
            done.map((request) => request.last.prepare.toString()),
            done.map((request) => request.events.length),
          ],
        });
      }
      await client.query('COMMIT');
    } catch (error) {
      // A connection that cannot even roll back is not handed back to the pool.
      broken = await client?.query('ROLLBACK').then(
        () => false,
        () => true,
      );
      for (const request of requests) if (!failures.has(request)) failures.set(request, error);
    } finally {
      client?.release(broken);
    }
    for (const request of requests) {
      if (failures.has(request)) request.reject(failures.get(request));
      else request.resolve();
    }
  }
}

class ProjectionWorker {
  state: WorkerState = 'starting';
  private stopped = false;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;

  constructor(
    readonly projection: Projection,
    private readonly options: RunnerOptions,
    /** The log, read once for all the projections of this runner that are in step. */
    private readonly feed: SharedLogFeed,
    /** Commits the batches that arrive together in one transaction. */
    private readonly committer: JointCommitter,
  ) {}

  start(): void {
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
    this.state = 'stopped';
  }

  private async run(): Promise<void> {
    const { logger } = this.options;
    let backoff = 100;
    while (!this.stopped) {
      const outcome = await this.leadOnce().catch((error: unknown) => ({ error }));
      if (this.stopped) break;
      if (outcome === 'standby') {
        this.state = 'standby';
        await this.pause(this.options.standbyPollMs ?? 1_000);
        continue;
      }
      if (typeof outcome === 'object' && 'error' in outcome) {
        this.state = 'retrying';
        const message = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
        logger.warn(
          { projection: this.projection.name, err: message, retryInMs: backoff },
          'projection failed',
        );
        await this.recordError(message, outcome.error).catch(() => {});
        await this.pause(backoff);
        backoff = Math.min(backoff * 2, this.options.maxBackoffMs ?? 30_000);
        continue;
      }
      backoff = 100;
    }
  }

  private async pause(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      const self = this;
      function done() {
        clearTimeout(timer);
        self.wake = null;
        resolve();
      }
      this.wake = done;
    });
  }

  /** Holds the lock and follows the log until stopped or something fails. */
  private async leadOnce(): Promise<'standby' | 'stopped'> {
    const { databaseUrl, pool } = this.options;
    const lockClient = new pg.Client({ connectionString: databaseUrl });
    let lost: ((error: Error) => void) | null = null;
    const lostConnection = new Promise<never>((_, reject) => {
      lost = reject;
    });
    lostConnection.catch(() => {});
    lockClient.on('error', (error) => lost?.(error));
    lockClient.on('end', () => lost?.(new Error('projection lock connection closed')));
    let stopBeside: (() => Promise<void>) | undefined;
    try {
      await lockClient.connect();
      const { rows } = await lockClient.query<{ locked: boolean }>(
        `SELECT pg_try_advisory_lock(hashtextextended($1 || $2, 0)) AS locked`,
        [this.options.lockKeyPrefix ?? 'projection:', this.projection.name],
      );
      if (!rows[0]?.locked) return 'standby';
      this.state = 'running';
      stopBeside = this.projection.whileLeading?.((error) =>
        this.options.logger.warn(
          { projection: this.projection.name, err: error instanceof Error ? error.message : String(error) },
          'projection background work failed',
        ),
      );
      let checkpoint = await readCheckpoint(pool, this.projection.name);
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
      failed.catch(() => {});
      const stopped = new Promise<'stopped'>((resolve) => {
        const check = setInterval(() => {
          if (this.stopped) {
            clearInterval(check);
            resolve('stopped');
          }
        }, 50);
      });
      try {
        return await Promise.race([failed, lostConnection, stopped]);
      } finally {
        await (subscription as Subscription | null)?.close();
      }
    } finally {
      await stopBeside?.();
      lost = null;
      lockClient.removeAllListeners('end');
      await lockClient.end().catch(() => {});
    }
  }

  private async processBatch(
    events: RecordedEvent[],
    previous: LogPosition | null,
  ): Promise<LogPosition | null> {
    const relevant = events.filter((event) => comparePositions(event.position, previous) > 0);
    if (relevant.length === 0) return previous;
    const last = relevant[relevant.length - 1]!.position;
    // Submitted before any await: the feed hands a batch to all its members in one go, so the batches of
    // the projections in step reach the committer together and share its transaction.
    await this.committer.submit({ projection: this.projection, previous, last, events: relevant });
    return last;
  }

  private async recordError(message: string, error: unknown): Promise<void> {
    const position = error instanceof Error && /at (\d+-\d+):/.exec(error.message)?.[1];
    await this.options.pool.query(
      `UPDATE projection_checkpoints SET last_error = $2, last_error_at = now(), last_error_position = $3,
         retry_count = retry_count + 1 WHERE name = $1`,
      [this.projection.name, message.slice(0, 1000), position || null],
    );
  }
}

export class ProjectionRunner {
  private readonly workers: ProjectionWorker[];
  private readonly feed: SharedLogFeed;

  constructor(private readonly options: RunnerOptions) {
    this.feed = new SharedLogFeed(options.store, { batchSize: options.batchSize ?? 500 });
    const committer = new JointCommitter(options.pool, options.statementTimeoutMs);
    this.workers = options.projections.map(
      (projection) => new ProjectionWorker(projection, options, this.feed, committer),
    );
  }

  get names(): string[] {
    return this.options.projections.map((projection) => projection.name);
  }

  async start(): Promise<void> {
    await initProjectionSchemas(this.options.pool, this.options.projections);
    for (const worker of this.workers) worker.start();
  }

  async stop(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.stop()));
    await this.feed.close();
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
          state: worker.state,
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
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await this.options.pool.query<CheckpointRow & { name: string }>(
        'SELECT name, position_commit::text, position_prepare::text FROM projection_checkpoints WHERE name = ANY($1)',
        [names],
      );
      const behind = names.some((name) => {
        const row = rows.find((r) => r.name === name);
        return comparePositions(rowPosition(row), position) < 0;
      });
      if (!behind) return true;
      if (Date.now() >= deadline) return false;
      await sleep(10);
    }
  }
}
