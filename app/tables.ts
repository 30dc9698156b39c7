import type { UserId } from '../domain/shared/ids.ts';
import type { Pool, PoolClient } from '../infra/postgres/pool.ts';

/**
 * The tables outside the log that app/ keeps (migrations/; docs/architecture/personal-data.md "Tables outside
 * the log"): each has one owner module, which holds its SQL and says what the purge and the erasure do to it,
 * so that `purgeExpiredRows` (app/maintenance/purge.ts) and `scrubOutsideLog` (app/privacy/erasureScrub.ts)
 * loop over the registry (tableOwners.ts) instead of knowing every table. A table that nothing purges or
 * erases still has its owner, with neither hook: the registry's test refuses a table without one.
 */
export interface TableOwner {
  readonly table: string;
  /**
   * Deletes the rows that expired, bounded by their expiry columns alone (the job runs once per interval
   * across processes); `purged` names the count in `purgeExpiredRows`'s result.
   */
  readonly purge?: {
    readonly purged: keyof PurgeResult;
    run(db: Db, settings: PurgeSettings): Promise<number>;
  };
  /**
   * The person's rows, deleted or blanked inside the erasure's one transaction, in the registry's order.
   * Idempotent: an erasure interrupted is run again.
   */
  erase?(client: PoolClient, subject: ErasureSubject): Promise<void>;
  /** What must follow the erasure's commit, outside a transaction (a VACUUM). */
  afterErase?(pool: Pool): Promise<void>;
}

type Db = Pool | PoolClient;

export interface PurgeSettings {
  endedSessionHours: number;
  idempotencyHours: number;
}

export interface PurgeResult {
  sessions: number;
  idempotencyKeys: number;
  unconfirmedTotp: number;
  rateLimits: number;
  accountTokens: number;
}

/** Whom an erasure is about (see `scrubOutsideLog`). */
export interface ErasureSubject {
  userId: UserId;
  /** Their e-mail before the erasure; null when finishing an interrupted one, the e-mail already gone. */
  email: string | null;
  /** Their e-mail, username, first and last name before the erasure; empty when finishing an interrupted one. */
  names: readonly string[];
}
