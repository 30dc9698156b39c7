import { EventClock } from '../../domain/ledger/eventTime.ts';
import { MoneyAudit, PENDING_BOUND_MS } from '../../domain/ledger/moneyAudit.ts';
import { postingsOf } from '../../domain/ledger/postings.ts';
import { ASSET_DECIMALS, type Asset, formatUnits, isAsset, scaledUnits } from '../../domain/shared/money.ts';
import { hexOf } from '../../domain/verifiable/bytes.ts';
import { eventLeaf } from '../../domain/verifiable/merkle.ts';
import type { EventStore, LogPosition, RecordedEvent } from '../../infra/eventStore/eventStore.ts';
import { formatPosition } from '../../infra/eventStore/eventStore.ts';
import { eventHash } from '../../infra/eventStore/hashChain.ts';
import { EVENT_UPCASTERS, rawStore } from '../../infra/eventStore/upcasting.ts';
import type { Pool } from '../../infra/postgres/pool.ts';
import { TreeReplay } from '../ledgerProofs/treeReplay.ts';
import { DigestCheck, type DigestOutcome } from './digestCheck.ts';
import { missingStreams } from './knownStreams.ts';

/**
 * ledger:verify (docs/ledger.md invariant 7): reads the whole log once, in order, and
 * - recomputes every stream's hash chain: each event's hash from its content and the previous event's
 *   hash, revisions without gaps, and the stream head the store keeps;
 * - folds every posting into balances and compares them with the balances read model (and with the
 *   balance-after of each account's latest history row).
 * The first problem found is named exactly (stream, revision, position, event id or account and asset).
 * It also reports, per asset, the conversion fees collected (`fees:<ASSET>`) and what the company owes its
 * users: issued (through `issuance:` and `custody:`) minus sent out (`outbound:`) minus fees, which must
 * equal the users' balances plus `holds:` and `dormant:` (docs/ledger.md "Liabilities").
 * Every stream the read models (or the tree follower) know must still be in the log (knownStreams.ts), and
 * the log's Merkle tree is rebuilt as it is read (docs/ledger.md invariant 8): with a signed digest, the
 * log's first `treeSize` events must have its root (digestCheck.ts), or what differs is named.
 * Event by event it also replays what the chains cannot see (domain/ledger/moneyAudit.ts, docs/ledger.md invariants 1 and
 * 9-11): no user, hold or dormant balance below zero, each credit the same as its debit, the write side's
 * balances the ledger's, every mint backed by an approval or an admin, and time never running backwards
 * (eventTime.ts). A debit still awaiting its credit at the end is a warning, a problem once older than
 * PENDING_BOUND_MS.
 */
export interface VerifyReport {
  events: number;
  streams: number;
  postings: number;
  accounts: number;
  /** Per asset with any fee, the fees collected, as a decimal string. */
  fees: Record<string, string>;
  /** Per asset, issued − outbound − fees, as a decimal string. */
  liabilities: Record<string, string>;
  /** The log's Merkle tree as rebuilt: its size (every event) and root, hex. */
  treeSize: string;
  root: string;
  /** The signed digest checked against the log, when one was given. */
  digest: DigestOutcome | null;
  problems: string[];
  firstProblem: string | null;
  /** What is newly awaited at the log's end (a debit whose credit a follow-up is still writing…). */
  warnings: string[];
}

interface StreamCursor {
  revision: bigint;
  hash: string;
}

function describe(event: RecordedEvent): string {
  return `event ${event.id} (${event.type}) in stream ${event.streamName} at revision ${event.revision}, position ${formatPosition(event.position)}`;
}

/** An event against the one before it in its stream: its revision, its previous-hash, its own hash. */
function checkChain(event: RecordedEvent, cursor: StreamCursor | undefined, note: (problem: string) => void) {
  const expectedRevision = cursor ? cursor.revision + 1n : 0n;
  const prevHash = cursor?.hash ?? null;
  if (event.revision !== expectedRevision) {
    note(`${describe(event)}: expected revision ${expectedRevision} (an event is missing or out of order)`);
  }
  if ((event.metadata.prevHash ?? null) !== prevHash) {
    note(`${describe(event)}: its previous-hash does not match the event before it in the stream`);
  }
  const recomputed = eventHash({ ...event, prevHash: event.metadata.prevHash ?? null });
  if (recomputed !== event.metadata.hash) {
    note(`${describe(event)}: content does not match its hash (the event was changed)`);
  }
}

