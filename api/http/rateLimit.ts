import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { type LimiterFactory, memoryLimiters } from './limiters.ts';
import { createLoginThrottle, type LoginThrottle, UNTHROTTLED } from './loginThrottle.ts';

/**
 * Fixed-window limits per key (IP or account). Kept in memory for one process (the embedded deployment),
 * or in Postgres (`rate_limits`, a migration's table) so that several API processes share one budget
 * instead of each allowing the whole limit: RATE_LIMIT_STORE, docs/architecture/scaling.md.
 * RATE_LIMITS=off disables them for load tests; "login=10/60,register=5/3600" overrides points/seconds.
 * The sign-in kinds are explained in docs/security.md; loginPair's seconds are its first wait, not a window.
 */
export const RATE_LIMIT_DEFAULTS = {
  /** Sign-in attempts per client address, all accounts (a burst limit). */
  login: { points: 20, duration: 60 },
  /** Failed sign-ins per client address across all accounts (credential stuffing). */
  loginAddress: { points: 100, duration: 60 * 60 },
  /** Free failures per (account, client address); then waits from 60 s, doubling up to 64 min. */
  loginPair: { points: 5, duration: 60 },
  /** Failed sign-ins per account from all addresses before its slow mode (one try per address). */
  loginAccount: { points: 100, duration: 24 * 60 * 60 },
  /** Password changes per signed-in user (each checks the current password). */
  password: { points: 10, duration: 15 * 60 },
  register: { points: 10, duration: 60 * 60 },
  lookup: { points: 60, duration: 60 },
  money: { points: 120, duration: 60 },
  totp: { points: 5, duration: 5 * 60 },
  /** Mail-sending requests (password reset, e-mail change) per client address. */
  mailAddress: { points: 10, duration: 60 * 60 },
  /** E-mail change requests per signed-in account (each mails the typed address and the account's own). */
  mailAccount: { points: 10, duration: 60 * 60 },
  /**
   * The same per recipient address as typed, all client addresses together. Over it a request still goes
   * through when it is its client address's first for that recipient (mailRecipientAddress): strangers
   * cannot use up the owner's budget (docs/security.md "Account recovery").
   */
  mailRecipient: { points: 3, duration: 60 * 60 },
  /** Per (recipient as typed, client address): the request each address still has over mailRecipient. */
  mailRecipientAddress: { points: 1, duration: 60 * 60 },
  /** Personal-data exports per signed-in user (each reads all of their history and log). */
  dataExport: { points: 5, duration: 60 * 60 },
} as const;

export type RateLimitKind = keyof typeof RATE_LIMIT_DEFAULTS;

export interface RateLimits {
  enabled: boolean;
  /** Sign-in throttling by (account, address), account and address (docs/security.md). */
  login: LoginThrottle;
  /** Counts one attempt; returns the seconds to wait when over the limit, else null. */
  consume(kind: RateLimitKind, key: string): Promise<number | null>;
  reset(kind: RateLimitKind, key: string): Promise<void>;
}

export function parseRateLimits(
  spec: string,
): Record<RateLimitKind, { points: number; duration: number }> | null {
  if (spec.trim().toLowerCase() === 'off') return null;
  const limits: Record<string, { points: number; duration: number }> = { ...RATE_LIMIT_DEFAULTS };
  for (const part of spec
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^(\w+)=(\d+)\/(\d+)$/.exec(part);
    if (!match || !(match[1]! in RATE_LIMIT_DEFAULTS)) {
      throw new Error(`Invalid RATE_LIMITS entry "${part}" (expected e.g. login=10/60, or off)`);
    }
    limits[match[1]!] = { points: Number(match[2]), duration: Number(match[3]) };
  }
  return limits as Record<RateLimitKind, { points: number; duration: number }>;
}

export function createRateLimits(spec: string, makeLimiter: LimiterFactory = memoryLimiters): RateLimits {
  const settings = parseRateLimits(spec);
  if (!settings) {
    return { enabled: false, login: UNTHROTTLED, consume: async () => null, reset: async () => {} };
  }
  const limiters = Object.fromEntries(
    Object.entries(settings).map(([kind, s]) => [
      kind,
      makeLimiter(kind, { points: s.points, duration: s.duration }),
    ]),
  ) as Record<RateLimitKind, RateLimiterAbstract>;
  return {
    enabled: true,
    login: createLoginThrottle(
      {
        address: settings.loginAddress,
        pair: settings.loginPair,
        account: settings.loginAccount,
      },
      makeLimiter,
    ),
    async consume(kind, key) {
      try {
        await limiters[kind].consume(key);
        return null;
      } catch (error) {
        if (error instanceof RateLimiterRes) return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        throw error;
      }
    },
    async reset(kind, key) {
      await limiters[kind].delete(key);
    },
  };
}
