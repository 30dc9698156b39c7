import type { MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { timeout } from 'hono/timeout';
import type { AppEnv } from './env.ts';
import { problem } from './problem.ts';

class RequestTimedOut extends HTTPException {}

/**
 * REQUEST_TIMEOUT_MS for an API request: past it, a 503 Problem Details (code "timeout", Retry-After) instead
 * of a client left hanging. hono/timeout races the rest of the chain, so it bounds the time until the
 * response starts: a streamed body (the ledger export, the statement CSV) is returned at once and then
 * streams for as long as it needs, outside the race.
 *
 * The work itself is not cancelled: a command still running when its client got the 503 may yet commit.
 * That is what Idempotency-Key is for: a retry with the same key returns the first outcome, never a second
 * effect (docs/ledger.md invariant 3), so the answer says so.
 */
export function requestTimeout(ms: number): MiddlewareHandler<AppEnv> {
  const race = timeout(ms, () => new RequestTimedOut(503));
  return async (c, next) => {
    try {
      await race(c, next);
    } catch (error) {
      if (!(error instanceof RequestTimedOut)) throw error;
      c.get('logger')?.warn({ reqId: c.get('requestId'), route: c.req.routePath, ms }, 'request timed out');
      c.res = problem(
        c,
        503,
        'The request took too long. It may still complete: check before retrying, or retry with the same Idempotency-Key.',
        { code: 'timeout', headers: { 'Retry-After': '1' } },
      );
    }
  };
}
