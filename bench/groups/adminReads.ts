import { percentile } from '../lib/measure.ts';
import { type Figure, stat } from '../stat.ts';

/**
 * A term of the admin transaction search that matches some of the seeded log's transactions and not all:
 * the seeder describes an approved deposit proof as "Deposit approved" (about 2 % of its commands); its
 * transfers are "seed transfer" and its distributions "Welcome distribution".
 */
export const ADMIN_SEARCH_TERM = 'Deposit';

/** The admin's reads the issue times on the seeded log: stats, and the transaction search with and without q. */
export const ADMIN_READS: readonly string[] = [
  '/api/admin/stats',
  `/api/transactions/all?q=${ADMIN_SEARCH_TERM}`,
  // Matches nothing: the search's whole scan, with no row to return.
  '/api/transactions/all?q=zzzz',
  '/api/transactions/all',
];

const TIMED = 200;
const WARM = 10;

/**
 * The admin's search and stats on a seeded log (the target: p99 ≤ 50 ms on the 2M-event log): each
 * of ADMIN_READS called TIMED times one after another (after WARM calls not timed) as the admin whose
 * session token is `adminToken`, against the API at `base` on an otherwise idle machine; the round trip of
 * each call from the request sent to the last byte of the answer read, as figures `<path> p50` and `<path>
 * p99` (one run's percentiles: min = max = median). A search's `<path> matches` is the `total` it answered,
 * to show the term matched what it should: the bench fails when ADMIN_SEARCH_TERM matches nothing, since
 * the figure would then not time a search that finds rows.
 */
export async function adminReadPercentiles(
  base: string,
  adminToken: string,
): Promise<Record<string, Figure>> {
  const out: Record<string, Figure> = {};
  for (const path of ADMIN_READS) {
    const call = async () => {
      const answer = await fetch(`${base}${path}`, { headers: { cookie: `sai_session=${adminToken}` } });
      const body = await answer.text();
      if (answer.status !== 200)
        throw new Error(`bench: ${path} answered ${answer.status}: ${body.slice(0, 300)}`);
      return body;
    };
    let total: number | undefined;
    for (let i = 0; i < WARM; i++) total = (JSON.parse(await call()) as { total?: number }).total;
    const ms: number[] = [];
    for (let i = 0; i < TIMED; i++) {
      const t0 = performance.now();
      await call();
      ms.push(performance.now() - t0);
    }
    ms.sort((a, b) => a - b);
    out[`${path} p50`] = stat([percentile(ms, 50)], 'ms');
    out[`${path} p99`] = stat([percentile(ms, 99)], 'ms');
    if (path.includes('q=') && typeof total === 'number') {
      if (path.endsWith(ADMIN_SEARCH_TERM) && total === 0)
        throw new Error(`bench: the admin search for "${ADMIN_SEARCH_TERM}" matched no transaction`);
      out[`${path} matches`] = stat([total], 'transactions');
    }
  }
  return out;
}
