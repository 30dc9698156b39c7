import {
  appendBatch,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type StreamAppend,
} from '../../infra/eventStore/eventStore.ts';

/** Events decided for one stream, and the stream's revision before them. */
export interface Leg {
  streamName: string;
  events: NewEvent[];
  revisionBefore: bigint;
}

/**
 * Many requests' events in one commit (appendMany), in the order the seeder made the requests: the log
 * reads as if each had been written on its own, one after the other.
 * - A unit's legs (a transfer's debit, then its credit) land in the same commit, in that order, side by
 *   side, as the write path appends them.
 * - A stream appears once per commit (appendMany's rule), and its run of events sits where the unit
 *   that brought it does: a unit that touches a stream already in the pending commit would have to go
 *   back in the log to join it, so the pending commit is written first and the unit opens the next one.
 *   Hence nothing lands before anything added earlier (a credit never before its debit, a mint never
 *   before its approval, a spender's debit never before the credit it spends).
 * The seeder also writes the pending commit once it holds --batch events.
 */
export class SeedCommits {
  private readonly appends = new Map<string, StreamAppend>();
  events = 0;
  commits = 0;

  constructor(private readonly store: EventStore) {}

  /** Adds one unit; returns how many events the commits it caused wrote (0 if none). */
  async add(legs: Leg[]): Promise<number> {
    const touched = legs.filter((leg) => leg.events.length > 0);
    const names = touched.map((leg) => leg.streamName);
    if (new Set(names).size !== names.length)
      throw new Error(`seed: a unit touches a stream twice (${names.join(', ')})`);
    let written = 0;
    if (names.some((name) => this.appends.has(name))) written += await this.flush();
    for (const leg of touched) {
      this.appends.set(leg.streamName, {
        streamName: leg.streamName,
        events: [...leg.events],
        expectedRevision: expected(leg.revisionBefore),
      });
      this.events += leg.events.length;
    }
    return written;
  }

  async flush(): Promise<number> {
    if (this.appends.size === 0) return 0;
    await appendBatch(this.store, [...this.appends.values()]);
    const written = this.events;
    this.appends.clear();
    this.events = 0;
    this.commits++;
    return written;
  }
}

function expected(revision: bigint): ExpectedRevision {
  return revision === -1n ? 'no_stream' : revision;
}
