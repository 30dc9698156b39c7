import type pg from 'pg';
import { expect } from 'vitest';
import { verifyLedger } from '../app/audit/verifyLedger.ts';
import { loadState, StateCache } from '../app/commands/handleCommand.ts';
import { accountDecider, accountStream } from '../domain/accounts/account.ts';
import { MoneyAudit } from '../domain/ledger/moneyAudit.ts';
import { postingsOf } from '../domain/ledger/postings.ts';
import type { UserId } from '../domain/shared/ids.ts';
import { ASSET_DECIMALS, type Asset } from '../domain/shared/money.ts';
import {
  comparePositions,
  type EventStore,
  type LogPosition,
  type RecordedEvent,
} from '../infra/eventStore/eventStore.ts';
import { readCheckpoint } from '../projections/engine/checkpoints.ts';
import { allProjections } from '../projections/index.ts';
import type { Projection } from '../projections/projection.ts';
import { readWholeLog, rebuildElsewhere, snapshotTables } from './projections.ts';
import { createTestDatabase } from './testDb.ts';

/**
 * docs/ledger.md invariants 1-6 as checks every suite can run after its workload: the property test, the fault
 * tests (processes killed, Postgres restarted) and the in-memory simulation.
 * - `logViolations` looks only at the log (pure; the simulation uses it as is);
 * - `checkLedgerInvariants` adds the read models, the write side and a rebuild into an empty database.
 */

/** A command the client saw succeed: `id` is its business transaction id (the id the API answered with). */
export interface Acknowledged {
  id: string;
  /** An event type that must be in the log exactly once for this id (default: any posting with this id). */
  event?: string;
  /**
   * What the client was answered (and had asked for): fields the logged `event` must hold with these
   * values, e.g. `{ amount: '1.00', toUserId: … }`. The Jepsen-style check: the answer is the log's.
   */
  terms?: Readonly<Record<string, string>>;
}

/** Events that record a money decision: each may appear at most once per business id. */
const ONCE_PER_ID = new Set([
  'TokensMinted',
  'TokensTransferred',
  'TransferReceived',
  'CryptoDepositCredited',
  'WithdrawalHoldPlaced',
  'WithdrawalHoldReleased',
  'WithdrawalRequested',
  'WithdrawalCompleted',
  'WithdrawalFailed',
  'PaymentProofSubmitted',
  'PaymentApproved',
  'PaymentRejected',
  'CryptoDepositDeclared',
  'CryptoDepositConfirmed',
  'CryptoDepositRejected',
  'CardStakePlaced',
  'CardStakeReleased',
  'CardStaked',
]);

/** Two-step transactions: once the first event is in the log, the second must follow (after settling). */
const FOLLOWED_BY: Record<string, { type: string; id: (data: Record<string, string>) => string }> = {
  TokensTransferred: { type: 'TransferReceived', id: (d) => d.transactionId! },
  PaymentApproved: { type: 'TokensMinted', id: (d) => d.paymentId! },
  CryptoDepositConfirmed: { type: 'CryptoDepositCredited', id: (d) => d.depositId! },
  WithdrawalHoldPlaced: { type: 'WithdrawalRequested', id: (d) => d.transactionId! },
  WithdrawalFailed: { type: 'WithdrawalHoldReleased', id: (d) => `${d.withdrawalId}:released` },
  CardStakePlaced: { type: 'CardStaked', id: (d) => d.transactionId! },
  CardStakeReleased: { type: 'CardStaked', id: (d) => d.transactionId! },
};

export function businessId(event: { data: unknown }): string | null {
  const d = (event.data ?? {}) as Record<string, unknown>;
  const id = d.transactionId ?? d.withdrawalId ?? d.paymentId ?? d.depositId;
  return typeof id === 'string' ? id : null;
}

/**
 * Invariants 1-3 and 10-11 over the whole log, in log order: no user account ever below zero at any position,
 * every asset summing to zero, no money decision recorded twice, every two-step transaction finished
 * (`settled`: only once every follow-up has run), and every acknowledged command present; and, through
 * MoneyAudit (domain/ledger/moneyAudit.ts, as `npm run ledger:verify` runs it), no `holds:` or `dormant:`
 * balance below zero either, every credit equal to its debit, the write side's balances the ledger's after
 * every event, and every mint backed by an approval or an admin.
 * Returns the violations found (empty when all hold).
 */
