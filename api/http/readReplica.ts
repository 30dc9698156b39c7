import type { Context } from 'hono';
import { comparePositions, type LogPosition } from '../../infra/eventStore/eventStore.ts';
import type { Pool } from '../../infra/postgres/pool.ts';
import { checkpointsReached } from '../../projections/engine/checkpoints.queries.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from './env.ts';
import { isDatabaseDown } from './problem.ts';

/** The whole wait of a read for this browser's last write, replica and primary together. */
const READ_YOUR_WRITES_MS = 1_000;
/** How often a replica endpoint that failed is asked again (`SELECT 1`) while reads go to the primary. */
const PROBE_MS = 1_000;

/** Where a GET's read-model queries go, and what the answer must say about it. */
export interface ReadChoice {
  db: Pool;
  /** The read models had not reached this browser's last write within the bound (X-Read-Your-Writes). */
  lagging: boolean;
  /** Answered by the primary although a replica is configured, and why (X-Read-From: primary). */
  fellBack: 'lag' | 'unreachable' | null;
}

/**
 * Reads from replicas without breaking read-your-writes (docs/architecture/replica-reads.md). Without
 * READ_DATABASE_URL every read goes to the primary, waiting there for the browser's last write as before.
 * With it: a read with no write of its own to see goes to the replica; one with a write waits until the
 * replica shows every projection's checkpoint past it (a checkpoint commits with its rows, so the rows
 * are there too), up to READ_REPLICA_WAIT_MS, and is otherwise answered by the primary, waiting there
 * for the rest of the second. A replica endpoint that fails (or does not answer the wait in time) is set
 * aside: reads go to the primary until it answers again.
 */
export class ReadRouter {
  private aside = false;

  constructor(private readonly deps: Deps) {}

  async choose(position: LogPosition | null): Promise<ReadChoice> {
    const { deps } = this;
    const replica = deps.replicaPool;
    if (!replica) return this.primary(position, READ_YOUR_WRITES_MS, null);
    if (this.aside) return this.primary(position, READ_YOUR_WRITES_MS, 'unreachable');
    if (!position) return this.replica(replica);
    const started = Date.now();
    const wait = Math.min(deps.config.READ_REPLICA_WAIT_MS, READ_YOUR_WRITES_MS);
    const reached = await withinDeadline(
      checkpointsReached(replica, position, deps.runner.names, wait),
      // A replica that stopped answering (its server stopped, not gone) must not hold the read.
      wait + 250,
    );
    const left = READ_YOUR_WRITES_MS - (Date.now() - started);
    if (reached === true) return this.replica(replica);
    if (reached === false) return this.primary(position, left, 'lag');
    this.setAside();
    return this.primary(position, left, 'unreachable');
  }

  /** After the request: a replica that failed it is set aside, so the client's retry is answered. */
  settle(choice: ReadChoice, error: unknown): void {
    if (choice.db === this.deps.replicaPool && error !== undefined && isDatabaseDown(error)) this.setAside();
  }

  private setAside(): void {
    if (this.aside) return;
    this.aside = true;
    void this.probe();
  }

  /** Asks the set-aside replica endpoint again every second until it answers (or the process stops). */
  private async probe(): Promise<void> {
    const replica = this.deps.replicaPool!;
    while (this.aside && !replica.ended) {
      await new Promise((resolve) => setTimeout(resolve, PROBE_MS).unref());
      if (replica.ended) return;
      const answered = await withinDeadline(replica.query('SELECT 1'), PROBE_MS * 5);
      if (answered !== 'failed') this.aside = false;
    }
  }

  private replica(db: Pool): ReadChoice {
    this.deps.metrics.replicaReads.inc({ source: 'replica' });
    return { db, lagging: false, fellBack: null };
  }

  private async primary(
    position: LogPosition | null,
    waitMs: number,
    fellBack: ReadChoice['fellBack'],
  ): Promise<ReadChoice> {
    const { deps } = this;
    if (fellBack) deps.metrics.replicaReads.inc({ source: `primary-${fellBack}` });
    const lagging =
      position !== null && !(await deps.runner.waitFor(position, deps.runner.names, Math.max(0, waitMs)));
    return { db: deps.pool, lagging, fellBack };
  }
}

/**
 * `work`'s value, or 'failed' when it failed or took longer than `ms`. Any failure: a replica endpoint that
 * answers with an error (not migrated, not a replica of this database) is as useless as one that is gone.
 */
async function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T | 'failed'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'failed'>((resolve) => {
    timer = setTimeout(() => resolve('failed'), ms);
  });
  try {
    return await Promise.race([work.catch(() => 'failed' as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether a position a client sent back is one the log has reached (the cookie is the client's to forge). */
export async function realPosition(deps: Deps, position: LogPosition | null): Promise<LogPosition | null> {
  if (!position) return null;
  return comparePositions(position, await deps.store.headPosition()) <= 0 ? position : null;
}

/**
 * The pool a GET's read-model queries use: the replica endpoint or the primary, as the read-your-writes
 * middleware chose (api/http/session.ts). Write-side tables (sessions, credentials) are always read from
 * `deps.pool`: a revocation must never be missed on a replica that lags.
 */
export function readModels(c: Context<AppEnv>): Pool {
  return c.get('reads');
}
