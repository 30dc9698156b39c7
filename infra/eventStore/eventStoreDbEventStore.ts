import {
  BACKWARDS,
  END,
  type JSONType,
  jsonEvent,
  KurrentDBClient,
  NO_STREAM,
  type ReadStreamOptions,
  START,
  StreamNotFoundError,
  UnsupportedError,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import { OneAtATime } from '../oneAtATime.ts';
import {
  type AppendResult,
  appendOneByOne,
  assertAppendable,
  DuplicateEventIdError,
  type EventStore,
  type ExpectedRevision,
  type LogPosition,
  type NewEvent,
  type RecordedEvent,
  type StoredMetadata,
  StoreUnavailableError,
  type StreamAppend,
  type ReadStreamOptions as StreamReadOptions,
  type SubscribeOptions,
  type Subscription,
  WrongExpectedRevisionError,
} from './eventStore.ts';
import { lastPosition, readAllAfter, readNewest } from './eventStoreDb/allReads.ts';
import { EventIdClaims } from './eventStoreDb/eventIdClaims.ts';
import {
  contradicts,
  reason,
  redactConnectionString,
  toEnvelope,
  toRecorded,
  translate,
} from './eventStoreDb/records.ts';
import { subscribeToAll } from './eventStoreDb/subscription.ts';
import { eventHash, verifyStreamEvents } from './hashChain.ts';

/**
 * The event log in EventStoreDB / KurrentDB (gRPC client @kurrent/kurrentdb-client).
 *
 * Hash chain. Every append first reads the stream's last event, chains the new events to its hash and then
 * appends with that exact revision, whatever the caller asked for: a concurrent writer makes the append
 * fail instead of forking the chain. A caller that passed 'any' or 'stream_exists' gets a few retries on top
 * of the new head; an exact expectation is checked against the head we read.
 *
 * Event ids. ESDB dedupes a retried append by id only when the ids sit where the expected revision puts
 * them, and never notices an id reused in another stream. So each event id is claimed first, by creating the
 * stream `eventIdClaim-<id>` (expected NO_STREAM, one `$EventIdClaimed` event naming the target stream and
 * revision). The `$` type keeps claims out of every reader that excludes system events. A claim that
 * outlives a failed append is harmless: a retry into the same stream finds it and carries on.
 *
 * Ordering (docs/ledger.md invariant 5). ESDB has a single commit log: an event is visible in $all exactly at its
 * place, so a subscription cannot pass a late commit and positions are ESDB's own commit/prepare pair.
 *
 * Parts, in `eventStoreDb/`: eventIdClaims.ts (the claims), subscription.ts (the subscription to $all),
 * allReads.ts (the log in order, and its last position), records.ts (decoding the client's events, error
 * translation).
 */

/** The ids' claim of one append, kept across its attempts: the lowest revision a claim on them names. */
interface Claim {
  from: bigint | null;
}

/** One stream's part of an attempt (prepare()). */
type Prepared =
  | { done: AppendResult }
  | {
      current: bigint | null;
      records: { id: string; type: string; data: unknown; metadata: StoredMetadata }[];
    };

export interface EventStoreDbEventStoreHooks {
  /** Test seam: runs after the head was read and the ids claimed, just before the append is sent. */
  beforeAppend?(streamName: string): Promise<void>;
}

const REACH_DEADLINE_MS = 5_000;
const APPEND_ATTEMPTS = 20;

export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb' as const;
  private readonly client: KurrentDBClient;
  /** Tail of the appends queued per stream in this process. */
  private readonly appending = new OneAtATime();
  /** The connection string without its password, for messages. */
  readonly url: string;
  private readonly claims: EventIdClaims;
  /** False once the server said it has no multi-stream append (before 25.1). */
  private atomicBatches = true;

  constructor(
    connectionString: string,
    private readonly hooks: EventStoreDbEventStoreHooks = {},
  ) {
    this.url = redactConnectionString(connectionString);
    try {
      this.client = KurrentDBClient.connectionString(connectionString);
    } catch (error) {
      throw new Error(`Invalid EventStoreDB connection string ${this.url}: ${reason(error)}`, {
        cause: error,
      });
    }
    this.claims = new EventIdClaims(this.client, (streamName, options) =>
      this.readStreamEvents(streamName, options),
    );
  }

  /** Nothing to create (ESDB makes streams on first write); fails fast, naming the URL, when unreachable. */
  async init(): Promise<void> {
    try {
      await readNewest(this.client, REACH_DEADLINE_MS);
    } catch (error) {
      throw new StoreUnavailableError(`Cannot reach EventStoreDB at ${this.url}: ${reason(error)}`, {
        cause: error,
      });
    }
  }

  async ping(): Promise<void> {
    await this.init();
  }

  /** gRPC "unavailable" and deadline errors become the port's StoreUnavailableError (HTTP 503). */
  private translate(error: unknown): unknown {
    return translate(this.url, error);
  }

  async append(
    streamName: string,
    events: NewEvent[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    assertAppendable(events);
    try {
      return await this.oneAtATime(streamName, () =>
        this.appendChained(streamName, events, options.expectedRevision),
      );
    } catch (error) {
      throw this.translate(error);
    }
  }

  /**
   * Appends to one stream from this process go one after the other: racing them would only make all but
   * one lose the exact-revision append and read the head again. Other processes are met by the retries.
   */
  private oneAtATime<T>(streamName: string, work: () => Promise<T>): Promise<T> {
    return this.appending.run(streamName, work);
  }

  private async appendChained(
    streamName: string,
    events: NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    const claim: Claim = { from: null };
    for (let attempt = 1; ; attempt++) {
      const step = await this.prepare(streamName, events, expected, claim);
      if ('done' in step) return step.done;
      if (this.hooks.beforeAppend) await this.hooks.beforeAppend(streamName);
      try {
        const result = await this.client.appendToStream(
          streamName,
          step.records.map((record) => jsonEvent({ ...record, data: record.data as JSONType })),
          { streamState: step.current ?? NO_STREAM },
        );
        return await this.confirm(streamName, events, result.nextExpectedRevision);
      } catch (error) {
        await this.beforeNextAttempt(error, attempt, streamName, expected);
      }
    }
  }

  /**
   * One attempt's look at a stream: the events are already there (an earlier attempt got through), or the
   * head contradicts the expectation (WrongExpectedRevisionError), or here are the events chained to the
   * head, to be appended with exactly that head as the expected revision.
   */
  private async prepare(
    streamName: string,
    events: NewEvent[],
    expected: ExpectedRevision,
    claim: Claim,
  ): Promise<Prepared> {
    // Where an earlier attempt would have put these events, if it got through.
    const intendedStart = expected === 'no_stream' ? 0n : typeof expected === 'bigint' ? expected + 1n : null;
    const head = await this.readHead(streamName);
    const current = head?.revision ?? null;

    if (intendedStart !== null && current !== null && current >= intendedStart) {
      const done = await this.findAt(streamName, events, intendedStart);
      if (done) return { done };
    }
    if (contradicts(expected, current)) {
      throw new WrongExpectedRevisionError(streamName, expected, current ?? 'no_stream');
    }

    // Lowest revision any claim on these ids names; set once the ids are claimed.
    claim.from ??= await this.claims.claimIds(streamName, events, (current ?? -1n) + 1n);
    if (current !== null && current >= claim.from) {
      // A concurrent or earlier append of these same ids may have landed since the claim.
      const done = await this.findBetween(streamName, events, claim.from, current);
      if (done) return { done };
    }

    let prevHash = head?.metadata?.hash ?? null;
    let revision = current ?? -1n;
    const records = events.map((event) => {
      revision++;
      const hash = eventHash({ streamName, revision, ...event, prevHash });
      const metadata: StoredMetadata = { ...event.metadata, prevHash, hash };
      prevHash = hash;
      return { id: event.id, type: event.type, data: event.data, metadata };
    });
    return { current, records };
  }

  /** A lost race is retried on a fresh head after a short random pause; anything else is thrown. */
  private async beforeNextAttempt(
    error: unknown,
    attempt: number,
    streamName: string,
    expected: ExpectedRevision,
  ): Promise<void> {
    if (!(error instanceof WrongExpectedVersionError)) throw error;
    if (attempt >= APPEND_ATTEMPTS) {
      throw new WrongExpectedRevisionError(streamName, expected, error.actualState);
    }
    // Someone wrote in between: the next head read decides (an exact expectation now fails there).
    // The random pause keeps writers in other processes from colliding in step again.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(2 ** attempt, 100)));
  }

  /**
   * Several streams in one atomic append (KurrentDB 25.1's multi-stream append): all land or none. Each
   * stream is prepared as append() does (head, hash chain, id claims) and sent with its exact head as the
   * expected revision. Streams are taken in name order, so two batches over the same streams in this
   * process queue instead of deadlocking. Their metadata travels in the string envelope (records.ts).
   */
  async appendMany(batch: StreamAppend[]): Promise<AppendResult[]> {
    if (new Set(batch.map((item) => item.streamName)).size !== batch.length) {
      throw new Error('appendMany: a stream may appear only once per batch');
    }
    for (const item of batch)
      assertAppendable(item.events, 'appendMany: every stream needs at least one event');
    if (batch.length === 0) return [];
    // A server before 25.1 has none: the streams one after the other, first first, not atomic (what a crash
    // leaves between them is finished from the log: docs/eventstoredb.md).
    if (!this.atomicBatches) return await appendOneByOne(this, batch);
    const names = batch.map((item) => item.streamName).sort();
    const work = names.reduceRight<() => Promise<AppendResult[]>>(
      (inner, name) => () => this.oneAtATime(name, inner),
      () => this.appendManyChained(batch),
    );
    try {
      return await work();
    } catch (error) {
      // The client asks the server's features before it sends anything: nothing of this batch is stored.
      if (!(error instanceof UnsupportedError)) throw this.translate(error);
      this.atomicBatches = false;
      return await appendOneByOne(this, batch);
    }
  }

  private async appendManyChained(batch: StreamAppend[]): Promise<AppendResult[]> {
    const claims: Claim[] = batch.map(() => ({ from: null }));
    for (let attempt = 1; ; attempt++) {
      const steps: Prepared[] = [];
      for (const [i, item] of batch.entries()) {
        steps.push(await this.prepare(item.streamName, item.events, item.expectedRevision, claims[i]!));
      }
      const done = steps.flatMap((step) => ('done' in step ? [step.done] : []));
      if (done.length === batch.length) return done;
      // The batch lands whole or not at all, so part of it already stored means its ids were used before.
      if (done.length > 0)
        throw new DuplicateEventIdError(batch[steps.findIndex((s) => 'done' in s)]!.events[0]!.id);
      const sends = steps as Exclude<Prepared, { done: AppendResult }>[];
      if (this.hooks.beforeAppend) for (const item of batch) await this.hooks.beforeAppend(item.streamName);
      try {
        const result = await this.client.multiStreamAppend(
          batch.map((item, i) => ({
            streamName: item.streamName,
            expectedState: sends[i]!.current ?? NO_STREAM,
            events: sends[i]!.records.map((record) =>
              jsonEvent({ ...record, data: record.data as JSONType, metadata: toEnvelope(record.metadata) }),
            ),
          })),
        );
        const revisions = new Map(result.responses.map((r) => [r.streamName, r.revision]));
        const results: AppendResult[] = [];
        for (const item of batch) {
          const revision = revisions.get(item.streamName);
          if (revision === undefined) {
            throw new Error(`EventStoreDB acknowledged a batch without ${item.streamName}`);
          }
          results.push(await this.confirm(item.streamName, item.events, revision));
        }
        return results;
      } catch (error) {
        const stream = error instanceof WrongExpectedVersionError ? error.streamName : batch[0]!.streamName;
        const item = batch.find((b) => b.streamName === stream) ?? batch[0]!;
        await this.beforeNextAttempt(error, attempt, item.streamName, item.expectedRevision);
      }
    }
  }

  private async readHead(streamName: string): Promise<RecordedEvent | null> {
    const [last] = await this.readStreamEvents(streamName, {
      direction: BACKWARDS,
      fromRevision: END,
      maxCount: 1,
    });
    return last ?? null;
  }

  /**
   * Builds the result from the stored last event rather than from the append response, so that a retry
   * answered by findAt returns the very same position, and so that positions match what readers see.
   */
  private async confirm(streamName: string, events: NewEvent[], lastRevision: bigint): Promise<AppendResult> {
    const [last] = await this.readStreamEvents(streamName, { fromRevision: lastRevision, maxCount: 1 });
    const expectedId = events[events.length - 1]!.id;
    if (!last || last.id !== expectedId) {
      throw new Error(
        `EventStoreDB acknowledged ${streamName}@${lastRevision} but holds ${last?.id ?? 'nothing'} there, not ${expectedId}`,
      );
    }
    return { nextRevision: last.revision, position: last.position, hash: last.metadata.hash };
  }

  /** The events already sit at start.. in order: the append was done before. */
  private async findAt(streamName: string, events: NewEvent[], start: bigint): Promise<AppendResult | null> {
    const stored = await this.readStreamEvents(streamName, { fromRevision: start, maxCount: events.length });
    if (stored.length !== events.length) return null;
    for (let i = 0; i < events.length; i++) if (stored[i]!.id !== events[i]!.id) return null;
    const last = stored[stored.length - 1]!;
    return { nextRevision: last.revision, position: last.position, hash: last.metadata.hash };
  }

  /** Looks for these ids in from..to; finding some but not all, in order, means an id was reused. */
  private async findBetween(
    streamName: string,
    events: NewEvent[],
    from: bigint,
    to: bigint,
  ): Promise<AppendResult | null> {
    const ids = new Set(events.map((e) => e.id));
    let firstAt: bigint | null = null;
    let reused: string | null = null;
    try {
      for await (const resolved of this.client.readStream(streamName, {
        fromRevision: from,
        maxCount: to - from + 1n,
      })) {
        const event = resolved.event;
        if (!event || !ids.has(event.id)) continue;
        if (event.id === events[0]!.id) {
          firstAt = event.revision;
          break;
        }
        reused ??= event.id;
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    if (firstAt !== null) {
      const done = await this.findAt(streamName, events, firstAt);
      if (done) return done;
      throw new DuplicateEventIdError(events[0]!.id);
    }
    if (reused !== null) throw new DuplicateEventIdError(reused);
    return null;
  }

  private async readStreamEvents(streamName: string, options: ReadStreamOptions): Promise<RecordedEvent[]> {
    if (options.maxCount !== undefined && options.maxCount <= 0) return [];
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamName, options)) {
        if (resolved.event) events.push(toRecorded(resolved.event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw this.translate(error);
    }
    return events;
  }

  async readStream(streamName: string, options: StreamReadOptions = {}): Promise<RecordedEvent[]> {
    const events = await this.readStreamEvents(streamName, {
      fromRevision: options.fromRevision ?? START,
      maxCount: options.maxCount,
    });
    // The hash and previous-hash are in each event's metadata, written by append() above: checked here as
    // on Postgres.
    if (options.verify)
      verifyStreamEvents(streamName, options.fromRevision ?? 0n, events, options.verify.prevHash);
    return events;
  }

  /** The log in order ($all, eventStoreDb/allReads.ts). */
  async readAll(options: { after: LogPosition | null; limit: number }): Promise<RecordedEvent[]> {
    return await readAllAfter(this.client, this.url, options);
  }

  async headPosition(): Promise<LogPosition | null> {
    return await lastPosition(this.client, this.url);
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    return subscribeToAll(this.client, this.url, options);
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}

/** Builds the store and checks the server answers; the client is released if it does not. */
export async function connectEventStoreDb(
  connectionString: string,
  hooks: EventStoreDbEventStoreHooks = {},
): Promise<EventStoreDbEventStore> {
  const store = new EventStoreDbEventStore(connectionString, hooks);
  try {
    await store.init();
  } catch (error) {
    await store.close().catch(() => {});
    throw error;
  }
  return store;
}
