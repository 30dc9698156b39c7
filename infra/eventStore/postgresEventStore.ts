import pg from 'pg';
import { Batcher } from '../batcher.ts';
import {
  type AppendResult,
  DuplicateEventIdError,
  type EventStore,
  type ExpectedRevision,
  type LogPosition,
  type NewEvent,
  type RecordedEvent,
  type StoredMetadata,
  type StreamAppend,
  type SubscribeOptions,
  type Subscription,
  WrongExpectedRevisionError,
} from './eventStore.ts';
import { eventHash } from './hashChain.ts';

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
 */

const NOTIFY_CHANNEL = 'es_appended';

export const EVENT_STORE_SCHEMA = `
CREATE TABLE IF NOT EXISTS es_streams (
  stream_name text PRIMARY KEY,
  revision bigint NOT NULL,
  last_hash text NOT NULL
);
CREATE TABLE IF NOT EXISTS es_events (
  global_position bigserial NOT NULL,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_name text NOT NULL,
  stream_revision bigint NOT NULL,
  event_id uuid NOT NULL,
  event_type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (stream_name, stream_revision),
  CONSTRAINT es_events_event_id_key UNIQUE (event_id)
);
CREATE INDEX IF NOT EXISTS es_events_log_order ON es_events (transaction_id, global_position);
-- No statement reads the log by time (readers go by stream, by event id or in log order, and the screens
-- read their read models), so the index on created_at that earlier versions kept up on every append goes.
DROP INDEX IF EXISTS es_events_created_at;
`;

// Aliases differ from the column names on purpose: ORDER BY resolves an output alias before a column,
// and ordering by the text form ('1000' < '999') would scramble the log.
const SELECT_COLUMNS = `global_position::text AS position_text, transaction_id::text AS transaction_text,
  stream_name, stream_revision::text AS revision_text, event_id::text AS event_id, event_type, data, metadata, created_at`;

interface EventRow {
  position_text: string;
  transaction_text: string;
  stream_name: string;
  revision_text: string;
  event_id: string;
  event_type: string;
  data: unknown;
  metadata: StoredMetadata;
  created_at: Date;
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    streamName: row.stream_name,
    revision: BigInt(row.revision_text),
    type: row.event_type,
    data: row.data,
    metadata: row.metadata,
    position: { commit: BigInt(row.transaction_text), prepare: BigInt(row.position_text) },
    recordedAt: row.created_at,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function pgCode(error: unknown): { code?: string; constraint?: string } {
  return typeof error === 'object' && error !== null ? (error as { code?: string; constraint?: string }) : {};
}

/** The newest transaction in the log, and whether readers cannot see it yet (an older one is open). */
interface LogTail {
  hidden: boolean;
  newest: bigint | null;
}

/** Wakes subscription loops when an append commits (LISTEN/NOTIFY), one connection per store. */
class AppendSignal {
  private version = 0;
  private waiters = new Set<() => void>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private closed = false;
  connected = false;

  constructor(private readonly url: string) {}

  current(): number {
    return this.version;
  }

  bump(): void {
    this.version++;
    for (const wake of this.waiters) wake();
    this.waiters.clear();
  }

  /** Resolves when the version moves past `seen`, or after `ms`. */
  async wait(seen: number, ms: number): Promise<void> {
    if (this.version !== seen || this.closed) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.waiters.add(done);
    });
  }

  ensureListening(): void {
    if (this.client || this.connecting || this.closed) return;
    this.connecting = this.connect().finally(() => {
      this.connecting = null;
    });
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      this.connected = false;
      client.end().catch(() => {});
      this.bump();
      if (!this.closed) setTimeout(() => this.ensureListening(), 500).unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', () => this.bump());
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
      this.client = client;
      this.connected = true;
      // Anything committed while we were not listening must be looked at.
      this.bump();
    } catch {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      if (!this.closed) setTimeout(() => this.ensureListening(), 500).unref();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.bump();
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
    }
    await this.connecting;
  }
}

/**
 * A bounded map of stream heads, oldest forgotten first. Written by hand: it is a Map with an eviction
 * loop, smaller than any cache library's API surface.
 */
class StreamHeads {
  private readonly map = new Map<string, { revision: bigint; hash: string }>();
  constructor(private readonly capacity: number) {}
  get(stream: string) {
    return this.map.get(stream);
  }
  remember(stream: string, revision: bigint, hash: string) {
    const known = this.map.get(stream);
    if (known && known.revision > revision) return;
    this.map.delete(stream);
    this.map.set(stream, { revision, hash });
    if (this.map.size > this.capacity) {
      const oldest = this.map.keys().next().value;
      if (oldest !== undefined) this.map.delete(oldest);
    }
  }
  forget(stream: string) {
    this.map.delete(stream);
  }
}

