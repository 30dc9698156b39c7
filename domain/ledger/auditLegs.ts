import { isAsset } from '../shared/money.ts';
import { unitsOf } from './postings.ts';

/**
 * What the money audit (moneyAudit.ts) remembers of a leg, and how it reads and compares one: an event's
 * data as the log holds it (any shape: a tampered event is read, never trusted).
 */

export interface Seen {
  where: string;
  recordedAt: Date;
}

export interface Leg extends Seen {
  asset: string;
  units: bigint;
  userId: string;
}

export interface Transfer extends Leg {
  toUserId: string;
}

export type Data = Record<string, unknown>;

export const text = (value: unknown): string => (typeof value === 'string' ? value : String(value));

export function units(amount: unknown, asset: unknown): bigint | null {
  if (typeof amount !== 'string' || typeof asset !== 'string' || !isAsset(asset)) return null;
  try {
    return unitsOf(amount, asset);
  } catch {
    return null;
  }
}

/** A purchase's fee in SAI minor units: none (older events, or a fee of 0) is 0; unreadable is -1. */
export function feeUnits(fee: unknown): bigint {
  if (fee === undefined || fee === null || (typeof fee === 'string' && /^0*(\.0*)?$/.test(fee))) return 0n;
  return units(fee, 'SAI') ?? -1n;
}

/** What differs between a leg and what it must match, e.g. "amount 5.00 ≠ 3.00"; empty when they agree. */
export function differences(leg: Data, expected: Leg, userField = 'userId'): string[] {
  const found: string[] = [];
  if (leg.asset !== expected.asset) found.push(`asset ${text(leg.asset)} ≠ ${expected.asset}`);
  const amount = units(leg.amount, leg.asset);
  if (amount !== expected.units) found.push(`amount ${text(leg.amount)} ≠ ${expected.units} minor units`);
  if (leg[userField] !== expected.userId)
    found.push(`${userField} ${text(leg[userField])} ≠ ${expected.userId}`);
  return found;
}

/** What a BoundedSet of moneyAudit.ts offers: remembers at most a bound of members. */
export interface Remembered {
  has(member: string): boolean;
  add(member: string): void;
}

/**
 * A leg that settles one awaited before it, once (a transfer's credit its debit, a deposit's credit its
 * confirmation, a hold's release its failed withdrawal): the awaited leg is taken off and its id remembered
 * as settled. With none awaited, the leg is named a repeat when its id was settled before, else an orphan.
 * Returns the awaited leg it settled, if any.
 */
export function settleOnce<L extends Seen>(
  say: (problem: string) => void,
  id: string,
  books: { awaited: Map<string, L>; settled: Remembered },
  problems: { again: string; without: string; differs: string },
  wrong: (awaited: L) => string[],
): L | undefined {
  const awaited = books.awaited.get(id);
  if (!awaited) {
    say(books.settled.has(id) ? problems.again : problems.without);
    return undefined;
  }
  const found = wrong(awaited);
  if (found.length > 0) say(`${problems.differs} ${awaited.where}: ${found.join(', ')}`);
  books.awaited.delete(id);
  books.settled.add(id);
  return awaited;
}

/** One event as `observe` sees it, with the helpers each kind of check uses. */
export interface Observed {
  event: { streamName: string; type: string; data: unknown; recordedAt: Date };
  d: Data;
  where: string;
  seen: Seen;
  id: string;
  say: (problem: string) => void;
  owe: (userId: string, asset: string, delta: bigint) => void;
  leg: (userField?: string) => Leg;
  onStream: (stream: string) => void;
}
