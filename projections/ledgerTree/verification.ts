import { EventClock } from '../../domain/ledger/eventTime.ts';
import type { MoneyAudit } from '../../domain/ledger/moneyAudit.ts';
import { postingsOf } from '../../domain/ledger/postings.ts';
import { formatUnits, isAsset } from '../../domain/shared/money.ts';
import { bytesOfHex } from '../../domain/verifiable/bytes.ts';
import { eventLeaf, HASH_BYTES, type MerkleFrontier } from '../../domain/verifiable/merkle.ts';
import { formatPosition, type RecordedEvent } from '../../infra/eventStore/eventStore.ts';
import { eventHash } from '../../infra/eventStore/hashChain.ts';
import { EVENT_UPCASTERS } from '../../infra/eventStore/upcasting.ts';

/**
 * One batch of the tree follower, computed in memory: each event's leaf appended to the frontier (the
 * complete nodes it makes), the streams' new heads, the balance changes, and what continuous
 * verification found. Every check is a finding, never a reason to skip an event: the tree commits to what
 * the log holds, and the findings are recorded beside it (follower.ts).
 */

export interface StreamHead {
  revision: bigint;
  hash: string;
}

export type MismatchKind =
  | 'revision'
  | 'chain'
  | 'hash'
  | 'postings'
  | 'liabilities'
  | 'balance'
  | 'time'
  | 'money'
  | 'frontier'
  | 'tree';

export interface Mismatch {
  kind: MismatchKind;
  message: string;
  /**
   * The users' accounts (`user:<id>`) the mismatch involves: frozen by default until an operator has
   * checked them (LEDGER_FREEZE_ON_MISMATCH=accounts, app/commands/ledgerFreeze.ts).
   */
  accounts?: string[];
}

/** Kinds that prove nothing about money by themselves: reported, never a reason to freeze an account. */
const NOT_FREEZING: ReadonlySet<MismatchKind> = new Set(['time']);

/**
 * The user accounts an event touches: its postings' `user:` sides, and its stream's owner for an account
 * stream (a changed event may no longer book what it booked). System accounts are not frozen one by one
 * (that would stop every mint or withdrawal of an asset); LEDGER_FREEZE_ON_MISMATCH=on does that.
 */
export function usersOf(event: RecordedEvent): string[] {
  const accounts = new Set<string>();
  if (event.streamName.startsWith('account-'))
    accounts.add(`user:${event.streamName.slice('account-'.length)}`);
  try {
    for (const posting of postingsOf(EVENT_UPCASTERS.upcast(event)))
      for (const side of [posting.from, posting.to]) if (side.startsWith('user:')) accounts.add(side);
  } catch {
    // Unreadable postings: the stream's owner is all there is to go on.
  }
  return [...accounts];
}

/** Per asset: what came in (issuance:, custody:), went out (outbound:), was earned (fees:), and is owed. */
export interface AssetTotals {
  inflow: bigint;
  outbound: bigint;
  fees: bigint;
  owed: bigint;
}

export interface TreeBatch {
  leaves: {
    index: bigint;
    eventId: string;
    streamName: string;
    revision: bigint;
    eventHash: string;
    commit: bigint;
    prepare: bigint;
  }[];
  nodes: { level: number; index: bigint; hash: Uint8Array }[];
  /** Each stream's head after the batch. */
  heads: Map<string, StreamHead>;
  /** `account|asset` → change in minor units. */
  deltas: Map<string, bigint>;
  mismatches: Mismatch[];
}

/** How a finding names its event: id, type, stream, revision, public position and log position. */
export function describe(event: RecordedEvent, index: bigint): string {
  return `event ${event.id} (${event.type}) in stream ${event.streamName} at revision ${event.revision}, public position ${index} (log ${formatPosition(event.position)})`;
}

const isDigest = (text: unknown): text is string =>
  typeof text === 'string' && bytesOfHex(text)?.length === HASH_BYTES;

