import type { LockSession } from './lockSession.ts';

/** Where a consumer's loop is: shown on the admin projections screen and in /api/health. */
export type WorkerState = 'starting' | 'standby' | 'running' | 'retrying' | 'stopped';

/** One lead: the time a loop holds its lock. */
export interface Lead {
  /**
   * What a lead waits on while it follows the log: resolves 'stopped' once the loop is asked to stop;
   * rejects when the lock's connection dies (the lock is lost) or one of `failures` rejects (its
   * subscription failed, its tables moved under it).
   */
  until(...failures: Promise<never>[]): Promise<'stopped'>;
}

export interface LeaderLoopOptions {
  /** The connection the lock is taken and held on (shared by a runner's projections, or the loop's own). */
  locks: LockSession;
  lockKey: string;
  /** Leads while the lock is held, until `lead.until` settles; a throw is a failed lead. */
  lead(lead: Lead): Promise<'stopped'>;
  /** A failed lead, before the wait to try again: the consumer says so (its log, its status row). */
  failed(message: string, error: unknown, retryInMs: number): Promise<void>;
  /** How often a standby loop tries to take the lock (default 1 s). */
  standbyPollMs?: number;
  /** The longest wait after failed leads in a row (default 30 s). */
  maxBackoffMs?: number;
}

/**
 * The one consumer loop of the read side: the projection runner runs one per projection (the follow-ups
 * among them), the tree follower one of its own. It takes the lead again and again until stopped:
 * - one leader across processes: a session-level advisory lock (LockSession); a standby loop tries again
 *   every `standbyPollMs`, and takes over when the holder's connection dies;
 * - a lead that fails is retried after a wait that doubles with each failure in a row (from 100 ms up to
 *   `maxBackoffMs`); a lead that ends well resets it;
 * - one way to stop: `stop()` resolves `stopped`, which every wait of the loop and of its leads races with
 *   (no polling), then waits for the lead under way to end and its lock to be released.
 */
export class LeaderLoop {
  state: WorkerState = 'starting';
  /** Resolves once stop() is called. */
  readonly stopped: Promise<'stopped'>;
  #stopping = false;
  #resolveStop: () => void = () => {};
  #loop: Promise<void> | null = null;

  constructor(private readonly options: LeaderLoopOptions) {
    this.stopped = new Promise((resolve) => {
      this.#resolveStop = () => resolve('stopped');
    });
  }

  /** Whether stop() was called (for work that checks between its own steps). */
  get stopping(): boolean {
    return this.#stopping;
  }

  start(): void {
    this.#loop = this.#run();
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    this.#resolveStop();
    await this.#loop;
    this.state = 'stopped';
  }

  /** Waits `ms`, or until stop() is called if that comes first. */
  async pause(ms: number): Promise<void> {
    if (this.#stopping || ms <= 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise((resolve) => {
        timer = setTimeout(resolve, ms);
      }),
      this.stopped,
    ]);
    clearTimeout(timer);
  }

  async #run(): Promise<void> {
    let backoff = 100;
    while (!this.#stopping) {
      const outcome = await this.#leadOnce().catch((error: unknown) => ({ error }));
      if (this.#stopping) break;
      if (outcome === 'standby') {
        this.state = 'standby';
        await this.pause(this.options.standbyPollMs ?? 1_000);
        continue;
      }
      if (typeof outcome === 'object') {
        this.state = 'retrying';
        const message = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
        await this.options.failed(message, outcome.error, backoff);
        await this.pause(backoff);
        backoff = Math.min(backoff * 2, this.options.maxBackoffMs ?? 30_000);
        continue;
      }
      backoff = 100;
    }
  }

  /** Holds the lock for one lead: 'standby' when another session holds it. */
  async #leadOnce(): Promise<'standby' | 'stopped'> {
    const held = await this.options.locks.tryLock(this.options.lockKey);
    if (!held) return 'standby';
    try {
      this.state = 'running';
      return await this.options.lead({
        until: (...failures) => {
          for (const failure of failures) failure.catch(() => {});
          return Promise.race([...failures, held.lost, this.stopped]);
        },
      });
    } finally {
      await held.release();
    }
  }
}
