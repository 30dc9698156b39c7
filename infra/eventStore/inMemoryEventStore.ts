import {
  type AppendResult,
  assertAppendable,
  comparePositions,
  DuplicateEventIdError,
  type EventStore,
  type ExpectedRevision,
  type LogPosition,
  type NewEvent,
  type ReadStreamOptions,
  type RecordedEvent,
  type StoredMetadata,
  type SubscribeOptions,
  type Subscription,
  WrongExpectedRevisionError,
} from './eventStore.ts';
import { eventHash, verifyStreamEvents } from './hashChain.ts';

/**
 * The event log in memory, with the Postgres adapter's semantics (postgresEventStore.ts) down to what a
 * reader can observe: an append takes its transaction id and global positions when it starts writing and
 * becomes visible at commit; the log is ordered by (transaction id, position); readers only see
 * transactions older than the oldest one still open, so an append that commits late holds every reader
 * back instead of being skipped (docs/ledger.md invariant 5). Appends to one stream are serialised by a lock,
 * the expected revision is checked under it, hashes are chained, and a retried append of the same event
 * ids is recognised as done. It passes the same contract suite as the real adapters.
 *
 * It exists for the deterministic simulation (testing/simulation): it uses no timers, no I/O and no random
 * numbers, so a scheduler that decides which pending promise resumes next decides everything.
 */
export interface InMemoryEventStoreOptions {
  /** Runs inside the append, after its events took their positions and before they commit. */
  beforeCommit?(streamName: string): Promise<void>;
  /** The time recorded with each event. */
  now?: () => Date;
  /**
   * Sabotage for the simulation's self-test: readers ignore transactions still open, as a plain
   * "position > checkpoint" poll would — which skips appends that commit late.
   */
  ignoreOpenTransactions?: boolean;
}

interface StreamHead {
  revision: bigint;
  lastHash: string;
}

export class InMemoryEventStore implements EventStore {
  /** It models the Postgres adapter (and nothing reads this store with SQL). */
  readonly kind = 'postgres' as const;
  /** Committed events in log order, (transaction id, position). */
  private readonly log: RecordedEvent[] = [];
  private readonly streams = new Map<string, StreamHead>();
  private readonly byStream = new Map<string, RecordedEvent[]>();
  private readonly byId = new Map<string, RecordedEvent>();
  /** Event ids written by transactions still open, and the promise that settles when each one ends. */
  private readonly pendingIds = new Map<string, Promise<void>>();
  private readonly open = new Set<bigint>();
  private readonly locks = new Map<string, Promise<void>>();
  private nextTransaction = 1n;
  private nextPosition = 1n;
  private version = 0;
  private waiters = new Set<() => void>();
  private closed = false;

  constructor(private readonly options: InMemoryEventStoreOptions = {}) {}

  async init(): Promise<void> {}

  /** `beforeCommit` here runs for this append only, after the store-wide one. */
  async append(
    streamName: string,
    events: NewEvent[],
    options: { expectedRevision: ExpectedRevision; beforeCommit?: () => Promise<void> },
  ): Promise<AppendResult> {
    assertAppendable(events);
    for (;;) {
      const release = await this.lock(streamName);
      let retry = false;
      try {
        const busy = events.map((e) => this.pendingIds.get(e.id)).find((p) => p !== undefined);
        if (busy) {
          // Postgres makes a writer wait on a unique index entry another open transaction holds.
          retry = true;
          release();
          await busy;
          continue;
        }
        if (events.some((e) => this.byId.has(e.id))) {
          const existing = this.findAlreadyAppended(streamName, events);
          if (existing) return existing;
          throw new DuplicateEventIdError(events[0]!.id);
        }
        const head = this.streams.get(streamName) ?? null;
        const current = head?.revision ?? null;
        const expected = options.expectedRevision;
        if (
          (expected === 'no_stream' && current !== null) ||
          (expected === 'stream_exists' && current === null) ||
          (typeof expected === 'bigint' && current !== expected)
        ) {
          const existing = this.findAlreadyAppended(streamName, events);
          if (existing) return existing;
          throw new WrongExpectedRevisionError(streamName, expected, current ?? 'no_stream');
        }
        return await this.write(streamName, events, head, options.beforeCommit);
      } finally {
        if (!retry) release();
      }
    }
  }