/** The hash an event's leaf commits to: its stored hash, or its recomputed one when that is not a digest. */
export function leafHashOf(event: RecordedEvent): string {
  const stored = event.metadata.hash;
  return isDigest(stored) ? stored : eventHash({ ...event, prevHash: event.metadata.prevHash ?? null });
}

/**
 * Appends `events` (the next ones in log order) to `frontier` and checks each: its hash recomputed over the
 * stored form, its previous-hash and revision against its stream's head (`headOf`: the head before the
 * batch), and its postings (a positive amount of a known asset; each posting takes from one account what it
 * gives another, so conservation per event holds by construction). An event whose stored hash is not a
 * SHA-256 digest at all gets the leaf of its recomputed hash (and a finding).
 */
export function computeBatch(
  events: readonly RecordedEvent[],
  frontier: MerkleFrontier,
  headOf: (streamName: string) => StreamHead | undefined,
  /** Time along the log (docs/ledger.md invariant 9), carried across batches by the follower. */
  clock: EventClock = new EventClock(),
  /**
   * What the chains cannot see (docs/ledger.md invariants 10 and 11: legs, the write side, mint backing),
   * carried across batches by the follower; none, none checked.
   */
  money?: MoneyAudit,
): TreeBatch {
  const batch: TreeBatch = { leaves: [], nodes: [], heads: new Map(), deltas: new Map(), mismatches: [] };
  const note = (kind: MismatchKind, event: RecordedEvent, index: bigint, problem: string) =>
    batch.mismatches.push({
      kind,
      message: `${describe(event, index)}: ${problem}`,
      ...(NOT_FREEZING.has(kind) ? {} : { accounts: usersOf(event) }),
    });
  for (const event of events) {
    const index = frontier.size;
    const head = batch.heads.get(event.streamName) ?? headOf(event.streamName);
    const expectedRevision = head ? head.revision + 1n : 0n;
    if (event.revision !== expectedRevision)
      note(
        'revision',
        event,
        index,
        `expected revision ${expectedRevision} (an event is missing or out of order)`,
      );
    const prevHash = event.metadata.prevHash ?? null;
    if (prevHash !== (head?.hash ?? null))
      note('chain', event, index, 'its previous-hash does not match the event before it in the stream');
    const recomputed = eventHash({ ...event, prevHash });
    const stored = event.metadata.hash;
    if (recomputed !== stored)
      note('hash', event, index, 'content does not match its hash (the event was changed)');
    const hash = isDigest(stored) ? stored : recomputed;
    batch.leaves.push({
      index,
      eventId: event.id,
      streamName: event.streamName,
      revision: event.revision,
      eventHash: hash,
      commit: event.position.commit,
      prepare: event.position.prepare,
    });
    for (const made of frontier.append(eventLeaf(index, hash)))
      batch.nodes.push({ level: made.key.level, index: made.key.index, hash: made.hash });
    batch.heads.set(event.streamName, {
      revision: event.revision,
      hash: typeof stored === 'string' ? stored : hash,
    });
    try {
      const current = EVENT_UPCASTERS.upcast(event);
      for (const problem of clock.check(current)) note('time', event, index, problem);
      for (const problem of money?.observe(current, describe(event, index)) ?? [])
        batch.mismatches.push({ kind: 'money', message: problem, accounts: usersOf(event) });
      for (const posting of postingsOf(current)) {
        if (!isAsset(posting.asset) || posting.units <= 0n) {
          note(
            'postings',
            event,
            index,
            `a posting of ${posting.units} ${posting.asset} is not a positive amount of a known asset`,
          );
          continue;
        }
        const from = `${posting.from}|${posting.asset}`;
        const to = `${posting.to}|${posting.asset}`;
        batch.deltas.set(from, (batch.deltas.get(from) ?? 0n) - posting.units);
        batch.deltas.set(to, (batch.deltas.get(to) ?? 0n) + posting.units);
      }
    } catch (error) {
      note(
        'postings',
        event,
        index,
        `its postings cannot be read (${error instanceof Error ? error.message : String(error)})`,
      );
    }
  }
  return batch;
}

