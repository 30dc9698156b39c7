import type pg from 'pg';
import { type MigrateLog, migratePool } from '../postgres/migrate.ts';
import {
  type AppendResult,
  assertAppendable,
  DuplicateEventIdError,
  type EventStore,
  type ExpectedRevision,
  type LogPosition,
  type NewEvent,
  type ReadStreamOptions,
  type RecordedEvent,
  type StreamAppend,
  type SubscribeOptions,
  type Subscription,
  WrongExpectedRevisionError,
} from './eventStore.ts';
import { verifyStreamEvents } from './hashChain.ts';
import { appendStreams } from './postgres/appendMany.ts';
import { AppendSignal } from './postgres/appendSignal.ts';
import { PostgresBulkRead } from './postgres/bulkRead.ts';
import { FastAppend } from './postgres/fastAppend.ts';
import { LockedAppend, type PostgresEventStoreHooks, YoungerHeadError } from './postgres/lockedAppend.ts';
import { findAlreadyAppended, headPosition, readAll, readEventsById, StreamReads } from './postgres/reads.ts';
import { pgCode } from './postgres/rows.ts';
import { StreamHeads } from './postgres/streamHeads.ts';
import { Subscriptions } from './postgres/subscription.ts';

export { databaseIdentity } from './postgres/bulkRead.ts';

/** Up to this many streams, an atomic append goes in the shared one-statement append. */
const MOST_STREAMS_IN_ONE_STATEMENT = 8;

export type { PostgresEventStoreHooks } from './postgres/lockedAppend.ts';

/**
 * The event log in Postgres, written here rather than taken from @event-driven-io/emmett-postgresql:
 * we need the hash chain computed under the stream lock, idempotent re-appends by event id and (later)
 * several commands batched into one commit, none of which Emmett's pre-1.0 API exposes.
 *
 * Ordering (docs/ledger.md invariant 5). A sequence value is taken at INSERT but becomes visible at COMMIT, so
 * "global_position > checkpoint" can pass a transaction that commits late. Like Emmett, every event
 * records the id of the transaction that wrote it (xid8), the log is ordered by
 * (transaction_id, global_position), and readers only see transactions older than the oldest one still
 * running (`pg_snapshot_xmin`). A transaction that took an early id but commits late therefore holds back
 * every reader until it commits; nothing behind it is ever skipped. Keep write transactions short.
 *
 * The parts, in `postgres/`: schema.ts (the tables), fastAppend.ts (the one-statement append, grouped
 * into shared commits), lockedAppend.ts (the append under the stream's row lock, which decides what the
 * fast one leaves), appendMany.ts (many streams in one commit), reads.ts (streams, the log in order, the
 * head), subscription.ts (the subscription loops), appendSignal.ts (LISTEN/NOTIFY and wake-ups),
 * streamHeads.ts (the heads this store remembers), bulkRead.ts (a rebuild's reads). This class composes
 * them and owns the append's retries.
 */