/** The store's own idea of each stream's head must agree with the events (Postgres keeps es_streams). */
async function checkStreamHeads(
  pool: Pool,
  streams: ReadonlyMap<string, StreamCursor>,
  note: (problem: string) => void,
): Promise<void> {
  const { rows } = await pool.query<{ stream_name: string; revision: string; last_hash: string }>(
    'SELECT stream_name, revision::text, last_hash FROM es_streams',
  );
  for (const row of rows) {
    const cursor = streams.get(row.stream_name);
    if (!cursor || cursor.revision !== BigInt(row.revision) || cursor.hash !== row.last_hash) {
      note(
        `stream ${row.stream_name}: its head (revision ${row.revision}) does not match its last event (an event was removed or changed)`,
      );
    }
  }
}

export async function verifyLedger(
  store: EventStore,
  pool: Pool,
  options: {
    onProgress?: (events: number) => void;
    maxProblems?: number;
    /** A digest file's content and the public key (document) to check its signature with. */
    digest?: { digest: unknown; publicKey: unknown };
    /** Check time along the log (invariant 9; default on): off for a log written under a test's clock. */
    times?: boolean;
    /** The time a debit still awaiting its credit is measured from (default: now). */
    now?: Date;
  } = {},
): Promise<VerifyReport> {
  const problems: string[] = [];
  const maxProblems = options.maxProblems ?? 20;
  const note = (problem: string) => {
    if (problems.length < maxProblems) problems.push(problem);
  };
  const streams = new Map<string, StreamCursor>();
  const balances = new Map<string, bigint>();
  let events = 0;
  let postings = 0;
  let after: LogPosition | null = null;
  let check: DigestCheck | null = null;
  if (options.digest) {
    const opened = await DigestCheck.open(options.digest.digest, options.digest.publicKey);
    // A digest that is not what the key signed proves nothing: refused before the replay.
    if (!(opened instanceof DigestCheck))
      throw new DigestRefusedError(`the digest is refused: ${opened.refused}`);
    check = opened;
  }
  const tree = new TreeReplay(check?.onNode);
  const money = new MoneyAudit();
  const clock = options.times === false ? null : new EventClock();
  // The hashes cover the events as stored; the postings are computed from their current shape.
  const log = rawStore(store);
  for (;;) {
    const batch = await log.readAll({ after, limit: 2_000 });
    if (batch.length === 0) break;
    for (const event of batch) {
      events++;
      checkChain(event, streams.get(event.streamName), note);
      streams.set(event.streamName, { revision: event.revision, hash: event.metadata.hash });
      // Public position = the event's index in log order; its leaf commits to the position and the hash.
      const position = tree.size;
      check?.onEvent(position, event);
      tree.append(eventLeaf(position, event.metadata.hash));
      check?.afterAppend(tree.size, () => tree.root());
      const current = EVENT_UPCASTERS.upcast(event);
      for (const problem of money.observe(current, describe(event))) note(problem);
      for (const problem of clock?.check(current) ?? []) note(`${describe(event)}: ${problem}`);
      for (const posting of postingsOf(current)) {
        postings++;
        const from = `${posting.from}|${posting.asset}`;
        const to = `${posting.to}|${posting.asset}`;
        balances.set(from, (balances.get(from) ?? 0n) - posting.units);
        balances.set(to, (balances.get(to) ?? 0n) + posting.units);
      }
    }
    after = batch[batch.length - 1]!.position;
    options.onProgress?.(events);
  }

  if (store.kind === 'postgres') await checkStreamHeads(pool, streams, note);

  // A stream the read models know but the log lost whole (no chain left to break) or at its end.
  const known = await missingStreams(pool, streams, async (name, revision) => {
    const found = await log.readStream(name, { fromRevision: revision, maxCount: 1 });
    return found.length > 0;
  });
  for (const problem of known) note(problem);

  // Balances: the read model against the replay, both ways.
  const { rows } = await pool.query<{
    account_id: string;
    asset: string;
    balance: string;
    last_after: string | null;
  }>(
    `SELECT b.account_id, b.asset, b.balance::text,
       (SELECT h.balance_after::text FROM account_history h WHERE h.account_id = b.account_id AND h.asset = b.asset
        ORDER BY h.position_commit DESC, h.position_prepare DESC, h.leg DESC LIMIT 1) AS last_after
     FROM account_balances b ORDER BY b.account_id, b.asset`,
  );
  const seen = new Set<string>();
  for (const row of rows) {
    const key = `${row.account_id}|${row.asset}`;
    seen.add(key);
    if (!isAsset(row.asset)) {
      note(`balance of ${row.account_id} in unknown asset ${row.asset}`);
      continue;
    }
    const asset: Asset = row.asset;
    const replayed = balances.get(key) ?? 0n;
    const stored = eighths(row.balance);
    if (stored !== unitsToEighths(replayed, asset)) {
      note(
        `balance of ${row.account_id} in ${asset}: read model ${row.balance}, log ${formatUnits(replayed, asset)}`,
      );
    }
    if (row.last_after !== null && eighths(row.last_after) !== stored) {
      note(
        `history of ${row.account_id} in ${asset}: latest balance-after ${row.last_after} differs from the balance ${row.balance}`,
      );
    }
  }
  for (const [key, units] of balances) {
    if (!seen.has(key) && units !== 0n) {
      const [account, asset] = key.split('|') as [string, Asset];
      note(
        `balance of ${account} in ${asset}: missing from the read model, log says ${formatUnits(units, asset)}`,
      );
    }
  }
  const { fees, liabilities } = liabilitiesOf(balances, note);
  const awaited = money.finish(options.now ?? new Date(), PENDING_BOUND_MS);
  for (const problem of awaited.problems) note(problem);
  const digest = check?.finish(BigInt(events)) ?? null;
  // What differs from a signed digest comes first: the chains and balances a careful rewrite repaired
  // say nothing, and when they do say something, the digest names where the log departs from it.
  if (digest?.difference) problems.unshift(`digest: ${digest.difference}`);
  return {
    events,
    streams: streams.size,
    postings,
    accounts: balances.size,
    fees,
    liabilities,
    treeSize: tree.size.toString(),
    root: hexOf(tree.root()),
    digest,
    problems,
    firstProblem: problems[0] ?? null,
    warnings: awaited.warnings,
  };
}