/**
 * docs/ledger.md invariant 1 event by event within a batch: `after` holds the balances the batch left in
 * the accounts it touched that must never go below zero (`user:`, `holds:`, `dormant:`); the balance each
 * had before is `after` less the batch's delta. Replays the batch's postings from there and names, for
 * each account, the first event that took it below zero, even if a later event of the batch covered it.
 */
export function overdrafts(
  events: readonly RecordedEvent[],
  firstIndex: bigint,
  after: ReadonlyMap<string, bigint>,
  deltas: ReadonlyMap<string, bigint>,
): Mismatch[] {
  const running = new Map([...after].map(([key, units]) => [key, units - (deltas.get(key) ?? 0n)]));
  const named = new Set<string>();
  const found: Mismatch[] = [];
  events.forEach((event, i) => {
    let postings: ReturnType<typeof postingsOf>;
    try {
      postings = postingsOf(EVENT_UPCASTERS.upcast(event));
    } catch {
      return; // named by computeBatch
    }
    for (const posting of postings) {
      const key = `${posting.from}|${posting.asset}`;
      const before = running.get(key);
      const to = `${posting.to}|${posting.asset}`;
      if (running.has(to)) running.set(to, running.get(to)! + posting.units);
      if (before === undefined) continue;
      running.set(key, before - posting.units);
      if (before - posting.units < 0n && !named.has(key)) {
        named.add(key);
        found.push({
          kind: 'balance',
          message: `${describe(event, firstIndex + BigInt(i))}: balance of ${posting.from} in ${posting.asset} goes below zero (${before - posting.units} minor units)`,
          accounts: usersOf(event),
        });
      }
    }
  });
  return found;
}

/** The kind of an account (`user`, `issuance`, …): what comes before its colon. */
export function accountKind(account: string): string {
  return account.slice(0, Math.max(0, account.indexOf(':')));
}

/** Adds balance changes (`account|asset` → units) to per-asset totals, in place. */
export function addToTotals(
  totals: Map<string, AssetTotals>,
  asset: string,
  account: string,
  units: bigint,
): void {
  const total = totals.get(asset) ?? { inflow: 0n, outbound: 0n, fees: 0n, owed: 0n };
  const kind = accountKind(account);
  if (kind === 'issuance' || kind === 'custody') total.inflow -= units;
  else if (kind === 'outbound') total.outbound += units;
  else if (kind === 'fees') total.fees += units;
  else total.owed += units;
  totals.set(asset, total);
}

/**
 * The liabilities equation per asset (docs/ledger.md "Liabilities"): issued − outbound − fees equals what
 * the users, `holds:` and `dormant:` hold. Since every posting is balanced it can only fail when the stored
 * balances the totals were loaded from were changed, which is what it is there to catch.
 */
export function liabilityMismatches(
  totals: ReadonlyMap<string, AssetTotals>,
  assets: Iterable<string>,
): Mismatch[] {
  const found: Mismatch[] = [];
  for (const asset of new Set(assets)) {
    const total = totals.get(asset);
    if (!total) continue;
    const issued = total.inflow - total.outbound - total.fees;
    if (issued === total.owed) continue;
    const show = (units: bigint) => (isAsset(asset) ? formatUnits(units, asset) : units.toString());
    found.push({
      kind: 'liabilities',
      message: `liabilities in ${asset}: issued − outbound − fees is ${show(issued)}, the users, holds and dormant hold ${show(total.owed)}`,
    });
  }
  return found;
}

/** Copies totals so a batch can be applied to them before its transaction commits. */
export function copyTotals(totals: ReadonlyMap<string, AssetTotals>): Map<string, AssetTotals> {
  return new Map([...totals].map(([asset, total]) => [asset, { ...total }]));
}