export interface PostgresEventStoreHooks {
  /** Test seam: runs inside the append transaction, after the insert and before COMMIT. */
  beforeCommit?(streamName: string): Promise<void>;
  /** Test seam: whether beforeCommit wants to hold appends to this stream (all, when not given). */
  holds?(streamName: string): boolean;
}

/** The locked append found a head written by a transaction younger than its own (see appendInTransaction). */
class YoungerHeadError extends Error {
  override readonly name = 'YoungerHeadError';
}

export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  private readonly signal: AppendSignal;

  constructor(
    private readonly pool: pg.Pool,
    url: string,
    private readonly hooks: PostgresEventStoreHooks = {},
  ) {
    this.signal = new AppendSignal(url);
  }

  async init(): Promise<void> {
    await this.pool.query(EVENT_STORE_SCHEMA);
  }

  private notifyPending = false;
  /** The last revision and hash this store saw per stream (bounded; only ever a hint). */
  private readonly heads = new StreamHeads(50_000);

  /**
   * Tells subscribers that an append committed: at once in this process, and to other processes with one
   * NOTIFY per 5 ms at most, sent after the commit. Not inside the append transaction on purpose: a
   * transaction that has notified holds Postgres's database-wide notify lock through its commit, WAL flush
   * included, which serialises every appending commit and defeats group commit (measured in
   * BENCHMARKS.md). A NOTIFY lost to a crash only delays other processes until their next poll.
   */
  private announce(): void {
    this.signal.bump();
    if (this.notifyPending) return;
    this.notifyPending = true;
    // At most one NOTIFY per 5 ms: other processes learn of a burst of appends once, a few ms later.
    setTimeout(() => {
      this.notifyPending = false;
      this.pool.query(`SELECT pg_notify('${NOTIFY_CHANNEL}', '')`).catch(() => {});
    }, 5);
  }

  async append(
    streamName: string,
    events: NewEvent[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    for (const event of events)
      if (!UUID.test(event.id)) throw new Error(`Event id ${event.id} is not a UUID`);
    for (let attempt = 0; ; attempt++) {
      try {
        if (attempt === 0) {
          const fast = await this.tryAppendAtKnownHead(streamName, events, options.expectedRevision);
          if (fast) return fast;
        }
        return await this.tryAppend(streamName, events, options.expectedRevision);
      } catch (error) {
        const { code, constraint } = pgCode(error);
        if (code === '23505' && constraint === 'es_events_event_id_key') {
          const existing = await this.findAlreadyAppended(streamName, events);
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
          const existing = await this.findAlreadyAppended(streamName, events);
          if (existing) return existing;
        }
        throw error;
      }
    }
  }

  private async tryAppend(
    streamName: string,
    events: NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await this.appendInTransaction(client, streamName, events, expected);
      if (this.hooks.beforeCommit) await this.hooks.beforeCommit(streamName);
      await client.query('COMMIT');
      this.announce();
      this.heads.remember(streamName, result.nextRevision, result.lastHash);
      return { nextRevision: result.nextRevision, position: result.position };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * Many streams in one transaction, all or nothing: one commit (one fsync) and a handful of set-based
   * statements for the whole batch, whatever its size. It holds `es_streams` for itself while it runs
   * (below), so its heads need no row locks and two batches cannot deadlock. A stream may appear once per
   * batch.
   */
  async appendMany(batch: StreamAppend[]): Promise<AppendResult[]> {
    if (batch.length === 0) return [];
    const names = batch.map((item) => item.streamName);
    if (new Set(names).size !== names.length)
      throw new Error('appendMany: a stream may appear only once per batch');
    for (const item of batch) {
      if (item.events.length === 0) throw new Error('appendMany: every stream needs at least one event');
      for (const event of item.events)
        if (!UUID.test(event.id)) throw new Error(`Event id ${event.id} is not a UUID`);
    }
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      // No other append runs while this one does. The log is ordered by the id of the transaction that
      // wrote an event, and this transaction takes its id with its first row lock: had it then waited for
      // another row, it could chain onto a head that a younger transaction committed meanwhile, putting
      // revision n + 1 before revision n in the log (shown by the race test in
      // postgresEventStore.int.test.ts, stop 17). With the table locked first (before any id is taken:
      // the lock waits for every append under way to end), every head it reads is older than it. Readers
      // are not held up; other appends wait for this one, which the seeder's batches can afford. (Nor
      // can anyone else lock or change a head meanwhile: no row locks needed.)
      await client.query('LOCK TABLE es_streams IN EXCLUSIVE MODE');
      const heads = await client.query<{ stream_name: string; revision: string; last_hash: string }>(
        `SELECT stream_name, revision::text AS revision, last_hash FROM es_streams
         WHERE stream_name = ANY($1::text[])`,
        [names],
      );
      const head = new Map(heads.rows.map((r) => [r.stream_name, r]));
      const fresh: [string[], string[], string[]] = [[], [], []];
      const moved: [string[], string[], string[]] = [[], [], []];
      const rows = {
        stream: [] as string[],
        revision: [] as string[],
        id: [] as string[],
        type: [] as string[],
        data: [] as string[],
        metadata: [] as string[],
      };
      const lastRevision: bigint[] = [];
      for (const item of batch) {
        const row = head.get(item.streamName);
        const current = row ? BigInt(row.revision) : null;
        const expected = item.expectedRevision;
        if (
          (expected === 'no_stream' && current !== null) ||
          (expected === 'stream_exists' && current === null) ||
          (typeof expected === 'bigint' && current !== expected)
        ) {
          throw new WrongExpectedRevisionError(item.streamName, expected, current ?? 'no_stream');
        }
        let prevHash = row?.last_hash ?? null;
        let revision = current ?? -1n;
        for (const event of item.events) {
          revision++;
          const hash = eventHash({ streamName: item.streamName, revision, ...event, prevHash });
          rows.stream.push(item.streamName);
          rows.revision.push(revision.toString());
          rows.id.push(event.id);
          rows.type.push(event.type);
          rows.data.push(JSON.stringify(event.data));
          rows.metadata.push(JSON.stringify({ ...event.metadata, prevHash, hash } satisfies StoredMetadata));
          prevHash = hash;
        }
        const target = current === null ? fresh : moved;
        target[0].push(item.streamName);
        target[1].push(revision.toString());
        target[2].push(prevHash!);
        lastRevision.push(revision);
      }
      if (fresh[0].length > 0) {
        await client.query(
          'INSERT INTO es_streams (stream_name, revision, last_hash) SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[])',
          fresh,
        );
      }
      if (moved[0].length > 0) {
        await client.query(
          `UPDATE es_streams s SET revision = u.revision, last_hash = u.last_hash
           FROM unnest($1::text[], $2::bigint[], $3::text[]) AS u(stream_name, revision, last_hash)
           WHERE s.stream_name = u.stream_name`,
          moved,
        );
      }
      const inserted = await client.query<{
        stream_name: string;
        position_text: string;
        transaction_text: string;
      }>(
        `INSERT INTO es_events (stream_name, stream_revision, event_id, event_type, data, metadata)
         SELECT s, r, id, t, d, m FROM unnest($1::text[], $2::bigint[], $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[])
           WITH ORDINALITY AS x(s, r, id, t, d, m, n) ORDER BY n
         RETURNING stream_name, global_position::text AS position_text, transaction_id::text AS transaction_text`,
        [rows.stream, rows.revision, rows.id, rows.type, rows.data, rows.metadata],
      );
      await client.query('COMMIT');
      this.announce();
      const lastPosition = new Map<string, { position_text: string; transaction_text: string }>();
      for (const row of inserted.rows) {
        const seen = lastPosition.get(row.stream_name);
        if (!seen || BigInt(row.position_text) > BigInt(seen.position_text))
          lastPosition.set(row.stream_name, row);
      }
      return batch.map((item, i) => {
        const last = lastPosition.get(item.streamName)!;
        return {
          nextRevision: lastRevision[i]!,
          position: { commit: BigInt(last.transaction_text), prepare: BigInt(last.position_text) },
        };
      });
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      const { code, constraint } = pgCode(error);
      if (code === '23505' && (constraint === 'es_streams_pkey' || constraint === 'es_events_pkey')) {
        throw new WrongExpectedRevisionError(batch[0]!.streamName, batch[0]!.expectedRevision, 0n);
      }
      if (code === '23505' && constraint === 'es_events_event_id_key')
        throw new DuplicateEventIdError(batch[0]!.events[0]!.id);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Checks the expected revision under the stream's row lock, chains the hashes, inserts. */
  private async appendInTransaction(
    client: pg.PoolClient,
    streamName: string,
    events: NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult & { lastHash: string }> {
    const head = await client.query<{ revision: string; last_hash: string }>(
      'SELECT revision::text AS revision, last_hash FROM es_streams WHERE stream_name = $1 FOR UPDATE',
      [streamName],
    );
    if (head.rows[0]) {
      // The log is ordered by the id of the transaction that wrote an event, and Postgres gives this
      // transaction its id as it starts to lock the row, before it waits for it. A wait that outlasts
      // other writers (each commit moves the row on, and another may lock it first) can leave it holding
      // the lock on a head a younger transaction wrote: chaining onto it would put revision n + 1 before
      // revision n in the log (shown by the race test in postgresEventStore.int.test.ts, stop 17). Then it
      // starts again, with an id younger than that writer's.
      const { rows } = await client.query<{ younger: boolean }>(
        `SELECT transaction_id > pg_current_xact_id() AS younger FROM es_events
          WHERE stream_name = $1 AND stream_revision = $2::bigint`,
        [streamName, head.rows[0].revision],
      );
      if (rows[0]?.younger) throw new YoungerHeadError();
    }
    const current = head.rows[0] ? BigInt(head.rows[0].revision) : null;
    if (
      (expected === 'no_stream' && current !== null) ||
      (expected === 'stream_exists' && current === null) ||
      (typeof expected === 'bigint' && current !== expected)
    ) {
      throw new WrongExpectedRevisionError(streamName, expected, current ?? 'no_stream');
    }
    let prevHash = head.rows[0]?.last_hash ?? null;
    let revision = current ?? -1n;
    const revisions: string[] = [];
    const metadata: string[] = [];
    for (const event of events) {
      revision++;
      const hash = eventHash({ streamName, revision, ...event, prevHash });
      const stored: StoredMetadata = { ...event.metadata, prevHash, hash };
      revisions.push(revision.toString());
      metadata.push(JSON.stringify(stored));
      prevHash = hash;
    }
    if (current === null) {
      await client.query('INSERT INTO es_streams (stream_name, revision, last_hash) VALUES ($1, $2, $3)', [
        streamName,
        revision.toString(),
        prevHash,
      ]);
    } else {
      await client.query('UPDATE es_streams SET revision = $2, last_hash = $3 WHERE stream_name = $1', [
        streamName,
        revision.toString(),
        prevHash,
      ]);
    }
    const inserted = await client.query<{ position_text: string; transaction_text: string }>(
      `INSERT INTO es_events (stream_name, stream_revision, event_id, event_type, data, metadata)
       SELECT $1, r, id, t, d, m FROM unnest($2::bigint[], $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[])
         WITH ORDINALITY AS x(r, id, t, d, m, n) ORDER BY n
       RETURNING global_position::text AS position_text, transaction_id::text AS transaction_text`,
      [
        streamName,
        revisions,
        events.map((e) => e.id),
        events.map((e) => e.type),
        events.map((e) => JSON.stringify(e.data)),
        metadata,
      ],
    );
    let last = inserted.rows[0]!;
    for (const row of inserted.rows) if (BigInt(row.position_text) > BigInt(last.position_text)) last = row;
    return {
      nextRevision: revision,
      lastHash: prevHash!,
      position: { commit: BigInt(last.transaction_text), prepare: BigInt(last.position_text) },
    };
  }

  /**
   * The common case in one statement and one round trip: the caller expects the revision this store last
   * saw the stream at (its own append, or a read), so the new events' hashes can be chained to the head
   * it remembers. The stream row is moved with a compare-and-set on revision and hash inside the same
   * statement that inserts the events; if anyone else moved the stream meanwhile, nothing is written and
   * the locked path (tryAppend) decides. The row lock is held for one statement instead of five round
   * trips, which is what lets a hot stream (a busy sender) take many appends a second.
   */
  private async tryAppendAtKnownHead(
    streamName: string,
    events: NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult | null> {
    // The test seam needs a moment between insert and commit, which one statement does not have.
    if (this.hooks.beforeCommit && (this.hooks.holds?.(streamName) ?? true)) return null;
    return await this.fastAppends.submit({ streamName, events, expected });
  }

  /**
   * Concurrent fast-path appends (to different streams) share one statement and so one commit: each
   * stream's row moves with its own compare-and-set, and only the streams whose head moved get their
   * events. A stream whose head had moved answers null (the locked path then decides), the others commit.
   * The hash chain is computed when the batch runs, after any earlier append to the same stream landed.
   */
  private readonly fastAppends = new Batcher<
    { streamName: string; events: NewEvent[]; expected: ExpectedRevision },
    AppendResult | null
  >((items) => this.runFastAppends(items), {
    maxInFlight: 1,
    maxBatch: 256,
    key: (item) => item.streamName,
  });

  private async runFastAppends(
    items: { streamName: string; events: NewEvent[]; expected: ExpectedRevision }[],
  ): Promise<(AppendResult | null)[]> {
    const head = {
      stream: [] as string[],
      expectedRevision: [] as (string | null)[],
      expectedHash: [] as (string | null)[],
      revision: [] as string[],
      hash: [] as string[],
    };
    // The events go as one JSON document of [stream, revision, id, type, data, metadata] rows, serialised
    // once: as text arrays, `pg` escaped every event's JSON again into an array literal (two passes and
    // their copies, a tenth of what the API allocated under load; BENCHMARKS.md, stop 20).
    const rows: unknown[] = [];
    const planned: ({ revision: bigint; hash: string } | null)[] = [];
    for (const { streamName, events, expected } of items) {
      // 'any' and 'stream_exists' go at the head this store knows ('any' on a stream it has never seen
      // tries to start it); the compare-and-set makes that as safe as an exact expectation.
      const known = this.heads.get(streamName);
      let current: bigint | null;
      if (expected === 'no_stream') current = null;
      else if (typeof expected === 'bigint') {
        if (!known || known.revision !== expected) {
          planned.push(null);
          continue;
        }
        current = expected;
      } else if (known) current = known.revision;
      else if (expected === 'any') current = null;
      else {
        planned.push(null);
        continue;
      }
      const expectedHash = current === null ? null : known!.hash;
      let prevHash = expectedHash;
      let revision = current ?? -1n;
      for (const event of events) {
        revision++;
        const hash = eventHash({ streamName, revision, ...event, prevHash });
        rows.push([
          streamName,
          revision.toString(),
          event.id,
          event.type,
          event.data,
          { ...event.metadata, prevHash, hash } satisfies StoredMetadata,
        ]);
        prevHash = hash;
      }
      head.stream.push(streamName);
      head.expectedRevision.push(current === null ? null : current.toString());
      head.expectedHash.push(expectedHash);
      head.revision.push(revision.toString());
      head.hash.push(prevHash!);
      planned.push({ revision, hash: prevHash! });
    }
    if (head.stream.length === 0) return planned.map(() => null);
    let inserted: pg.QueryResult<{ stream_name: string; position_text: string; transaction_text: string }>;
    try {
      inserted = await this.pool.query({
        // Named: each connection parses and plans the hot statements once, not on every call.
        name: 'es-append-group',
        text: `WITH input AS (
           SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::bigint[], $5::text[])
             AS i(stream_name, expected_revision, expected_hash, revision, last_hash)
         ), moved AS (
           UPDATE es_streams s SET revision = i.revision, last_hash = i.last_hash FROM input i
            WHERE i.expected_revision IS NOT NULL AND s.stream_name = i.stream_name
              AND s.revision = i.expected_revision AND s.last_hash = i.expected_hash
           RETURNING s.stream_name
         ), started AS (
           INSERT INTO es_streams (stream_name, revision, last_hash)
           SELECT stream_name, revision, last_hash FROM input WHERE expected_revision IS NULL
           ON CONFLICT (stream_name) DO NOTHING RETURNING stream_name
         ), written AS (SELECT stream_name FROM moved UNION ALL SELECT stream_name FROM started)
         INSERT INTO es_events (stream_name, stream_revision, event_id, event_type, data, metadata)
         SELECT x.e->>0, (x.e->>1)::bigint, (x.e->>2)::uuid, x.e->>3, x.e->4, x.e->5
           FROM jsonb_array_elements($6::jsonb) WITH ORDINALITY AS x(e, n)
           JOIN written ON written.stream_name = x.e->>0
          ORDER BY x.n
         RETURNING stream_name, global_position::text AS position_text, transaction_id::text AS transaction_text`,
        values: [
          head.stream,
          head.expectedRevision,
          head.expectedHash,
          head.revision,
          head.hash,
          JSON.stringify(rows),
        ],
      });
    } catch {
      // One item can spoil the statement for all (an event id used before, a deadlock with another
      // process) and nothing was written: halve the batch until the culprit is alone, and let that one go
      // the locked way, which sorts out its own case.
      if (items.length === 1) {
        this.heads.forget(items[0]!.streamName);
        return [null];
      }
      const half = Math.ceil(items.length / 2);
      const [first, second] = await Promise.all([
        this.runFastAppends(items.slice(0, half)),
        this.runFastAppends(items.slice(half)),
      ]);
      return [...first, ...second];
    }
    const last = new Map<string, { position_text: string; transaction_text: string }>();
    for (const row of inserted.rows) {
      const seen = last.get(row.stream_name);
      if (!seen || BigInt(row.position_text) > BigInt(seen.position_text)) last.set(row.stream_name, row);
    }
    if (inserted.rows.length > 0) this.announce();
    return items.map((item, i) => {
      const plan = planned[i];
      if (!plan) return null;
      const row = last.get(item.streamName);
      if (!row) {
        // Someone else moved the stream (or our memory of it was stale): let the locked path decide.
        this.heads.forget(item.streamName);
        return null;
      }
      this.heads.remember(item.streamName, plan.revision, plan.hash);
      return {
        nextRevision: plan.revision,
        position: { commit: BigInt(row.transaction_text), prepare: BigInt(row.position_text) },
      };
    });
  }

  /** A retried append whose events are already in this stream, in order, succeeds without writing. */
  private async findAlreadyAppended(streamName: string, events: NewEvent[]): Promise<AppendResult | null> {
    const ids = events.map((e) => e.id);
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${SELECT_COLUMNS} FROM es_events WHERE event_id = ANY($1::uuid[]) ORDER BY es_events.stream_revision`,
      [ids],
    );
    if (rows.length !== events.length) return null;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      if (row.stream_name !== streamName || row.event_id !== ids[i]) return null;
      if (i > 0 && BigInt(row.revision_text) !== BigInt(rows[i - 1]!.revision_text) + 1n) return null;
    }
    const last = toRecorded(rows[rows.length - 1]!);
    return { nextRevision: last.revision, position: last.position };
  }

  async readStream(
    streamName: string,
    options: { fromRevision?: bigint; maxCount?: number } = {},
  ): Promise<RecordedEvent[]> {
    const recorded = await this.streamReads.submit({
      streamName,
      fromRevision: options.fromRevision ?? 0n,
      maxCount: options.maxCount ?? null,
    });
    const last = recorded.at(-1);
    // A hint for the one-statement append: if this is not the head after all, that append just falls back.
    if (last?.metadata.hash) this.heads.remember(streamName, last.revision, last.metadata.hash);
    return recorded;
  }

  /**
   * Concurrent stream reads share one statement (a lateral index scan per stream). Each read is still
   * issued after it was asked for, so it sees every commit that came before it.
   */
  private readonly streamReads = new Batcher<
    { streamName: string; fromRevision: bigint; maxCount: number | null },
    RecordedEvent[]
  >((reads) => this.runStreamReads(reads), { maxInFlight: 1, maxBatch: 256 });

  private async runStreamReads(
    reads: { streamName: string; fromRevision: bigint; maxCount: number | null }[],
  ): Promise<RecordedEvent[][]> {
    if (reads.length === 1) {
      const read = reads[0]!;
      const { rows } = await this.pool.query<EventRow>({
        name: 'es-read-stream',
        text: `SELECT ${SELECT_COLUMNS} FROM es_events WHERE stream_name = $1 AND stream_revision >= $2
         ORDER BY es_events.stream_revision LIMIT $3`,
        values: [read.streamName, read.fromRevision.toString(), read.maxCount],
      });
      return [rows.map(toRecorded)];
    }
    const { rows } = await this.pool.query<EventRow & { n: string }>({
      name: 'es-read-streams',
      text: `SELECT q.n::text AS n, e.* FROM unnest($1::text[], $2::bigint[], $3::bigint[]) WITH ORDINALITY AS q(s, r, l, n)
       CROSS JOIN LATERAL (
         SELECT ${SELECT_COLUMNS} FROM es_events
          WHERE stream_name = q.s AND stream_revision >= q.r ORDER BY es_events.stream_revision LIMIT q.l
       ) e
       ORDER BY q.n, e.revision_text::bigint`,
      values: [
        reads.map((r) => r.streamName),
        reads.map((r) => r.fromRevision.toString()),
        reads.map((r) => (r.maxCount === null ? null : String(r.maxCount))),
      ],
    });
    const results: RecordedEvent[][] = reads.map(() => []);
    for (const row of rows) results[Number(row.n) - 1]!.push(toRecorded(row));
    return results;
  }

  async readAll(options: { after: LogPosition | null; limit: number }): Promise<RecordedEvent[]> {
    const after = options.after ?? { commit: 0n, prepare: 0n };
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${SELECT_COLUMNS} FROM es_events
       WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
         AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       ORDER BY es_events.transaction_id, es_events.global_position
       LIMIT $3`,
      [after.commit.toString(), after.prepare.toString(), options.limit],
    );
    return rows.map(toRecorded);
  }

  /**
   * The newest transaction in the log, and whether readAll cannot show it yet because an older
   * transaction is still open. Asked as "is the newest event at or past the snapshot's xmin": one step of
   * a backward index scan. (An EXISTS over `transaction_id >= xmin` let the planner pick a sequential scan,
   * guessing a third of the log matches, and cost a millisecond a call under load: the heaviest statement
   * in the bench.)
   *
   * Subscribers of this process share one answer per append-signal version, as they share pages: an
   * answer can only be stale by an append, and an append moves the version, which wakes them anyway.
   */
  private sharedHidden: { version: number; answer: Promise<LogTail> } | null = null;

  private logTail(seen: number): Promise<LogTail> {
    const shared = this.sharedHidden;
    if (shared && shared.version >= seen) return shared.answer;
    const version = this.signal.current();
    const answer = this.pool
      .query<{ hidden: boolean | null; newest: string | null }>(
        `SELECT newest::text AS newest, newest >= pg_snapshot_xmin(pg_current_snapshot()) AS hidden
           FROM (SELECT max(transaction_id) AS newest FROM es_events) AS tail`,
      )
      .then(({ rows }) => ({
        hidden: rows[0]?.hidden === true,
        newest: rows[0]?.newest ? BigInt(rows[0].newest) : null,
      }));
    this.sharedHidden = { version, answer };
    // Only while the answer is being asked for, or just given: a later poll at the same version asks
    // again (the open transaction may have ended without an append).
    const forget = () => {
      if (this.sharedHidden?.answer === answer) this.sharedHidden = null;
    };
    answer.then(() => setTimeout(forget, 1), forget);
    return answer;
  }

  /**
   * Pages of the log recently read by this process's subscriptions, for the others to share. The
   * projections of a process follow the log mostly in step, each asking for the page after the same
   * position; one query then serves them all instead of one each.
   *
   * A page read when the append signal stood at version v holds every event committed before v was
   * reached (the query started after), so it serves any subscriber that last looked at the signal at a
   * version up to v; a subscriber that has seen a later append reads again. What it returns is always a
   * prefix of what a fresh read would (readAll hides anything behind a still-open transaction), so a
   * shared page is never wrong, at most shorter. Hand-written because it is a few lines tied to this
   * store's signal; entries live two seconds at most and the map holds at most 32 pages.
   */
  private readonly sharedPages = new Map<
    string,
    { version: number; at: number; page: Promise<RecordedEvent[]> }
  >();

  private readSharedPage(after: LogPosition | null, limit: number, seen: number): Promise<RecordedEvent[]> {
    const key = `${after ? `${after.commit}-${after.prepare}` : 'start'}/${limit}`;
    const now = Date.now();
    const shared = this.sharedPages.get(key);
    if (shared && shared.version >= seen && now - shared.at < 2_000) return shared.page;
    const version = this.signal.current();
    const page = this.readAll({ after, limit });
    this.sharedPages.delete(key);
    this.sharedPages.set(key, { version, at: now, page });
    // A failed read is not shared: each subscriber sees its own error.
    page.catch(() => {
      if (this.sharedPages.get(key)?.page === page) this.sharedPages.delete(key);
    });
    for (const [oldKey, entry] of this.sharedPages) {
      if (this.sharedPages.size <= 32 && now - entry.at < 2_000) break;
      this.sharedPages.delete(oldKey);
    }
    return page;
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    const batchSize = options.batchSize ?? 500;
    this.signal.ensureListening();
    let closed = false;
    let position = options.after;
    const loop = (async () => {
      let backoff = 2;
      let fresh = false;
      while (!closed) {
        const seen = this.signal.current();
        try {
          const batch = fresh
            ? await this.readAll({ after: position, limit: batchSize })
            : await this.readSharedPage(position, batchSize, seen);
          if (closed) break;
          if (batch.length > 0) {
            await options.onEvents(batch);
            position = batch[batch.length - 1]!.position;
            backoff = 2;
            fresh = false;
            continue;
          }
          const tail = await this.logTail(seen);
          if (!tail.hidden && !fresh && tail.newest !== null && tail.newest > (position?.commit ?? -1n)) {
            // Nothing is hidden now, yet the log holds a transaction past this subscriber: the page it just
            // read was taken while that transaction was still hidden behind an older one (which has ended
            // since, without an append to wake anyone: a projection's commit), or was a shared page from
            // before. Read again, fresh, instead of sleeping on the signal until the safety read.
            fresh = true;
            continue;
          }
          if (tail.hidden || fresh) {
            // Something committed behind a still-open older transaction (or a fresh read found nothing past
            // the newest transaction the tail reported): look again soon.
            fresh = false;
            await this.signal.wait(seen, backoff);
            backoff = Math.min(backoff * 2, 100);
          } else {
            // Nothing pending: sleep until an append's NOTIFY (the long timeout only covers a lost one).
            await this.signal.wait(seen, this.signal.connected ? 5_000 : 500);
          }
        } catch (error) {
          if (!closed) options.onError(error);
          closed = true;
        }
      }
    })();
    return {
      close: async () => {
        closed = true;
        this.signal.bump();
        await loop;
      },
    };
  }

  async headPosition(): Promise<LogPosition | null> {
    const { rows } = await this.pool.query<{ transaction_text: string; position_text: string }>(
      `SELECT transaction_id::text AS transaction_text, global_position::text AS position_text FROM es_events
       ORDER BY es_events.transaction_id DESC, es_events.global_position DESC LIMIT 1`,
    );
    const row = rows[0];
    return row ? { commit: BigInt(row.transaction_text), prepare: BigInt(row.position_text) } : null;
  }

  /**
   * For a rebuild that reads the log inside Postgres (projections/rebuild.ts, bulk pass): the last event
   * readAll can show now, and how many events there are up to it. Every transaction below the snapshot's
   * xmin has ended, so the events at or before that position are final: none can still appear among them.
   */
  async visibleEnd(): Promise<{ position: LogPosition; events: number } | null> {
    const { rows } = await this.pool.query<{ transaction_text: string; position_text: string; n: string }>(
      `WITH last AS (
         SELECT transaction_id, global_position FROM es_events
          WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
          ORDER BY transaction_id DESC, global_position DESC LIMIT 1)
       SELECT last.transaction_id::text AS transaction_text, last.global_position::text AS position_text,
              (SELECT count(*) FROM es_events e
                WHERE (e.transaction_id, e.global_position) <= (last.transaction_id, last.global_position))::text AS n
         FROM last`,
    );
    const row = rows[0];
    return row
      ? {
          position: { commit: BigInt(row.transaction_text), prepare: BigInt(row.position_text) },
          events: Number(row.n),
        }
      : null;
  }

  /** The events of the given types after `after` and at or before `upTo`, in log order (a rebuild's pass). */
  async readAllOfTypes(options: {
    after: LogPosition | null;
    upTo: LogPosition;
    types: readonly string[];
    limit: number;
  }): Promise<RecordedEvent[]> {
    const after = options.after ?? { commit: 0n, prepare: 0n };
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${SELECT_COLUMNS} FROM es_events
       WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
         AND (transaction_id, global_position) <= ($3::text::xid8, $4::bigint)
         AND event_type = ANY($5::text[])
       ORDER BY es_events.transaction_id, es_events.global_position
       LIMIT $6`,
      [
        after.commit.toString(),
        after.prepare.toString(),
        options.upTo.commit.toString(),
        options.upTo.prepare.toString(),
        options.types,
        options.limit,
      ],
    );
    return rows.map(toRecorded);
  }

  /**
   * Which cluster and database the log is in: a rebuild reads the log with SQL only where its read models
   * are in the same database. Null when the role may not read the cluster's identifier.
   */
  async databaseIdentity(): Promise<string | null> {
    return await databaseIdentity(this.pool);
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async close(): Promise<void> {
    await this.signal.close();
  }
}

/** The cluster's system identifier and the database's name, or null when the role may not read the first. */
export async function databaseIdentity(db: pg.Pool): Promise<string | null> {
  try {
    const { rows } = await db.query<{ id: string }>(
      `SELECT (SELECT system_identifier FROM pg_control_system())::text || '/' || current_database() AS id`,
    );
    return rows[0]?.id ?? null;
  } catch (error) {
    if (pgCode(error).code === '42501') return null;
    throw error;
  }
}