export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  readonly bulkRead: PostgresBulkRead;
  private readonly signal: AppendSignal;
  /** The last revision and hash this store saw per stream (bounded; only ever a hint). */
  private readonly heads = new StreamHeads(50_000);
  private readonly fast: FastAppend;
  private readonly locked: LockedAppend;
  private readonly streamReads: StreamReads;
  private readonly subscriptions: Subscriptions;

  constructor(
    private readonly pool: pg.Pool,
    url: string,
    hooks: PostgresEventStoreHooks = {},
  ) {
    this.signal = new AppendSignal(url, pool);
    this.fast = new FastAppend(pool, this.heads, this.signal, hooks);
    this.locked = new LockedAppend(pool, this.heads, this.signal, hooks);
    this.streamReads = new StreamReads(pool);
    // Through this.readAll, the store's own: what reads the log for one reads it for all.
    this.subscriptions = new Subscriptions(pool, this.signal, (options) => this.readAll(options));
    this.bulkRead = new PostgresBulkRead(pool);
  }

  /**
   * The log's tables come from the versioned migrations (infra/postgres/migrate.ts), like the app's, on
   * `sessionPool` when the store's own pool is a transaction-mode pooler's (their lock lasts a session).
   */
  async init(log?: MigrateLog, sessionPool: pg.Pool = this.pool): Promise<void> {
    await migratePool(sessionPool, log);
  }

  async append(
    streamName: string,
    events: NewEvent[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    assertAppendable(events);
    for (let attempt = 0; ; attempt++) {
      try {
        if (attempt === 0) {
          const fast = await this.fast.append(streamName, events, options.expectedRevision);
          if (fast) return fast;
        }
        return await this.locked.append(streamName, events, options.expectedRevision);
      } catch (error) {
        const { code, constraint } = pgCode(error);
        if (code === '23505' && constraint === 'es_events_event_id_key') {
          const existing = await findAlreadyAppended(this.pool, streamName, events);
          if (existing) return existing;
          throw new DuplicateEventIdError(events[0]!.id);
        }
        // Chosen as a deadlock's victim (another process's shared statement locks its rows in no set
        // order), or locked a head younger than itself: nothing was written; try again.
        if ((code === '40P01' || error instanceof YoungerHeadError) && attempt < 20) {
          if (attempt > 2) await new Promise((resolve) => setTimeout(resolve, Math.random() * 10));
          continue;
        }
        if (code === '23505' && constraint === 'es_streams_pkey') {
          // Another writer created the stream between our read and our insert.
          if (options.expectedRevision === 'any' && attempt < 3) continue;
          throw new WrongExpectedRevisionError(streamName, options.expectedRevision, 0n);
        }
        if (error instanceof WrongExpectedRevisionError) {
          const existing = await findAlreadyAppended(this.pool, streamName, events);
          if (existing) return existing;
        }
        throw error;
      }
    }
  }

  /**
   * A few streams with exact expectations (a command's legs: a transfer's debit and credit) go in the
   * shared one-statement append, all or nothing, beside every other append in flight; a bulk batch (the
   * seeder's) or one with loose expectations goes under the table lock (appendMany.ts).
   */
  async appendMany(batch: StreamAppend[]): Promise<AppendResult[]> {
    const names = new Set(batch.map((item) => item.streamName));
    const parts = batch.flatMap((item) =>
      item.expectedRevision === 'stream_exists'
        ? []
        : [{ streamName: item.streamName, events: item.events, expected: item.expectedRevision }],
    );
    if (batch.length < 2 || batch.length > MOST_STREAMS_IN_ONE_STATEMENT || names.size !== batch.length)
      return await appendStreams(this.pool, this.signal, batch);
    if (parts.length !== batch.length) return await appendStreams(this.pool, this.signal, batch);
    for (const item of batch)
      assertAppendable(item.events, 'appendMany: every stream needs at least one event');
    // A head this store has not seen, or one that moved: learn the heads (one indexed read) and try again.
    // A head not the one an exact expectation names is another writer's: the caller decides again.
    for (let attempt = 0; attempt < 5; attempt++) {
      let result: Awaited<ReturnType<FastAppend['appendGroup']>>;
      try {
        result = await this.fast.appendGroup(parts);
      } catch (error) {
        // The group's own statement failed (a stream created meanwhile, a deadlock): nothing was written.
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        result = 'moved';
      }
      if (typeof result !== 'string') return result;
      await this.learnHeads([...names]);
      for (const part of parts) {
        if (part.expected === 'any') continue;
        const known = this.heads.get(part.streamName);
        if (part.expected === 'no_stream' ? known !== undefined : known?.revision !== part.expected)
          throw new WrongExpectedRevisionError(
            part.streamName,
            part.expected,
            known?.revision ?? 'no_stream',
          );
      }
    }
    // Still not: the test seam holding commits open, or a head changing under every try. The table lock.
    return await appendStreams(this.pool, this.signal, batch);
  }

  private async learnHeads(names: string[]): Promise<void> {
    const { rows } = await this.pool.query<{ stream_name: string; revision: string; last_hash: string }>(
      'SELECT stream_name, revision::text AS revision, last_hash FROM es_streams WHERE stream_name = ANY($1::text[])',
      [names],
    );
    for (const row of rows) this.heads.remember(row.stream_name, BigInt(row.revision), row.last_hash);
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const fromRevision = options.fromRevision ?? 0n;
    const recorded = await this.streamReads.read({
      streamName,
      fromRevision,
      maxCount: options.maxCount ?? null,
    });
    if (options.verify) verifyStreamEvents(streamName, fromRevision, recorded, options.verify.prevHash);
    const last = recorded.at(-1);
    // A hint for the one-statement append: if this is not the head after all, that append just falls back.
    if (last?.metadata.hash) this.heads.remember(streamName, last.revision, last.metadata.hash);
    return recorded;
  }

  async readEventsById(streamName: string, ids: readonly string[]): Promise<RecordedEvent[]> {
    return await readEventsById(this.pool, streamName, ids);
  }

  async readAll(options: { after: LogPosition | null; limit: number }): Promise<RecordedEvent[]> {
    return await readAll(this.pool, options);
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    return this.subscriptions.subscribe(options);
  }

  async headPosition(): Promise<LogPosition | null> {
    return await headPosition(this.pool);
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async close(): Promise<void> {
    await this.signal.close();
  }
}
