import type pg from 'pg';

/**
 * Jobs that must run once per interval across every process (the purge of expired rows; later digests).
 * Each attempt is one transaction that first takes a transaction-level advisory lock for the job without
 * waiting (another process running it now: this attempt is skipped), then reads when the job last ran
 * (`scheduled_jobs`, a migration's table): not due yet, skipped; due, the work runs in the same
 * transaction and its run is recorded with it. So two processes never run a job at once, and a run
 * another process finished within the interval is not repeated; a run that fails rolls back with its
 * record and is tried again at the next tick. Written here rather than taken from a job library: the
 * library would need a queue table and a worker of its own for what is one lock and one row per job.
 */
export interface ScheduledJob {
  name: string;
  everyMs: number;
  /** The work, inside the job's transaction; what it returns is recorded as the run's result. */
  run(tx: pg.PoolClient): Promise<unknown>;
}

export type JobOutcome = { ran: true; result: unknown } | { ran: false; reason: 'busy' | 'not due' };

export async function runScheduledJob(pool: pg.Pool, job: ScheduledJob): Promise<JobOutcome> {
  const client = await pool.connect();
  let failed: Error | undefined;
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ locked: boolean }>(
      `SELECT pg_try_advisory_xact_lock(hashtextextended('sai:job:' || $1, 0)) AS locked`,
      [job.name],
    );
    if (!rows[0]?.locked) {
      await client.query('ROLLBACK');
      return { ran: false, reason: 'busy' };
    }
    const due = await client.query<{ due: boolean }>(
      `SELECT last_run_at <= now() - $2 * interval '1 millisecond' AS due FROM scheduled_jobs WHERE name = $1`,
      [job.name, job.everyMs],
    );
    if (due.rows[0] && !due.rows[0].due) {
      await client.query('ROLLBACK');
      return { ran: false, reason: 'not due' };
    }
    const result = await job.run(client);
    await client.query(
      `INSERT INTO scheduled_jobs (name, last_run_at, last_result) VALUES ($1, now(), $2)
       ON CONFLICT (name) DO UPDATE SET last_run_at = now(), last_result = EXCLUDED.last_result`,
      [job.name, JSON.stringify(result ?? null)],
    );
    await client.query('COMMIT');
    return { ran: true, result };
  } catch (error) {
    failed = error instanceof Error ? error : new Error(String(error));
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    // A connection whose transaction failed is closed rather than pooled.
    client.release(failed);
  }
}

export interface Scheduler {
  stop(): Promise<void>;
}

/**
 * Ticks every job every `tickMs` in this process (the first tick one `tickMs` after the start, so a
 * short-lived tool never runs one); `runScheduledJob` decides whether it is due. Failures are reported
 * and retried at the next tick. The timers do not keep the process alive.
 */
export function startScheduler(
  pool: pg.Pool,
  jobs: readonly ScheduledJob[],
  options: {
    tickMs: number;
    onRun?(job: string, result: unknown): void;
    onError?(job: string, error: unknown): void;
  },
): Scheduler {
  let stopped = false;
  const running = new Set<Promise<unknown>>();
  const timers = jobs.map((job) => {
    const timer = setInterval(() => {
      if (stopped) return;
      const attempt = runScheduledJob(pool, job).then(
        (outcome) => {
          if (outcome.ran) options.onRun?.(job.name, outcome.result);
        },
        (error: unknown) => options.onError?.(job.name, error),
      );
      running.add(attempt);
      void attempt.finally(() => running.delete(attempt));
    }, options.tickMs);
    timer.unref();
    return timer;
  });
  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running);
    },
  };
}