  /** Takes positions, waits in beforeCommit (still open, holding readers back), then commits. */
  private async write(
    streamName: string,
    events: NewEvent[],
    head: StreamHead | null,
    beforeCommit: (() => Promise<void>) | undefined,
  ): Promise<AppendResult> {
    const transaction = this.nextTransaction++;
    this.open.add(transaction);
    let ended!: () => void;
    const done = new Promise<void>((resolve) => {
      ended = resolve;
    });
    for (const event of events) this.pendingIds.set(event.id, done);
    const recordedAt = this.options.now?.() ?? new Date();
    let prevHash = head?.lastHash ?? null;
    let revision = head?.revision ?? -1n;
    const records: RecordedEvent[] = events.map((event) => {
      revision++;
      const hash = eventHash({ streamName, revision, ...event, prevHash });
      const metadata: StoredMetadata = { ...event.metadata, prevHash, hash };
      prevHash = hash;
      // Stored as JSON, as jsonb would: nothing the caller keeps can change what was written.
      return {
        id: event.id,
        streamName,
        revision,
        type: event.type,
        data: JSON.parse(JSON.stringify(event.data)),
        metadata: JSON.parse(JSON.stringify(metadata)),
        position: { commit: transaction, prepare: this.nextPosition++ },
        recordedAt,
      };
    });
    try {
      await this.options.beforeCommit?.(streamName);
      await beforeCommit?.();
    } catch (error) {
      this.end(transaction, events, ended);
      throw error;
    }
    for (const record of records) this.insert(record);
    this.streams.set(streamName, { revision, lastHash: prevHash! });
    this.end(transaction, events, ended);
    const last = records[records.length - 1]!;
    return { nextRevision: last.revision, position: last.position, hash: last.metadata.hash };
  }

  private end(transaction: bigint, events: NewEvent[], ended: () => void): void {
    this.open.delete(transaction);
    for (const event of events) this.pendingIds.delete(event.id);
    ended();
    this.bump();
  }

  private insert(record: RecordedEvent): void {
    // Usually the end of the log; a transaction that committed late lands before later ones.
    let index = this.log.length;
    while (index > 0 && comparePositions(this.log[index - 1]!.position, record.position) > 0) index--;
    this.log.splice(index, 0, record);
    const stream = this.byStream.get(record.streamName) ?? [];
    stream.push(record);
    this.byStream.set(record.streamName, stream);
    this.byId.set(record.id, record);
  }

  private async lock(streamName: string): Promise<() => void> {
    const previous = this.locks.get(streamName) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const chained = previous.then(() => mine);
    this.locks.set(streamName, chained);
    await previous;
    return () => {
      release();
      if (this.locks.get(streamName) === chained) this.locks.delete(streamName);
    };
  }

  /** Same rule as the Postgres adapter: the very same ids, in order, at consecutive revisions of this stream. */
  private findAlreadyAppended(streamName: string, events: NewEvent[]): AppendResult | null {
    const found = events.map((e) => this.byId.get(e.id));
    if (found.some((e) => e === undefined)) return null;
    const records = found as RecordedEvent[];
    for (let i = 0; i < records.length; i++) {
      if (records[i]!.streamName !== streamName) return null;
      if (i > 0 && records[i]!.revision !== records[i - 1]!.revision + 1n) return null;
    }
    const last = records[records.length - 1]!;
    return { nextRevision: last.revision, position: last.position, hash: last.metadata.hash };
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const from = options.fromRevision ?? 0n;
    const all = (this.byStream.get(streamName) ?? []).filter((e) => e.revision >= from);
    const events = options.maxCount === undefined ? all : all.slice(0, options.maxCount);
    if (options.verify) verifyStreamEvents(streamName, from, events, options.verify.prevHash);
    return events;
  }

  async readAll(options: { after: LogPosition | null; limit: number }): Promise<RecordedEvent[]> {
    const horizon = this.options.ignoreOpenTransactions
      ? null
      : this.open.size > 0
        ? [...this.open].reduce((a, b) => (a < b ? a : b))
        : null;
    const result: RecordedEvent[] = [];
    let index = this.firstAfter(options.after);
    for (; index < this.log.length && result.length < options.limit; index++) {
      const event = this.log[index]!;
      if (horizon !== null && event.position.commit >= horizon) break;
      result.push(event);
    }
    return result;
  }

  private firstAfter(after: LogPosition | null): number {
    if (after === null) return 0;
    let low = 0;
    let high = this.log.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (comparePositions(this.log[middle]!.position, after) <= 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    let closed = false;
    let position = options.after;
    const loop = (async () => {
      while (!closed && !this.closed) {
        const seen = this.version;
        try {
          const batch = await this.readAll({ after: position, limit: options.batchSize ?? 500 });
          if (closed) break;
          if (batch.length > 0) {
            await options.onEvents(batch);
            position = batch[batch.length - 1]!.position;
            continue;
          }
          await this.wait(seen);
        } catch (error) {
          if (!closed) options.onError(error);
          closed = true;
        }
      }
    })();
    return {
      close: async () => {
        closed = true;
        this.bump();
        await loop;
      },
    };
  }

  private bump(): void {
    this.version++;
    for (const wake of this.waiters) wake();
    this.waiters.clear();
  }

  private async wait(seen: number): Promise<void> {
    if (this.version !== seen || this.closed) return;
    await new Promise<void>((resolve) => this.waiters.add(resolve));
  }

  async headPosition(): Promise<LogPosition | null> {
    return this.lastPosition();
  }

  /** The head of the log, synchronously (the simulation checks it between two scheduling steps). */
  lastPosition(): LogPosition | null {
    return this.log[this.log.length - 1]?.position ?? null;
  }

  /** How many appends have taken their positions and not committed or rolled back yet. */
  openTransactions(): number {
    return this.open.size;
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.closed = true;
    this.bump();
  }
}
