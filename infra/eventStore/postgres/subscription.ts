import type pg from 'pg';
import type {
  EventStore,
  LogPosition,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from '../eventStore.ts';
import type { AppendSignal } from './appendSignal.ts';

/** The newest transaction in the log, and whether readers cannot see it yet (an older one is open). */
interface LogTail {
  hidden: boolean;
  newest: bigint | null;
}

/**
 * The subscriptions of one store: each a loop that reads the log in pages after its position, woken by
 * the append signal (appendSignal.ts), and that looks again soon while an event is hidden behind a
 * transaction still open (see postgresEventStore.ts on ordering). Pages go through `readAll`, the store's
 * own, so one read path serves readers and subscribers.
 */
export class Subscriptions {
  constructor(
    private readonly pool: pg.Pool,
    private readonly signal: AppendSignal,
    private readonly readAll: EventStore['readAll'],
  ) {}

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

  subscribe(options: SubscribeOptions): Subscription {
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
}
