import ipaddr from 'ipaddr.js';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { type LimiterFactory, memoryLimiters } from './limiters.ts';

/**
 * Sign-in throttling that cannot be turned into a lock-out (docs/security.md, "Sign-in throttling").
 * Wrong passwords are counted per (account, client address): the guesser's own address is slowed down,
 * never the account. An account-wide count only switches the account to a slow mode in which every
 * address still gets a first try at once, so the owner typing the right password from anywhere else gets
 * in. An address failing across many accounts (credential stuffing) is stopped on its own count.
 *
 * The counters are rate-limiter-flexible's; the policy on top (progressive delays, slow mode, the gate that
 * lets one attempt through at a time) is not something the library offers for a non-Express server.
 */
export interface LoginThrottleSettings {
  /** Failed sign-ins one address may have across all accounts within `duration` seconds. */
  address: { points: number; duration: number };
  /** Free failures per (account, address); `duration` is the first wait after them, in seconds. */
  pair: { points: number; duration: number };
  /** Failures per account (all addresses) within `duration` seconds before slow mode. */
  account: { points: number; duration: number };
}

/** The longest wait, as a multiple of the first: 60 s doubles up to 64 min. */
export const LONGEST_WAIT_FACTOR = 64;
/** How long a (account, address) pair's failures are remembered when no sign-in succeeds. */
const PAIR_MEMORY_SECONDS = 24 * 60 * 60;
/** How long one attempt may hold its pair's gate while its password is checked. */
const IN_FLIGHT_SECONDS = 30;

export type LoginAttempt =
  | { allowed: false; retryAfter: number }
  | { allowed: true; failed(): Promise<void>; succeeded(): Promise<void> };

export interface LoginThrottle {
  /**
   * Called before the password is checked, with the normalised e-mail (whether or not such an account
   * exists: the answer must not tell) and the client address. Counts the attempt.
   */
  attempt(account: string, address: string): Promise<LoginAttempt>;
}

/** The wait, in seconds, after the n-th failure past the free ones (n = 0 for the last free one). */
export function progressiveWait(firstWait: number, n: number): number {
  return firstWait * Math.min(2 ** Math.max(0, n), LONGEST_WAIT_FACTOR);
}

/**
 * The key for a client address: an IPv4-mapped IPv6 address is its IPv4 address, and an IPv6 address
 * counts as its /64 (one customer's network: its holder can use any of 2^64 addresses in it).
 */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export function createLoginThrottle(
  settings: LoginThrottleSettings,
  makeLimiter: LimiterFactory = memoryLimiters,
): LoginThrottle {
  const addressFailures = makeLimiter('login-address-failures', settings.address);
  const accountFailures = makeLimiter('login-account-failures', settings.account);
  // Attempts per pair, for the progressive wait; a success deletes them.
  const pairAttempts = makeLimiter('login-pair-attempts', {
    points: Number.MAX_SAFE_INTEGER,
    duration: PAIR_MEMORY_SECONDS,
  });
  // One attempt at a time past the free ones: held while a password is checked, closed after a failure.
  const pairGate = makeLimiter('login-pair-gate', { points: 1, duration: IN_FLIGHT_SECONDS });
  const firstWait = settings.pair.duration;

  return {
    async attempt(account, rawAddress) {
      const address = addressKey(rawAddress);
      const pair = `${account}\n${address}`;
      const stuffing = await addressFailures.get(address);
      if (stuffing && stuffing.consumedPoints >= settings.address.points) {
        return { allowed: false, retryAfter: seconds(stuffing.msBeforeNext) };
      }
      const accountCount = await accountFailures.get(account);
      const slow = (accountCount?.consumedPoints ?? 0) >= settings.account.points;
      // In slow mode no failure is free: each address has one try, then waits the longest wait.
      const free = slow ? 0 : settings.pair.points;
      const { consumedPoints: n } = await pairAttempts.penalty(pair);
      if (n > free) {
        try {
          await pairGate.consume(pair);
        } catch (error) {
          if (!(error instanceof RateLimiterRes)) throw error;
          await pairAttempts.reward(pair);
          return { allowed: false, retryAfter: seconds(error.msBeforeNext) };
        }
      }
      return {
        allowed: true,
        async failed() {
          await Promise.all([accountFailures.penalty(account), addressFailures.penalty(address)]);
          if (n >= free) {
            const wait = slow ? firstWait * LONGEST_WAIT_FACTOR : progressiveWait(firstWait, n - free);
            await pairGate.set(pair, 1, wait);
          }
        },
        async succeeded() {
          await Promise.all([pairAttempts.delete(pair), pairGate.delete(pair)]);
        },
      };
    },
  };
}

/** RATE_LIMITS=off: every attempt goes through. */
export const UNTHROTTLED: LoginThrottle = {
  async attempt() {
    return { allowed: true, failed: async () => {}, succeeded: async () => {} };
  },
};
