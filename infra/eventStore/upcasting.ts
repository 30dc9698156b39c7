import type { EventMetadata, EventStore, RecordedEvent } from './eventStore.ts';

/**
 * Event schema versions and the upcaster seam.
 *
 * An event's schema version is `metadata.schemaVersion`: the version of its type's data shape it was
 * written with. Every type starts at version 1, and version 1 is never written: an event without the field
 * reads as 1, which is every event written so far, old or new (so the stored events and their hashes are
 * exactly as before). When a type's shape changes, its upcaster from version n to n + 1 is registered in
 * `EVENT_UPCASTERS`; from then on new events of that type are written with the new version
 * (`Upcasters.stamp`, applied to every event a command appends) and older ones are upcast as they are read
 * (`upcastingStore`), so deciders and projections only ever see the current shape. The hash chain covers
 * the stored form: a version above 1 is part of the hashed metadata, and `ledger:verify` reads the log
 * through `rawStore`, as written.
 */

/** Moves one event type's data from `from` to `from + 1`. Pure: the same data gives the same result. */
export interface Upcaster {
  readonly type: string;
  readonly from: number;
  up(data: unknown, event: RecordedEvent): unknown;
}

/** The schema version an event was written with: absent (every event before a shape changed) means 1. */
export function schemaVersionOf(event: { metadata: { schemaVersion?: number } }): number {
  return event.metadata.schemaVersion ?? 1;
}

export class Upcasters {
  private readonly steps = new Map<string, Upcaster>();
  private readonly latest = new Map<string, number>();

  constructor(upcasters: readonly Upcaster[]) {
    for (const upcaster of upcasters) {
      const key = `${upcaster.type}@${upcaster.from}`;
      if (!Number.isInteger(upcaster.from) || upcaster.from < 1)
        throw new Error(`upcaster ${key}: versions start at 1`);
      if (this.steps.has(key)) throw new Error(`two upcasters for ${key}`);
      this.steps.set(key, upcaster);
      this.latest.set(upcaster.type, Math.max(this.latest.get(upcaster.type) ?? 1, upcaster.from + 1));
    }
    // Every type's chain has no gap: an event of any older version can be brought to the current one.
    for (const [type, current] of this.latest)
      for (let version = 1; version < current; version++)
        if (!this.steps.has(`${type}@${version}`))
          throw new Error(`no upcaster for ${type} from version ${version} (current ${current})`);
  }

  get isEmpty(): boolean {
    return this.steps.size === 0;
  }

  /** The version new events of `type` are written with. */
  currentVersion(type: string): number {
    return this.latest.get(type) ?? 1;
  }

  /** The metadata a new event of `type` is written with: its version, when above 1. */
  stamp(type: string, metadata: EventMetadata): EventMetadata {
    const version = this.currentVersion(type);
    return version === 1 ? metadata : { ...metadata, schemaVersion: version };
  }

  /** The event in its type's current shape (the same object when it already is). */
  upcast<E extends RecordedEvent>(event: E): E {
    const current = this.currentVersion(event.type);
    let version = schemaVersionOf(event);
    if (version === current) return event;
    if (version > current)
      throw new Error(
        `event ${event.id} (${event.type}) has schema version ${version}, newer than this code's ${current}`,
      );
    let data = event.data;
    while (version < current) {
      data = this.steps.get(`${event.type}@${version}`)!.up(data, event);
      version++;
    }
    return { ...event, data, metadata: { ...event.metadata, schemaVersion: current } };
  }

  upcastAll<E extends RecordedEvent>(events: E[]): E[] {
    return this.isEmpty ? events : events.map((event) => this.upcast(event));
  }
}

/** The registry: empty until the first event type changes its shape. */
export const EVENT_UPCASTERS = new Upcasters([]);

const raw = new WeakMap<EventStore, EventStore>();

/**
 * The store as deciders and projections read it: every event read in its type's current shape. With no
 * upcaster registered it is the store itself (nothing on the hot path). It has no `bulkRead`: a rebuild's
 * bulk SQL reads `es_events` as stored, so with upcasters a rebuild goes event by event through Node.
 */
export function upcastingStore(store: EventStore, upcasters: Upcasters): EventStore {
  if (upcasters.isEmpty) return store;
  const wrapped: EventStore = Object.assign(Object.create(store) as EventStore, {
    bulkRead: undefined,
    async readStream(...args: Parameters<EventStore['readStream']>) {
      return upcasters.upcastAll(await store.readStream(...args));
    },
    async readAll(...args: Parameters<EventStore['readAll']>) {
      return upcasters.upcastAll(await store.readAll(...args));
    },
    readEventsById: store.readEventsById
      ? async (streamName: string, ids: readonly string[]) =>
          upcasters.upcastAll(await store.readEventsById!(streamName, ids))
      : undefined,
    subscribeToAll(options: Parameters<EventStore['subscribeToAll']>[0]) {
      return store.subscribeToAll({
        ...options,
        onEvents: (events) => options.onEvents(upcasters.upcastAll(events)),
      });
    },
  });
  registerRawStore(wrapped, store);
  return wrapped;
}

/** Records that `wrapped` reads `inner` transformed (upcast, opened), for rawStore. */
export function registerRawStore(wrapped: EventStore, inner: EventStore): void {
  raw.set(wrapped, inner);
}

/** The log as stored, under every wrapper that transforms what is read (the audit: the hash chain covers the stored form). */
export function rawStore(store: EventStore): EventStore {
  let inner = store;
  while (raw.has(inner)) inner = raw.get(inner)!;
  return inner;
}
