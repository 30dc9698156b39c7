import {
  comparePositions,
  type EventStore,
  type LogPosition,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../../infra/eventStore/eventStore.ts';

/**
 * One read of the log for all the projections of a process that are in step, instead of one each.
 *
 * Each projection follows the log on its own subscription, at its own pace: under load every one of them
 * read the head of the log after each of its batches (ten reads, ten decodings of the same events and a
 * round trip each, where one would do; measured in BENCHMARKS.md, stop 17). This feed keeps the
 * subscription semantics (every event after `after`, once, in order; the next batch only after the
 * subscriber's `onEvents` returned; nothing after `close()` resolved) and shares the reading:
 * - a subscriber that has seen everything the feed's own subscription has handed out is a *member*: the
 *   feed hands it each batch that subscription reads, and reads the next one when every member is done;
 * - a subscriber behind that point (a projection starting from its checkpoint, or back from a failure)
 *   reads alone with `readAll`, and joins once it has caught up;
 * - a member that fails gets its `onError` and leaves; one slower than `detachAfterMs` is let go, finishes
 *   its batch and follows alone until it is back in step, so one stuck projection does not stop the rest.
 * The feed's subscription starts at the first member's position, and stops when the last member leaves.
 * Written here because it is a small layer over this project's own store port, with nothing to pull in.
 */
export class SharedLogFeed {
  private source: { subscription: Subscription; generation: number } | null = null;
  private generation = 0;
  /** The last position the feed's subscription has handed out (where it reads on from). */
  private fetched: LogPosition | null = null;
  private readonly members = new Set<Member>();
  private readonly batchSize: number;
  private readonly detachAfterMs: number;

  constructor(
    private readonly store: EventStore,
    options: { batchSize?: number; detachAfterMs?: number } = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.detachAfterMs = options.detachAfterMs ?? 1_000;
  }

  /** Subscribers following the feed's own subscription (a test seam). */
  get inStep(): number {
    return this.members.size;
  }

  /** As EventStore.subscribeToAll, in batches of the feed's size (a subscriber's `batchSize` is not used). */
  subscribeToAll(options: SubscribeOptions): Subscription {
    const member: Member = { position: options.after, closed: false, busy: null, alone: null, options };
    member.alone = this.followAlone(member);
    return {
      close: async () => {
        member.closed = true;
        this.leave(member);
        await member.alone;
        await member.busy;
      },
    };
  }

  private async followAlone(member: Member): Promise<void> {
    try {
      while (!member.closed) {
        if (this.source === null || comparePositions(member.position, this.fetched) >= 0) {
          this.join(member);
          return;
        }
        const batch = await this.store.readAll({ after: member.position, limit: this.batchSize });
        if (member.closed) return;
        if (batch.length === 0) {
          // What the feed's subscription handed out stays visible, so a read after a position behind it
          // cannot come back empty; should a store ever answer so, look again shortly instead of spinning.
          await new Promise((resolve) => setTimeout(resolve, 10));
          continue;
        }
        await member.options.onEvents(batch);
        member.position = batch[batch.length - 1]!.position;
      }
    } catch (error) {
      this.fail(member, error);
    }
  }

  private join(member: Member): void {
    if (!this.source) {
      this.fetched = member.position;
      const generation = ++this.generation;
      const subscription = this.store.subscribeToAll({
        after: member.position,
        batchSize: this.batchSize,
        onEvents: (events) => this.deliver(generation, events),
        onError: (error) => this.sourceFailed(generation, error),
      });
      this.source = { subscription, generation };
    }
    this.members.add(member);
  }

  private async deliver(generation: number, events: RecordedEvent[]): Promise<void> {
    if (this.source?.generation !== generation || events.length === 0) return;
    this.fetched = events[events.length - 1]!.position;
    // Those who join during this delivery are at or past its end: they need only the batches after it.
    await Promise.all([...this.members].map((member) => this.hand(member, events)));
  }

  private async hand(member: Member, events: RecordedEvent[]): Promise<void> {
    // A member that joined ahead of the feed (its own reads went further) skips what it has seen.
    const fresh =
      comparePositions(events[0]!.position, member.position) > 0
        ? events
        : events.filter((event) => comparePositions(event.position, member.position) > 0);
    if (fresh.length === 0 || member.closed) return;
    const work = (async () => {
      try {
        await member.options.onEvents(fresh);
        member.position = fresh[fresh.length - 1]!.position;
      } catch (error) {
        this.fail(member, error);
      }
    })();
    member.busy = work;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), this.detachAfterMs);
    });
    const outcome = await Promise.race([work.then(() => 'done' as const), late]);
    clearTimeout(timer);
    if (outcome === 'late' && this.members.has(member)) {
      // Too slow to wait for: the others go on; it finishes this batch, then follows alone until back in step.
      this.leave(member);
      member.alone = work.then(() => this.followAlone(member));
    }
  }

  private fail(member: Member, error: unknown): void {
    this.leave(member);
    if (member.closed) return;
    member.closed = true;
    member.options.onError(error);
  }

  private leave(member: Member): void {
    this.members.delete(member);
    if (this.members.size > 0 || !this.source) return;
    // Not awaited: this may run inside the source's own delivery, which its close() waits for.
    const { subscription } = this.source;
    this.source = null;
    const closing = subscription.close().catch(() => {});
    this.closing.add(closing);
    void closing.then(() => this.closing.delete(closing));
  }

  private readonly closing = new Set<Promise<void>>();

  /**
   * Waits until the feed's own subscription has stopped. It stops when its last member leaves, so once
   * every subscriber has closed, only a stop still under way is left to wait for.
   */
  async close(): Promise<void> {
    await Promise.all(this.closing);
  }

  private sourceFailed(generation: number, error: unknown): void {
    if (this.source?.generation !== generation) return;
    this.source = null;
    const members = [...this.members];
    this.members.clear();
    for (const member of members) {
      if (member.closed) continue;
      member.closed = true;
      member.options.onError(error);
    }
  }
}

interface Member {
  /** The last event handed to it. */
  position: LogPosition | null;
  closed: boolean;
  /** Its delivery in progress from the feed, if any. */
  busy: Promise<void> | null;
  /** Its own reading while it is not in step. */
  alone: Promise<void> | null;
  options: SubscribeOptions;
}
