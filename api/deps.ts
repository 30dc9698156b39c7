import type { RuntimeContext } from '../runtime/deps.ts';
import type { RateLimits } from './http/rateLimit.ts';

/**
 * What a handler receives: the process's context (runtime/deps.ts) and the API's own pieces, built by
 * `createApp` (api/app.ts). Passed as plain arguments, no container.
 */
export interface Deps extends RuntimeContext {
  limits: RateLimits;
}
