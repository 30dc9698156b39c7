import type { PoolClient } from 'pg';
import { accountOwner, type Posting, postingsOf } from '../../domain/ledger/postings.ts';
import { ASSET_DECIMALS, formatUnits, fromScaledUnits, scaledUnits } from '../../domain/shared/money.ts';
import { comparePositions, type RecordedEvent } from '../../infra/eventStore/eventStore.ts';
import type { ApplyContext } from '../projection.ts';
import { insertRows } from '../sql.ts';

/**
 * The ledger projection's batch path (ledger.projection.ts): a batch of events applied set-based, for
 * rebuilds and live batches; the per-event handlers there apply the same postings one at a time.
 */

/** Read-model amounts are numeric(30, 8); the batch path computes balances as integers at that scale. */
const SCALE = 8;

type Candidate = { event: RecordedEvent; leg: number; posting: Posting };

/** The batch's postings the journal does not hold yet (a redelivery changes nothing). */
async function freshPostings(
  candidates: Candidate[],
  tx: PoolClient,
  context: ApplyContext | undefined,
): Promise<Candidate[]> {
  // A redelivered posting (already in the journal, or twice in this batch) changes nothing. The journal
  // is written in log order, a batch at a time with its checkpoint, so a posting is in it exactly when its
  // event's position is at or before the journal's last one: one descent of the position index, where
  // asking for each event's key cost a probe per event (and a sequential scan of the journal whenever the
  // planner still took it for small: measured in BENCHMARKS.md, stop 17). A rebuild's batch is new by
  // construction (ApplyContext): it skips the check, and its shadow journal has no position index yet.
  if (context?.firstDelivery) return candidates;
  const { rows: newest } = await tx.query<{ commit: string; prepare: string }>(
    `SELECT position_commit::text AS commit, position_prepare::text AS prepare FROM ledger_postings
      ORDER BY position_commit DESC, position_prepare DESC, leg DESC LIMIT 1`,
  );
  const journalEnd = newest[0]
    ? { commit: BigInt(newest[0].commit), prepare: BigInt(newest[0].prepare) }
    : null;
  const seen = new Set<string>();
  return candidates.filter(({ event, leg }) => {
    if (comparePositions(event.position, journalEnd) <= 0) return false;
    const key = `${event.id}:${leg}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The balances the batch's postings start from: each touched account and asset, read once (scaled). */
async function startingBalances(fresh: Candidate[], tx: PoolClient) {
  const touched = new Map<string, { account: string; asset: string }>();
  for (const { posting } of fresh) {
    touched.set(balanceKey(posting.from, posting.asset), { account: posting.from, asset: posting.asset });
    touched.set(balanceKey(posting.to, posting.asset), { account: posting.to, asset: posting.asset });
  }
  const pairs = [...touched.values()];
  const { rows: current } = await tx.query<{ account_id: string; asset: string; balance: string }>(
    `SELECT b.account_id, b.asset, b.balance::text AS balance
     FROM account_balances b JOIN unnest($1::text[], $2::text[]) AS k(account_id, asset)
       ON b.account_id = k.account_id AND b.asset = k.asset`,
    [pairs.map((p) => p.account), pairs.map((p) => p.asset)],
  );
  // updatedAt stays null for a balance this batch only read.
  const balances = new Map<string, { value: bigint; updatedAt: Date | null }>();
  for (const row of current)
    balances.set(balanceKey(row.account_id, row.asset), {
      value: scaledUnits(row.balance, SCALE),
      updatedAt: null,
    });
  return balances;
}

const balanceKey = (account: string, asset: string) => `${account}\u0000${asset}`;

/**
 * The set-based form of applyPostings (rebuilds, and live batches): the batch's new postings are found in one
 * query, the balances they start from in another, running balances are computed here exactly (bigint at
 * numeric(30, 8)'s scale), and each table is written with one multi-row statement.
 */
export async function applyLedgerBatch(
  events: readonly RecordedEvent[],
  tx: PoolClient,
  context?: ApplyContext,
) {
  const candidates = events.flatMap((event) =>
    postingsOf(event).map((posting, leg) => ({ event, leg, posting })),
  );
  if (candidates.length === 0) return;
  const fresh = await freshPostings(candidates, tx, context);
  if (fresh.length === 0) return;
  const balances = await startingBalances(fresh, tx);

  const postingRows: unknown[][] = [];
  const transactions = new Map<string, unknown[]>();
  for (const { event, leg, posting } of fresh) {
    const amount = formatUnits(posting.units, posting.asset);
    const delta = posting.units * 10n ** BigInt(SCALE - ASSET_DECIMALS[posting.asset]);
    const move = (account: string, by: bigint) => {
      const key = balanceKey(account, posting.asset);
      const after = (balances.get(key)?.value ?? 0n) + by;
      balances.set(key, { value: after, updatedAt: event.recordedAt });
      return fromScaledUnits(after, SCALE);
    };
    const fromAfter = move(posting.from, -delta);
    const toAfter = move(posting.to, delta);
    postingRows.push(postingRow(event, leg, posting, amount, fromAfter, toAfter));
    // One row per business transaction: the first posting's fields; the status follows the same rule as
    // the per-event upsert (a pending transaction settles once, then stays).
    const earlier = transactions.get(posting.transactionId);
    if (!earlier) {
      transactions.set(posting.transactionId, transactionRow(event, posting, amount));
    } else if (earlier[STATUS] === 'pending' && posting.status !== 'pending') {
      earlier[STATUS] = posting.status;
    }
  }

  await insertRows(
    tx,
    'ledger_postings',
    [
      ['event_id', 'uuid'],
      ['leg', 'smallint'],
      ['position_commit', 'numeric'],
      ['position_prepare', 'numeric'],
      ['transaction_id', 'text'],
      ['kind', 'text'],
      ['asset', 'text'],
      ['amount', 'numeric'],
      ['from_account', 'text'],
      ['to_account', 'text'],
      ['from_balance_after', 'numeric'],
      ['to_balance_after', 'numeric'],
      ['actor_id', 'text'],
      ['description', 'text'],
      ['created_at', 'timestamptz'],
    ],
    postingRows,
    { context },
  );
  const moved = [...balances.entries()].filter(([, b]) => b.updatedAt !== null);
  await insertRows(
    tx,
    'account_balances',
    [
      ['account_id', 'text'],
      ['asset', 'text'],
      ['balance', 'numeric'],
      ['updated_at', 'timestamptz'],
    ],
    moved.map(([key, b]) => [...key.split('\u0000'), fromScaledUnits(b.value, SCALE), b.updatedAt]),
    {
      onConflict: `ON CONFLICT (account_id, asset)
        DO UPDATE SET balance = EXCLUDED.balance, updated_at = EXCLUDED.updated_at`,
    },
  );
  const transactionRows = [...transactions.values()];
  if (context?.firstDelivery) await copyNewTransactions(tx, transactionRows, context);
  else await upsertTransactions(tx, transactionRows);
}

const TRANSACTION_COLUMNS = [
  ['id', 'text'],
  ['type', 'text'],
  ['asset', 'text'],
  ['amount', 'numeric'],
  ['sender_id', 'text'],
  ['receiver_id', 'text'],
  ['description', 'text'],
  ['status', 'text'],
  ['actor_id', 'text'],
  ['created_at', 'timestamptz'],
  ['position_commit', 'numeric'],
  ['position_prepare', 'numeric'],
] as const;
const STATUS = 7;

/** A transaction's row, once; a later posting moves its status on only while it is pending. */
async function upsertTransactions(tx: PoolClient, rows: readonly unknown[][]) {
  await insertRows(tx, 'ledger_transactions', TRANSACTION_COLUMNS, rows, {
    onConflict: `ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status
      WHERE ledger_transactions.status = 'pending' AND EXCLUDED.status <> 'pending'`,
  });
}

/**
 * The same outcome as upsertTransactions for a rebuild's batch (every event new), cheaper: on the 1M-event
 * log the upsert took 4.3 s of the ledger's lane, a COPY of the same rows 2.2 s (BENCHMARKS.md, stop 22).
 * Almost every row is a transaction's first; the ones that are not settle a transaction an earlier batch
 * left pending (a withdrawal's hold), and the small index of pending rows finds those: they get the upsert's
 * status change, the rest are copied. A transaction already settled that a later posting names again (no
 * decider writes that) makes the COPY break the key: the batch then takes the upsert after all.
 */
async function copyNewTransactions(tx: PoolClient, rows: readonly unknown[][], context: ApplyContext) {
  const settling = rows.filter((row) => row[STATUS] !== 'pending');
  let fresh = rows;
  if (settling.length > 0) {
    const { rows: pending } = await tx.query<{ id: string }>(
      `SELECT id FROM ledger_transactions WHERE status = 'pending' AND id = ANY($1::text[])`,
      [settling.map((row) => row[0])],
    );
    if (pending.length > 0) {
      const ids = new Set(pending.map((row) => row.id));
      await upsertTransactions(
        tx,
        settling.filter((row) => ids.has(row[0] as string)),
      );
      fresh = rows.filter((row) => !ids.has(row[0] as string));
    }
  }
  await tx.query('SAVEPOINT ledger_transactions_copy');
  try {
    await insertRows(tx, 'ledger_transactions', TRANSACTION_COLUMNS, fresh, { context });
    await tx.query('RELEASE SAVEPOINT ledger_transactions_copy');
  } catch (error) {
    if ((error as { code?: string }).code !== '23505') throw error;
    await tx.query('ROLLBACK TO SAVEPOINT ledger_transactions_copy');
    await upsertTransactions(tx, fresh);
  }
}

/**
 * One journal row's values, in the order of ledger_postings' columns as both paths write them (this batch
 * path and the one-event path in ledger.projection.ts), with the balances after as the caller has them.
 */
export function postingRow(
  event: RecordedEvent,
  leg: number,
  posting: Posting,
  amount: string,
  fromAfter: string,
  toAfter: string,
): unknown[] {
  return [
    event.id,
    leg,
    event.position.commit.toString(),
    event.position.prepare.toString(),
    posting.transactionId,
    posting.kind,
    posting.asset,
    amount,
    posting.from,
    posting.to,
    fromAfter,
    toAfter,
    event.metadata.actorId,
    posting.description,
    event.recordedAt,
  ];
}

/**
 * One business transaction's values, in the order of ledger_transactions' columns as both paths write them
 * (this batch path and the one-event path in ledger.projection.ts): the fields of its first posting.
 */
export function transactionRow(event: RecordedEvent, posting: Posting, amount: string): unknown[] {
  return [
    posting.transactionId,
    posting.kind,
    posting.asset,
    amount,
    accountOwner(posting.from),
    accountOwner(posting.to),
    posting.description,
    posting.status,
    event.metadata.actorId,
    event.recordedAt,
    event.position.commit.toString(),
    event.position.prepare.toString(),
  ];
}
