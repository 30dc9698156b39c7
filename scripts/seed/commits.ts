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
 * Many requests' events in one commit (appendMany), in an order the request paths could have written them:
 * - the legs of one unit (a transfer's debit, then its credit) land in the same commit, in that order;
 * - a unit that follows from an earlier event on another stream (`after`: a mint after its approval, a
 *   card's activation after it) lands after that stream's events in the commit, or in a later commit.
 * A stream appears once per commit (appendMany's rule), so its events are one run: the order of the runs
 * is a topological order of the "must come before" edges the units add. A unit whose edges would close a
 * cycle (A paid B, then B paid A) cannot be ordered with what is pending: the pending commit is written
 * first, and the unit opens the next one.
 */
export class SeedCommits {
  private readonly appends = new Map<string, StreamAppend>();
  /** stream → the streams whose events in this commit must come after its own. */
  private readonly before = new Map<string, Set<string>>();
  events = 0;
  commits = 0;

  constructor(private readonly store: EventStore) {}

  /** Adds one unit; returns how many events a commit this made room for wrote (0 if none). */
  async add(legs: Leg[], after: string[] = []): Promise<number> {
    const order = [...after.filter((name) => this.appends.has(name)), ...legs.map((leg) => leg.streamName)];
    let written = 0;
    if (!this.orderable(order)) {
      written = await this.flush();
      if (!this.orderable(order))
        throw new Error(`seed: a unit's legs cannot be ordered (${order.join(', ')})`);
    }
    for (const leg of legs) {
      if (leg.events.length === 0) continue;
      const pending = this.appends.get(leg.streamName);
      if (pending) pending.events.push(...leg.events);
      else
        this.appends.set(leg.streamName, {
          streamName: leg.streamName,
          events: [...leg.events],
          expectedRevision: expected(leg.revisionBefore),
        });
      this.events += leg.events.length;
    }
    return written;
  }

  /** Adds the unit's edges if they keep the graph acyclic; else leaves it as it was and answers false. */
  private orderable(order: string[]): boolean {
    const added: [string, string][] = [];
    for (let i = 1; i < order.length; i++) {
      const from = order[i - 1]!;
      const to = order[i]!;
      if (from === to || this.before.get(from)?.has(to)) continue;
      if (this.reaches(to, from)) {
        for (const [a, b] of added) this.before.get(a)!.delete(b);
        return false;
      }
      const next = this.before.get(from) ?? new Set<string>();
      next.add(to);
      this.before.set(from, next);
      added.push([from, to]);
    }
    return true;
  }

  private reaches(start: string, target: string): boolean {
    if (start === target) return true;
    const seen = new Set<string>([start]);
    const stack = [start];
    while (stack.length > 0) {
      for (const next of this.before.get(stack.pop()!) ?? []) {
        if (next === target) return true;
        if (!seen.has(next)) {
          seen.add(next);
          stack.push(next);
        }
      }
    }
    return false;
  }

  /** The pending streams in an order that honours every edge (depth-first, by first appearance). */
  private ordered(): StreamAppend[] {
    const done = new Set<string>();
    const reversed: StreamAppend[] = [];
    const visit = (root: string) => {
      // Iterative post-order: a stream is placed once everything that must follow it is placed.
      const stack: { name: string; next: Iterator<string> }[] = [];
      const enter = (name: string) => {
        done.add(name);
        stack.push({ name, next: (this.before.get(name) ?? new Set<string>()).values() });
      };
      enter(root);
      while (stack.length > 0) {
        const top = stack[stack.length - 1]!;
        const step = top.next.next();
        if (step.done) {
          stack.pop();
          const item = this.appends.get(top.name);
          if (item) reversed.push(item);
        } else if (!done.has(step.value)) enter(step.value);
      }
    };
    // Roots from the last to the first, so that streams no edge ties come out in their first appearance's order.
    for (const name of [...this.appends.keys()].reverse()) if (!done.has(name)) visit(name);
    return reversed.reverse();
  }

  async flush(): Promise<number> {
    if (this.appends.size === 0) {
      this.before.clear();
      return 0;
    }
    await appendBatch(this.store, this.ordered());
    const written = this.events;
    this.appends.clear();
    this.before.clear();
    this.events = 0;
    this.commits++;
    return written;
  }
}

function expected(revision: bigint): ExpectedRevision {
  return revision === -1n ? 'no_stream' : revision;
}
