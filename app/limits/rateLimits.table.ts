import type pg from 'pg';
import type { Pool } from '../../infra/postgres/pool.ts';
import { statementName } from '../../infra/postgres/prepared.ts';
import type { TableOwner } from '../tables.ts';

/**
 * `rate_limits` (migrations/1764201600004_rate-limits.sql): the counters shared by every process when
 * RATE_LIMIT_STORE=postgres, written by rate-limiter-flexible (api/http/limiters.ts) under this name, one
 * row per `<kind>:<key>`.
 */
export const RATE_LIMITS_TABLE = 'rate_limits';

/**
 * The pool as rate-limiter-flexible's `storeClient`: the library names its statements, and behind a
 * transaction-mode pooler they go unnamed (docs/architecture/pgbouncer.md), as the product's own do.
 */
export function rateLimitsStoreClient(pool: Pool) {
  return {
    query: ({ name, ...query }: pg.QueryConfig) =>
      pool.query({ ...query, ...(name ? statementName(name) : {}) }),
  };
}

/**
 * Counters whose window is over (`expire`, ms since the epoch) are purged: the limiter starts an expired one
 * afresh anyway, and an upsert that renews a row first keeps it (the delete re-checks the renewed row).
 * At erasure the counters that name the person go: `<kind>:<key>` where the key is the user id, the e-mail,
 * or the e-mail and an address (`<email>\n<ip>`); the rest expire within their window.
 */
export const rateLimitsTable: TableOwner = {
  table: RATE_LIMITS_TABLE,
  purge: {
    purged: 'rateLimits',
    async run(db) {
      const { rowCount } = await db.query(
        `DELETE FROM rate_limits WHERE expire < (extract(epoch FROM now()) * 1000)::bigint`,
      );
      return rowCount ?? 0;
    },
  },
  async erase(client, { userId, email }) {
    await client.query(
      `DELETE FROM rate_limits
        WHERE right(key, length($1) + 1) = ':' || $1
           OR ($2::text IS NOT NULL AND (right(key, length($2) + 1) = ':' || $2
                                         OR strpos(key, ':' || $2 || E'\\n') > 0))`,
      [userId, email?.trim().toLowerCase() ?? null],
    );
  },
};
