import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterPostgres } from 'rate-limiter-flexible';
import { RATE_LIMITS_TABLE, rateLimitsStoreClient } from '../../app/limits/rateLimits.table.ts';
import type { Pool } from '../../infra/postgres/pool.ts';
import type { Config } from '../../runtime/config.ts';

/** Makes one counter: `name` tells counters apart in a shared store. */
export type LimiterFactory = (
  name: string,
  settings: { points: number; duration: number },
) => RateLimiterAbstract;

export const memoryLimiters: LimiterFactory = (_name, settings) => new RateLimiterMemory(settings);

/**
 * Counters in Postgres, shared by every process on the database: one row per `<name>:<key>`, one upsert
 * per count (rate-limiter-flexible's RateLimiterPostgres). Expired rows are deleted by the purge job, once
 * across processes (app/maintenance/purge.ts, by the table's owner app/limits/rateLimits.table.ts), not by the library's timer in every process.
 */
export function postgresLimiters(pool: Pool): LimiterFactory {
  const storeClient = rateLimitsStoreClient(pool);
  return (name, settings) =>
    new RateLimiterPostgres({
      ...settings,
      storeClient,
      storeType: 'pool',
      tableName: RATE_LIMITS_TABLE,
      tableCreated: true,
      keyPrefix: name,
      clearExpiredByTimeout: false,
    });
}

/** Whether the rate limits count in Postgres, shared by every process (RATE_LIMIT_STORE). */
export function sharedLimits(config: Pick<Config, 'RATE_LIMIT_STORE' | 'DATABASE_URL'>): boolean {
  if (config.RATE_LIMIT_STORE === 'auto') return config.DATABASE_URL !== undefined;
  return config.RATE_LIMIT_STORE === 'postgres';
}
