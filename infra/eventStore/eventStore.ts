/**
 * The event log port. Everything that writes or reads events goes through this interface; two adapters
 * implement it (Postgres: postgresEventStore.ts, EventStoreDB/KurrentDB: eventStoreDbEventStore.ts) and
 * both must pass eventStore.contract.ts.
 */

/** What the writer believes the stream's last revision is. Revisions start at 0. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | bigint;

export interface EventMetadata {
  /** The user on whose behalf the command ran; null for the system (start-up, projections). */
  actorId: string | null;
  /** Shared by every event caused by one incoming request. */
  correlationId: string;
  /** The id of the event or request that caused this one. */
  causationId: string | null;
  idempotencyKey?: string | null;
  /**
   * SHA-256 of the request the command was accepted for (its canonical body, proofs left out:
   * api/http/idempotency.ts). Carried by every event the command appends, so the binding of an
   * Idempotency-Key to its body lives in the log, under the hash chain: a retry with another body is
   * refused for as long as the log holds the command (docs/architecture/commands.md).
   */
  requestHash?: string;
  /**
   * The schema version of the event's data shape (infra/eventStore/upcasting.ts): written only above 1;
   * absent reads as 1.
   */
  schemaVersion?: number;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  /** Client-chosen UUID: appending the same ids again at the same place is a no-op. */
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

/**
 * A place in the global log. Compared as (commit, prepare).
 * EventStoreDB: its own commit/prepare positions. Postgres: commit is the id (xid8) of the transaction
 * that wrote the event and prepare is the event's global sequence number (see postgresEventStore.ts for
 * why the transaction id leads).
 */
export interface LogPosition {
  commit: bigint;
  prepare: bigint;
}

export interface StoredMetadata extends EventMetadata {
  /** Hash of the previous event in the same stream; null for the first. */
  prevHash: string | null;
  /** sha256 over this event's canonical content and prevHash (docs/ledger.md invariant 7). */
  hash: string;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  id: string;
  streamName: string;
  revision: bigint;
  type: Type;
  data: Data;
  metadata: StoredMetadata;
  position: LogPosition;
  recordedAt: Date;
}

export interface AppendResult {
  /** Revision of the last event written (or found, on an idempotent retry). */
  nextRevision: bigint;
  /** Position of the last event written. */
  position: LogPosition;
  /**
   * The stored hash of that last event: the tail a later read of the stream is checked against
   * (`ReadStreamOptions.verify`, app/commands/stateCache.ts).
   */
  hash: string;
}

export interface ReadStreamOptions {
  fromRevision?: bigint;
  maxCount?: number;
  /**
   * Check what is read before handing it over (hashChain.ts, `verifyStreamEvents`): each event's stored
   * hash recomputed over its content as stored, its revision and its previous-hash against the event
   * before it, the first one against `prevHash` (the stored hash of the event at `fromRevision - 1`, null
   * when reading from the stream's start). The first event that fails is a StreamIntegrityError, and
   * nothing is returned. The write side asks for it whenever it loads state to decide on.
   */
  verify?: { prevHash: string | null };
}

export interface Subscription {
  close(): Promise<void>;
}

export interface SubscribeOptions {
  /** Deliver events strictly after this position; null means from the start of the log. */
  after: LogPosition | null;
  batchSize?: number;
  /** Awaited before the next batch is read: a slow consumer slows the subscription, nothing piles up. */
  onEvents(events: RecordedEvent[]): Promise<void>;
  /** Called when reading fails or onEvents throws; the subscription then stops. */
  onError(error: unknown): void;
}