/** The digest given to verify is not one the public key signed (or is malformed): nothing to check against. */
export class DigestRefusedError extends Error {}

/**
 * Fees and liabilities per asset from the replayed balances (`account|asset` → minor units). Inflows are
 * what `issuance:` and `custody:` let in (their balances negated); `outbound:` and `fees:` hold what went
 * out and what was earned. The users, `holds:` and `dormant:` must hold exactly the rest.
 */
function liabilitiesOf(balances: ReadonlyMap<string, bigint>, note: (problem: string) => void) {
  const totals = new Map<Asset, { inflow: bigint; outbound: bigint; fees: bigint; owed: bigint }>();
  for (const [key, units] of balances) {
    const [account = '', asset = ''] = key.split('|');
    if (!isAsset(asset)) continue;
    const total = totals.get(asset) ?? { inflow: 0n, outbound: 0n, fees: 0n, owed: 0n };
    const kind = account.slice(0, account.indexOf(':'));
    if (kind === 'issuance' || kind === 'custody') total.inflow -= units;
    else if (kind === 'outbound') total.outbound += units;
    else if (kind === 'fees') total.fees += units;
    else total.owed += units;
    totals.set(asset, total);
  }
  const fees: Record<string, string> = {};
  const liabilities: Record<string, string> = {};
  for (const [asset, total] of totals) {
    const owed = total.inflow - total.outbound - total.fees;
    liabilities[asset] = formatUnits(owed, asset);
    if (total.fees !== 0n) fees[asset] = formatUnits(total.fees, asset);
    if (owed !== total.owed) {
      note(
        `liabilities in ${asset}: issued − outbound − fees is ${formatUnits(owed, asset)}, the users, holds and dormant hold ${formatUnits(total.owed, asset)}`,
      );
    }
  }
  return { fees, liabilities };
}

/** A read-model numeric (8 decimals) and a ledger amount both as exact 8-decimal integers. */
function eighths(text: string): bigint {
  return scaledUnits(text, 8);
}

function unitsToEighths(units: bigint, asset: Asset): bigint {
  return units * 10n ** BigInt(8 - ASSET_DECIMALS[asset]);
}
