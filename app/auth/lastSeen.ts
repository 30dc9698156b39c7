import type { Pool } from '../../infra/postgres/pool.ts';
import { touchSessions } from './sessions.table.ts';

/** A session's "last seen" is written at most this often (by any process: the flush's WHERE says so). */
export const LAST_SEEN_EVERY_MS = 60_000;
/** How often a process writes what it remembered. */
const FLUSH_EVERY_MS = 15_000;
/** Sessions remembered at most (oldest out first). */
const CAPACITY = 50_000;

/**
 * "Last seen" of each session, kept off the request path: a request only notes its session here (a map
 * look-up), and a timer writes what changed in one batched UPDATE (and once more on stop). A session is
 * noted at most once a minute per process, and the UPDATE skips a row another process moved within the
 * minute, so a busy session costs one small write a minute whatever its request rate. The update touches
 * no column the session cache reads, so it announces nothing (migrations/1764201600012_session-devices.sql)
 * and no process drops the session from memory for it.
 */
export class LastSeenRecorder {
  /** When each session was last noted here (ms), the newest last. */
  private readonly noted = new Map<string, number>();
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  /** UPDATE statements run (the tests read it). */
  readonly stats = { flushes: 0 };

  constructor(
    private readonly db: Pool,
    private readonly options: { everyMs?: number; flushEveryMs?: number } = {},
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.flush().catch(() => {});
    }, this.options.flushEveryMs ?? FLUSH_EVERY_MS);
    this.timer.unref();
  }

  /** A request of this session at `at` (ms). Costs a map look-up; writes nothing. */
  seen(sessionId: string, at: number): void {
    const last = this.noted.get(sessionId);
    if (last !== undefined && at - last < (this.options.everyMs ?? LAST_SEEN_EVERY_MS)) return;
    this.noted.delete(sessionId);
    this.noted.set(sessionId, at);
    if (this.noted.size > CAPACITY) this.noted.delete(this.noted.keys().next().value!);
    this.pending.set(sessionId, at);
  }

  /** The latest time this process noted the session (written or not yet), if it did. */
  latest(sessionId: string): number | undefined {
    return this.noted.get(sessionId);
  }

  /** Writes what was noted since the last flush, in one statement. Flushes run one at a time. */
  flush(): Promise<void> {
    // A failed flush does not stop the next one (its batch was put back).
    this.flushing = this.flushing.catch(() => {}).then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const everySeconds = (this.options.everyMs ?? LAST_SEEN_EVERY_MS) / 1000;
    try {
      this.stats.flushes++;
      await touchSessions(this.db, batch, everySeconds);
    } catch (error) {
      // Kept for the next flush (a newer note of the same session wins).
      for (const [id, at] of batch) if (!this.pending.has(id)) this.pending.set(id, at);
      throw error;
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}
