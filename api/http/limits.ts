import type { Deps } from '../deps.ts';
import { addressKey } from './loginThrottle.ts';
import { HttpProblem } from './problem.ts';
import type { RateLimitKind } from './rateLimit.ts';

/** Counts one attempt against a limit; over it, a 429 with Retry-After. */
export async function limited(deps: Pick<Deps, 'limits'>, kind: RateLimitKind, key: string): Promise<void> {
  const wait = await deps.limits.consume(kind, key);
  if (wait !== null) throw tooManyAttempts(wait);
}

/**
 * A mail someone asks for to `recipient` (a password reset, the link of an e-mail change), from the client
 * address `client` (docs/security.md "Account recovery"). The client address has its own budget across
 * recipients (`mailAddress`). The recipient has a small budget across client addresses (`mailRecipient`),
 * and once strangers have spent it every other client address still gets its first request of the hour
 * (`mailRecipientAddress`): a flood from one address, or a few, cannot keep the owner from asking from
 * theirs. An IPv6 address counts as its /64, as at sign-in.
 */
export async function limitedMail(
  deps: Pick<Deps, 'limits'>,
  client: string,
  recipient: string,
): Promise<void> {
  const address = addressKey(client);
  await limited(deps, 'mailAddress', address);
  const key = recipient.toLowerCase();
  // Both are counted, always: an address's earlier requests spend its first one even while under budget.
  const ownWait = await deps.limits.consume('mailRecipientAddress', `${key}\n${address}`);
  const recipientWait = await deps.limits.consume('mailRecipient', key);
  if (ownWait !== null && recipientWait !== null) throw tooManyAttempts(Math.min(ownWait, recipientWait));
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
