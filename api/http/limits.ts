import type { Deps } from '../../runtime/deps.ts';
import { HttpProblem } from './problem.ts';
import type { RateLimitKind } from './rateLimit.ts';

/** Counts one attempt against a limit; over it, a 429 with Retry-After. */
export async function limited(deps: Pick<Deps, 'limits'>, kind: RateLimitKind, key: string): Promise<void> {
  const wait = await deps.limits.consume(kind, key);
  if (wait !== null) throw tooManyAttempts(wait);
}

/** The one 429 every limit answers: it says nothing of which limit, nor whether an account exists. */
export function tooManyAttempts(retryAfterSeconds: number): HttpProblem {
  return new HttpProblem(429, 'Too many attempts. Please wait a moment and try again.', {
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}

/** A settled promise's value, or its error thrown: to take the results of parallel work in a set order. */
export function settled<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}