export function logViolations(
  events: readonly RecordedEvent[],
  options: { acknowledged?: readonly Acknowledged[]; settled?: boolean } = {},
): string[] {
  const problems: string[] = [];
  const balances = new Map<string, bigint>();
  const seen = new Map<string, number>();
  const firstData = new Map<string, Record<string, unknown>>();
  const withPostings = new Set<string>();
  let previous: LogPosition | null = null;
  const money = new MoneyAudit();
  for (const event of events) {
    for (const problem of money.observe(
      event,
      `${event.type} ${event.id} in ${event.streamName}@${event.revision}`,
    ))
      problems.push(`${problem} (docs/ledger.md invariants 1, 10, 11)`);
    if (previous && comparePositions(previous, event.position) >= 0)
      problems.push(`log out of order at ${event.id}`);
    previous = event.position;
    const id = businessId(event);
    if (ONCE_PER_ID.has(event.type) && id !== null) {
      const key = `${event.type}|${id}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      if (!firstData.has(key)) firstData.set(key, (event.data ?? {}) as Record<string, unknown>);
      if (seen.get(key) === 2) problems.push(`${event.type} recorded twice for ${id} (invariant 3)`);
    }
    for (const posting of postingsOf(event)) {
      withPostings.add(posting.transactionId);
      const from = `${posting.from}|${posting.asset}`;
      const to = `${posting.to}|${posting.asset}`;
      const left = (balances.get(from) ?? 0n) - posting.units;
      balances.set(from, left);
      balances.set(to, (balances.get(to) ?? 0n) + posting.units);
      if (posting.from.startsWith('user:') && left < 0n)
        problems.push(`${from} went to ${left} at ${event.type} ${event.id} (invariant 1)`);
    }
  }
  const sums = new Map<string, bigint>();
  for (const [key, value] of balances) {
    const asset = key.split('|')[1]!;
    sums.set(asset, (sums.get(asset) ?? 0n) + value);
  }
  for (const [asset, sum] of sums)
    if (sum !== 0n) problems.push(`${asset} postings sum to ${sum} (invariant 2)`);
  if (options.settled) {
    for (const event of events) {
      const next = FOLLOWED_BY[event.type];
      if (!next) continue;
      const id = next.id(event.data as Record<string, string>);
      if (!seen.has(`${next.type}|${id}`))
        problems.push(`${event.type} ${businessId(event)} never followed by ${next.type} (partial write)`);
    }
  }
  for (const ack of options.acknowledged ?? []) {
    if (ack.event) {
      const n = seen.get(`${ack.event}|${ack.id}`) ?? 0;
      if (n !== 1) problems.push(`acknowledged ${ack.event} ${ack.id} is in the log ${n} times`);
      const logged = firstData.get(`${ack.event}|${ack.id}`);
      for (const [field, value] of Object.entries(ack.terms ?? {}))
        if (logged && logged[field] !== value)
          problems.push(
            `acknowledged ${ack.event} ${ack.id} was answered with ${field} ${value}, the log holds ${String(logged[field])}`,
          );
    } else if (!withPostings.has(ack.id)) {
      problems.push(`acknowledged transaction ${ack.id} has no posting in the log`);
    }
  }
  return problems;
}

/** SAI minor units staked for cards at the end of the log, from the stake events. */
export function stakesOf(events: readonly RecordedEvent[]): bigint {
  let staked = 0n;
  for (const event of events) {
    const d = event.data as { amount?: string };
    if (event.type === 'CardStakePlaced') staked += units(d.amount!, 'SAI');
    if (event.type === 'CardStakeReleased') staked -= units(d.amount!, 'SAI');
  }
  return staked;
}

/** Balances per `account|asset` from folding every posting of the events given (minor units). */
export function balancesOf(events: readonly RecordedEvent[]): Map<string, bigint> {
  const balances = new Map<string, bigint>();
  for (const event of events) {
    for (const posting of postingsOf(event)) {
      const from = `${posting.from}|${posting.asset}`;
      const to = `${posting.to}|${posting.asset}`;
      balances.set(from, (balances.get(from) ?? 0n) - posting.units);
      balances.set(to, (balances.get(to) ?? 0n) + posting.units);
    }
  }
  return balances;
}

/** A read model's decimal text ("-12.50") in minor units of the asset. */
export function units(amount: string, asset: Asset): bigint {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? amount.slice(1) : amount).split('.');
  const value = BigInt(whole + fraction.padEnd(ASSET_DECIMALS[asset], '0').slice(0, ASSET_DECIMALS[asset]));
  return negative ? -value : value;
}

/**
 * Waits until every projection's checkpoint has reached the head of the log, the follow-up worker has no
 * debit left awaiting its credit, and the head stops moving (the follow-up worker appends while it catches
 * up). A debit whose request died gets its credit from the worker's sweep only once its grace has passed
 * (CREDIT_GRACE_MS, 2 s): waiting for the head alone let a check run in between, seen as a flaky "never
 * followed by TransferReceived" after Postgres restarts. Works whatever process runs the projections: it
 * only reads the database.
 */
export async function waitForProjections(
  pool: pg.Pool,
  store: EventStore,
  names: readonly string[],
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let stableRounds = 0;
  let lastHead: LogPosition | null = null;
  // Created with the follow-up worker's schema, before any projection runs.
  const { rows: table } = await pool.query<{ found: boolean }>(
    `SELECT to_regclass('ledger_follow_ups_due') IS NOT NULL AS found`,
  );
  const followUps = table[0]?.found === true;
  for (;;) {
    const head = await store.headPosition();
    const checkpoints = await Promise.all(names.map((name) => readCheckpoint(pool, name)));
    const behind = names.filter((_, i) => comparePositions(checkpoints[i]!, head) < 0);
    if (followUps) {
      const { rows: due } = await pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM ledger_follow_ups_due',
      );
      if (due[0]!.n > 0) behind.push(`ledgerFollowUps (${due[0]!.n} credits due)`);
    }
    if (behind.length === 0 && comparePositions(head, lastHead) === 0) {
      if (++stableRounds >= 3) return;
    } else {
      stableRounds = 0;
    }
    lastHead = head;
    if (Date.now() > deadline)
      throw new Error(`projections did not catch up within ${timeoutMs} ms: ${behind.join(', ')} behind`);
    await new Promise((resolve) => setTimeout(resolve, behind.length > 0 ? 50 : 150));
  }
}

export interface LedgerUnderTest {
  pool: pg.Pool;
  store: EventStore;
  /** Users whose write-side account streams are compared with the log. */
  userIds: readonly UserId[];
  acknowledged: readonly Acknowledged[];
  projections?: readonly Projection[];
}

/**
 * Every invariant of docs/ledger.md invariants 1-7 after a workload, on a settled system (call waitForProjections or the
 * test app's settle() first):
 * 1 no overdraft (read model history and log replay), 2 conservation, 3 exactly once and every acknowledged
 * command present, 4 read models equal a rebuild from an empty database and balances equal a replay of
 * the log, 5-6 through 4 (a skipped event or a checkpoint moved without its rows would make the live
 * read model differ from the rebuild), 7 the hash chains verify.
 */
export async function checkLedgerInvariants(target: LedgerUnderTest): Promise<void> {
  const { pool, store } = target;
  const projections = target.projections ?? allProjections;
  const log = await readWholeLog(store);
  expect(logViolations(log, { acknowledged: target.acknowledged, settled: true })).toEqual([]);

  // 1. No overdraft at any point of any user's history, as the read model saw it.
  const negative = await pool.query(
    `SELECT account_id, asset, balance_after::text FROM account_history
     WHERE account_id LIKE 'user:%' AND balance_after < 0 LIMIT 5`,
  );
  expect(negative.rows).toEqual([]);

  // 2. Conservation in the read model: every asset sums to zero; holds are exactly the pending withdrawals.
  const sums = await pool.query<{ asset: string; total: string }>(
    'SELECT asset, sum(balance)::text AS total FROM account_balances GROUP BY asset',
  );
  for (const row of sums.rows) expect(Number(row.total), row.asset).toBe(0);
  const holds = await pool.query<{ asset: Asset; held: string | null; pending: string | null }>(
    `SELECT h.asset, h.balance::text AS held,
            (SELECT sum(amount) FROM withdrawals w WHERE w.status = 'pending' AND w.asset = h.asset)::text AS pending
     FROM account_balances h WHERE h.account_id LIKE 'holds:%'`,
  );
  // …and the card stakes (docs/product-rules.md rule 30), held in holds:SAI too.
  const staked = stakesOf(log);
  for (const row of holds.rows)
    expect(units(row.held ?? '0', row.asset), `holds:${row.asset}`).toBe(
      units(row.pending ?? '0', row.asset) + (row.asset === 'SAI' ? staked : 0n),
    );

  // 3. Every acknowledged transaction is one row of the transaction list.
  const ids = [...new Set(target.acknowledged.filter((a) => !a.event).map((a) => a.id))];
  const found = await pool.query<{ id: string }>('SELECT id FROM ledger_transactions WHERE id = ANY($1)', [
    ids,
  ]);
  expect(found.rows.length).toBe(ids.length);

  // 3b. Every posting is listed with its event under its transaction: the admin's transaction screen finds
  // a transaction's postings through its events (api/audit/audit.routes.ts).
  const names = new Set(projections.map((p) => p.name));
  if (names.has('ledger') && names.has('transactionEvents')) {
    const unlisted = await pool.query(
      `SELECT p.transaction_id, p.event_id, p.kind FROM ledger_postings p
       WHERE NOT EXISTS (SELECT 1 FROM transaction_events e
                         WHERE e.transaction_id = p.transaction_id AND e.event_id = p.event_id)
       LIMIT 5`,
    );
    expect(unlisted.rows).toEqual([]);
  }

  // 4a. Balances in the read model equal a replay of the log, account for account.
  const replayed = balancesOf(log);
  const live = await pool.query<{ account_id: string; asset: Asset; balance: string }>(
    'SELECT account_id, asset, balance::text FROM account_balances',
  );
  expect(live.rows.length).toBe(replayed.size);
  for (const row of live.rows)
    expect(units(row.balance, row.asset), `${row.account_id} ${row.asset}`).toBe(
      replayed.get(`${row.account_id}|${row.asset}`),
    );
  // The write side agrees with the log for every user (every follow-up credit and release has landed).
  const ctx = { store, cache: new StateCache() };
  for (const userId of target.userIds) {
    const { state } = await loadState(ctx, accountStream(userId), accountDecider);
    for (const asset of Object.keys(ASSET_DECIMALS) as Asset[])
      expect(state.balances[asset] ?? 0n, `write side of ${userId} ${asset}`).toBe(
        replayed.get(`user:${userId}|${asset}`) ?? 0n,
      );
  }

  // 4b-6. Every read model rebuilt from the log into an empty database equals the live one, row for row.
  const spare = await createTestDatabase('rebuild');
  try {
    const tables = projections.flatMap((p) => p.tables);
    const liveTables = await snapshotTables(pool, tables);
    const rebuilt = await rebuildElsewhere(spare, store, projections);
    for (const table of tables) expect(rebuilt[table], table).toEqual(liveTables[table]);
  } finally {
    await spare.drop();
  }

  // 7. Hash chains and balances as `npm run ledger:verify` sees them.
  const report = await verifyLedger(store, pool);
  expect(report.problems).toEqual([]);
}

/**
 * The end of a process-fault run: every projection and the follow-ups catch up with the log's head, every
 * invariant holds, and no refused command left anything in the log.
 */
export async function expectCaughtUpAndConserved(
  target: LedgerUnderTest & { refused: readonly string[] },
  timeoutMs = 120_000,
): Promise<void> {
  const names = [...allProjections.map((p) => p.name), 'ledgerFollowUps'];
  await waitForProjections(target.pool, target.store, names, timeoutMs);
  const head = await target.store.headPosition();
  for (const name of names)
    expect(comparePositions(await readCheckpoint(target.pool, name), head), name).toBe(0);
  await checkLedgerInvariants(target);
  const inLog = new Set((await readWholeLog(target.store)).map(businessId));
  expect(target.refused.filter((id) => inLog.has(id))).toEqual([]);
}
