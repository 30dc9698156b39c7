import pg from 'pg';
import { comparePositions, type LogPosition, type RecordedEvent } from '../../infra/eventStore/eventStore.ts';
import {
  type ApplyContext,
  applyEventByEvent,
  applyEvents,
  handlesType,
  type Projection,
} from '../projection.ts';
import { advanceCheckpoints, type CheckpointRow, rowPosition } from './checkpoints.ts';

/**
 * Apply and checkpoint: a batch's rows and its checkpoint in one transaction. The live runner's joint commit
 * (JointCommitter) and a rebuild's shadow batches (../rebuild/catchUp.ts) both go through here.
 */

/** The events of a batch past `previous` and the last one's position; null when none is past it. */
export function pastCheckpoint(
  events: readonly RecordedEvent[],
  previous: LogPosition | null,
): { events: RecordedEvent[]; last: LogPosition } | null {
  const relevant = events.filter((event) => comparePositions(event.position, previous) > 0);
  if (relevant.length === 0) return null;
  return { events: relevant, last: relevant[relevant.length - 1]!.position };
}

class LostOwnershipError extends Error {}

/**
 * Applies a batch after a savepoint: set-based where the projection can; if that fails, rolled back to the
 * savepoint and applied again one event at a time, so a poison event fails with a PoisonEventError that
 * names it (and a batch that only the set-based form chokes on still goes through). Should that fail too,
 * the transaction is rolled back to the savepoint before the error is thrown: whatever the caller wrote
 * before (another projection's batch in a joint commit) stays. The savepoint is left for the commit to end.
 */
export async function applyBatchOrNamePoison(
  projection: Projection,
  events: readonly RecordedEvent[],
  tx: pg.PoolClient,
  context?: ApplyContext,
): Promise<void> {
  if (!events.some((event) => handlesType(projection, event.type))) return;
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

/** One projection's batch: its events past `previous`, up to `last`, to apply and checkpoint. */
export interface BatchRequest {
  projection: Projection;
  previous: LogPosition | null;
  last: LogPosition;
  events: readonly RecordedEvent[];
}

interface Pending extends BatchRequest {
  resolve: () => void;
  reject: (error: unknown) => void;
}

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
export class JointCommitter {
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
      await advanceCheckpoints(
        client,
        done.map((request) => ({
          name: request.projection.name,
          last: request.last,
          events: request.events.length,
        })),
      );
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
