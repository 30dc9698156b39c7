import type { Pool, PoolClient } from '../../infra/postgres/pool.ts';
import { tableOwners } from '../tableOwners.ts';
import type { PurgeResult, PurgeSettings } from '../tables.ts';

/**
 * Rows that expire, deleted once they can no longer matter: each table's owner says which (its `purge`,
 * app/tables.ts): ended sessions, idempotency keys past their lease, two-factor set-ups never confirmed,
 * rate-limit counters whose window is over, mailed one-time links expired or used. Each delete is bounded
 * by the expiry columns alone; the job runs once per interval across processes
 * (infra/postgres/scheduledJobs.ts).
 */
export async function purgeExpiredRows(db: PoolClient | Pool, settings: PurgeSettings): Promise<PurgeResult> {
  const result: PurgeResult = {
    sessions: 0,
    idempotencyKeys: 0,
    unconfirmedTotp: 0,
    rateLimits: 0,
    accountTokens: 0,
  };
  for (const { purge } of tableOwners) if (purge) result[purge.purged] = await purge.run(db, settings);
  return result;
}