export interface EventStore {
  readonly kind: 'postgres' | 'eventstoredb';
  /** Creates what the store needs (tables, connections). Idempotent. */
  init(): Promise<void>;
  append(
    streamName: string,
    events: NewEvent[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult>;
  readStream(streamName: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /**
   * The events of `streamName` among `ids`, in stream order: how a retried command finds what it wrote
   * (its ids are seeded, app/commands/retries.ts) without reading a stream whose history may be long.
   * Optional: without it the caller reads the stream and filters.
   */
  readEventsById?(streamName: string, ids: readonly string[]): Promise<RecordedEvent[]>;
  /** A batch of the log in order, strictly after `after`. */
  readAll(options: { after: LogPosition | null; limit: number }): Promise<RecordedEvent[]>;
  /** Pushes new events as they commit; never passes an event that has not committed yet. */
  subscribeToAll(options: SubscribeOptions): Subscription;
  /** Position of the last event in the log, null when the log is empty. */
  headPosition(): Promise<LogPosition | null>;
  /**
   * Several streams' appends in one commit, all or nothing, each checked against its expected revision
   * (batching many commands into shared commits; used by the seeder). Optional: a store without it
   * gets appendBatch() below, one append at a time.
   */
  appendMany?(batch: StreamAppend[]): Promise<AppendResult[]>;
  /**
   * Present when the log is a table (`es_events`) in a Postgres database that a rebuild may read with SQL
   * (projections/rebuild.ts, bulk pass); absent for every other store, whose rebuild goes event by event.
   */
  readonly bulkRead?: BulkLogRead;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** What a rebuild's bulk pass asks of a log it reads inside its own database (EventStore.bulkRead). */
export interface BulkLogRead {
  /** Which cluster and database hold the log; null when the role may not read the cluster's identifier. */
  databaseIdentity(): Promise<string | null>;
  /**
   * The last event readAll can show now and how many events the log holds up to it (null when none):
   * nothing can still appear at or before it, so it bounds a pass over the log.
   */
  visibleEnd(): Promise<{ position: LogPosition; events: number } | null>;
  /** The events of the given types after `after` and at or before `upTo`, in log order. */
  readAllOfTypes(options: {
    after: LogPosition | null;
    upTo: LogPosition;
    types: readonly string[];
    limit: number;
  }): Promise<RecordedEvent[]>;
  /**
   * Present when some events are stored in a form the SQL cannot read as the application does (sealed
   * personal fields, app/privacy/sealingStore.ts): hands `write`, batch by batch, each event of `types` up
   * to `upTo` whose stored data differs from what the application reads, with the data as read. The bulk
   * SQL then reads those in place of the stored ones (projections/rebuild/bulkPass.ts).
   */
  readDataAsRead?(options: {
    upTo: LogPosition;
    types: readonly string[];
    write(rows: { id: string; data: unknown }[]): Promise<void>;
  }): Promise<void>;
}

export interface StreamAppend {
  streamName: string;
  events: NewEvent[];
  expectedRevision: ExpectedRevision;
}

/** appendMany when the store has it, else the appends one by one (not atomic across streams). */
export async function appendBatch(store: EventStore, batch: StreamAppend[]): Promise<AppendResult[]> {
  if (store.appendMany) return await store.appendMany(batch);
  return await appendOneByOne(store, batch);
}

/** The batch's appends one after the other, first first: not atomic across streams. */
export async function appendOneByOne(
  store: Pick<EventStore, 'append'>,
  batch: StreamAppend[],
): Promise<AppendResult[]> {
  const results: AppendResult[] = [];
  for (const item of batch)
    results.push(
      await store.append(item.streamName, item.events, { expectedRevision: item.expectedRevision }),
    );
  return results;
}

/**
 * A UUID as Postgres prints one, in lower case: the hash covers the id as given, and the log hands it back
 * as stored, so an id in capitals would read back as an event that fails its own hash.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What every store refuses before it appends: no events, or an event id that is not a lower-case UUID. */
export function assertAppendable(
  events: readonly NewEvent[],
  empty = 'append needs at least one event',
): void {
  if (events.length === 0) throw new Error(empty);
  for (const event of events)
    if (!UUID.test(event.id)) throw new Error(`Event id ${event.id} is not a UUID in lower case`);
}

export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError';
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${streamName}: expected revision ${String(expected)}, actual ${String(actual)}`);
  }
}

export class DuplicateEventIdError extends Error {
  override readonly name = 'DuplicateEventIdError';
  constructor(readonly eventId: string) {
    super(`Event id ${eventId} was already used elsewhere in the log`);
  }
}

/**
 * A stream read with `verify` holds an event that is not what was appended (docs/ledger.md invariant 7):
 * its content does not match its stored hash, its previous-hash does not match the event before it, or a
 * revision is missing. Names the stream and the first such event; nothing of the read is handed over.
 */
export class StreamIntegrityError extends Error {
  override readonly name = 'StreamIntegrityError';
  /** The event as stored: which accounts it involves is read from it. Not enumerable, so no log line copies its data. */
  declare readonly event: RecordedEvent;
  constructor(
    readonly streamName: string,
    event: RecordedEvent,
    /** As continuous verification names the same problem (projections/ledgerTree/verification.ts). */
    readonly kind: 'hash' | 'chain' | 'revision',
    readonly problem: string,
  ) {
    super(
      `Stream ${streamName} fails its integrity check at revision ${event.revision} (event ${event.id}, ${event.type}): ${problem}`,
    );
    Object.defineProperty(this, 'event', { value: event, enumerable: false });
  }
}

/** The store cannot be reached; the API turns this into 503 with Retry-After. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
}

export function comparePositions(a: LogPosition | null, b: LogPosition | null): number {
  if (a === null) return b === null ? 0 : -1;
  if (b === null) return 1;
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

export function formatPosition(position: LogPosition): string {
  return `${position.commit}-${position.prepare}`;
}

/** The largest commit (an xid8, unsigned 64 bits) and prepare (a bigint) a log position can hold. */
const MAX_COMMIT = 2n ** 64n - 1n;
const MAX_PREPARE = 2n ** 63n - 1n;

/** `commit-prepare`, each part within its SQL type (a larger one is no position, not a query error). */
export function parsePosition(text: string): LogPosition | null {
  const match = /^(\d{1,20})-(\d{1,19})$/.exec(text);
  if (!match) return null;
  const position = { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
  return position.commit <= MAX_COMMIT && position.prepare <= MAX_PREPARE ? position : null;
}
