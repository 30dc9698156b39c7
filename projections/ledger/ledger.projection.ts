import type { PoolClient } from 'pg';
import type { AccountEvent } from '../../domain/accounts/account.ts';
import type { WithdrawalEvent } from '../../domain/crypto/withdrawal.ts';
import { POSTING_EVENT_TYPES } from '../../domain/ledger/postingRules.ts';
import { accountOwner, type Posting, postingsOf, userAccount } from '../../domain/ledger/postings.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import { ASSET_DECIMALS, formatUnits, fromScaledUnits, scaledUnits } from '../../domain/shared/money.ts';
import type { PersonErasedEvent } from '../../domain/users/user.ts';
import { comparePositions, type RecordedEvent } from '../../infra/eventStore/eventStore.ts';
import { type ApplyContext, defineProjection, oneHandlerFor } from '../projection.ts';
import { insertRows } from '../sql.ts';
import { LEDGER_BULK_SQL } from './ledger.bulk.ts';

/** Read-model amounts are numeric(30, 8); the batch path computes balances as integers at that scale. */
const SCALE = 8;

/**
 * The ledger read models, all from postings (domain/ledger/postings.ts):
 * - ledger_postings: the journal, one row per posting with both accounts' balances after it;
 * - account_history: a view, one row per account side of a journal row with that account's balance after
 *   it, so "balance as of T" and statements are one indexed query (docs/ledger.md#point-in-time): the
 *   journal's indexes by each side's account find them. (A table of its own until stop 22, written beside
 *   the journal: every posting's data twice, two rows more and their keys per posting.)
 * - account_balances: current balance per account and asset;
 * - ledger_transactions: one row per business transaction, for the transaction lists.
 * Amounts are numeric in SQL (exact) and decimal strings in JS. A posting is applied only if its journal
 * row is new, so a redelivered event changes nothing.
 */
export const ledgerProjection = defineProjection<AccountEvent | WithdrawalEvent | PersonErasedEvent>({
  name: 'ledger',
  // 2: a purchase's conversion fee is a second posting of its TokensMinted (issuance → fees).
  // 3: balances moved to dormant; an erased person's descriptions are blanked.
  version: 3,
  tables: ['ledger_postings', 'account_balances', 'ledger_transactions'],
  views: ['account_history'],
  schema: `
    CREATE TABLE IF NOT EXISTS ledger_postings (
      event_id uuid NOT NULL,
      leg smallint NOT NULL,
      position_commit numeric(20, 0) NOT NULL,
      position_prepare numeric(20, 0) NOT NULL,
      transaction_id text NOT NULL,
      kind text NOT NULL,
      asset text NOT NULL,
      amount numeric(30, 8) NOT NULL CHECK (amount > 0),
      from_account text NOT NULL,
      to_account text NOT NULL,
      from_balance_after numeric(30, 8) NOT NULL,
      to_balance_after numeric(30, 8) NOT NULL,
      actor_id text,
      description text NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (event_id, leg)
    );
    CREATE INDEX IF NOT EXISTS ledger_postings_position ON ledger_postings (position_commit, position_prepare, leg);
    CREATE INDEX IF NOT EXISTS ledger_postings_created ON ledger_postings (created_at);
    -- Each account's side of the journal in its order and by time, as account_history reads it.
    CREATE INDEX IF NOT EXISTS ledger_postings_from_order
      ON ledger_postings (from_account, asset, position_commit DESC, position_prepare DESC, leg DESC);
    CREATE INDEX IF NOT EXISTS ledger_postings_to_order
      ON ledger_postings (to_account, asset, position_commit DESC, position_prepare DESC, leg DESC);
    CREATE INDEX IF NOT EXISTS ledger_postings_from_time ON ledger_postings (from_account, asset, created_at DESC);
    CREATE INDEX IF NOT EXISTS ledger_postings_to_time ON ledger_postings (to_account, asset, created_at DESC);
    -- Until stop 22 the history was a table of its own, written beside the journal: it goes, its rows are
    -- the journal's (it is dropped only where this DDL creates: the first schema on the search path).
    DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                 WHERE n.nspname = current_schema() AND c.relname = 'account_history' AND c.relkind = 'r') THEN
        DROP TABLE account_history;
      END IF;
    END $$;
    CREATE OR REPLACE VIEW account_history AS
      SELECT from_account AS account_id, event_id, leg, position_commit, position_prepare, transaction_id, kind,
             asset, -amount AS amount, from_balance_after AS balance_after, to_account AS counterparty,
             description, created_at
        FROM ledger_postings
      UNION ALL
      SELECT to_account, event_id, leg, position_commit, position_prepare, transaction_id, kind,
             asset, amount, to_balance_after, from_account,
             description, created_at
        FROM ledger_postings;
    CREATE TABLE IF NOT EXISTS account_balances (
      account_id text NOT NULL,
      asset text NOT NULL,
      balance numeric(30, 8) NOT NULL,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (account_id, asset)
    );
    CREATE TABLE IF NOT EXISTS ledger_transactions (
      id text PRIMARY KEY,
      type text NOT NULL,
      asset text NOT NULL,
      amount numeric(30, 8) NOT NULL,
      sender_id text,
      receiver_id text,
      description text NOT NULL,
      status text NOT NULL,
      actor_id text,
      created_at timestamptz NOT NULL,
      position_commit numeric(30, 0) NOT NULL,
      position_prepare numeric(30, 0) NOT NULL
    );
    CREATE INDEX IF NOT EXISTS ledger_transactions_order ON ledger_transactions (position_commit DESC, position_prepare DESC);
    CREATE INDEX IF NOT EXISTS ledger_transactions_created ON ledger_transactions (created_at);
    -- The transactions a later posting may still settle (a withdrawal's hold): a rebuild's batches look their
    -- ids up here rather than upsert every row on the primary key (copyNewTransactions).
    CREATE INDEX IF NOT EXISTS ledger_transactions_pending ON ledger_transactions (id) WHERE status = 'pending';
  `,
  // The types that book a posting: the posting rules' own list (domain/ledger/postingRules.ts).
  handlers: {
    ...oneHandlerFor(POSTING_EVENT_TYPES, applyPostings),
    PersonErased: (event, tx) => blankErasedDescriptions(tx, event.data.userId),
  },
  applyBatch: async (events, tx, context) => {
    await applyLedgerBatch(events, tx, context);
    // Nothing the person wrote is booked after their erasure, so blanking at the batch's end is in order.
    for (const event of events) {
      if (event.type === 'PersonErased') {
        await blankErasedDescriptions(tx, (event.data as PersonErasedEvent['data']).userId);
      }
    }
  },
  bulkSql: LEDGER_BULK_SQL,
  // The apply paths read these tables by primary key only (event_id, leg; account_id, asset; id).
  deferredIndexes: [
    'ledger_postings_position',
    'ledger_postings_created',
    'ledger_postings_from_order',
    'ledger_postings_to_order',
    'ledger_postings_from_time',
    'ledger_postings_to_time',
    'ledger_transactions_order',
    'ledger_transactions_created',
  ],
  // The journal's key is read only by the redelivery check, which a rebuild's batches skip. Balances and
  // transactions are upserted on theirs, so those stay.
  deferredKeys: ['ledger_postings'],
});

/**
 * An erased person's text in the journal, as a rebuild gives it once their key is destroyed
 * (ERASED_LEDGER_SQL in ledger.bulk.ts says the same in the bulk form): the descriptions they wrote (their
 * transfers') and those written about them (their mints'), and the reasons of their failed withdrawals.
 */
async function blankErasedDescriptions(tx: PoolClient, userId: UserId): Promise<void> {
  await tx.query(
    `UPDATE ledger_postings SET description = CASE WHEN kind = 'withdrawal' THEN 'Withdrawal failed: ' ELSE '' END
      WHERE (kind = 'transfer' AND from_account = $1)
         OR (kind IN ('deposit', 'admin_deposit') AND to_account = $1)
         OR (kind = 'withdrawal' AND to_account = $1 AND from_account LIKE 'holds:%')`,
    [userAccount(userId)],
  );
  await tx.query(
    `UPDATE ledger_transactions SET description = ''
      WHERE (type = 'transfer' AND sender_id = $1) OR (type IN ('deposit', 'admin_deposit') AND receiver_id = $1)`,
    [userId],
  );
}

/** One event's postings, each applied unless its journal row is there already (a redelivery). */
async function applyPostings(event: RecordedEvent, tx: PoolClient): Promise<void> {
  const postings = postingsOf(event);
  for (const [leg, posting] of postings.entries()) {
    const amount = formatUnits(posting.units, posting.asset);
    const commit = event.position.commit.toString();
    const prepare = event.position.prepare.toString();
    const inserted = await tx.query(
      `INSERT INTO ledger_postings (event_id, leg, position_commit, position_prepare, transaction_id, kind, asset, amount,
         from_account, to_account, from_balance_after, to_balance_after, actor_id, description, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 0, 0, $11, $12, $13)
       ON CONFLICT (event_id, leg) DO NOTHING`,
      [
        event.id,
        leg,
        commit,
        prepare,
        posting.transactionId,
        posting.kind,
        posting.asset,
        amount,
        posting.from,
        posting.to,
        event.metadata.actorId,
        posting.description,
        event.recordedAt,
      ],
    );
    if (inserted.rowCount === 0) continue;
    const balanceAfter = async (account: string, delta: string) => {
      const { rows } = await tx.query<{ balance: string }>(
        `INSERT INTO account_balances (account_id, asset, balance, updated_at) VALUES ($1, $2, $3::numeric, $4)
         ON CONFLICT (account_id, asset)
         DO UPDATE SET balance = account_balances.balance + EXCLUDED.balance, updated_at = EXCLUDED.updated_at
         RETURNING balance::text`,
        [account, posting.asset, delta, event.recordedAt],
      );
      return rows[0]!.balance;
    };
    const fromAfter = await balanceAfter(posting.from, `-${amount}`);
    const toAfter = await balanceAfter(posting.to, amount);
    await tx.query(
      'UPDATE ledger_postings SET from_balance_after = $3, to_balance_after = $4 WHERE event_id = $1 AND leg = $2',
      [event.id, leg, fromAfter, toAfter],
    );
    await tx.query(
      `INSERT INTO ledger_transactions (id, type, asset, amount, sender_id, receiver_id, description, status, actor_id,
         created_at, position_commit, position_prepare)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $12, $8, $9, $10, $11)
       ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status
         WHERE ledger_transactions.status = 'pending' AND EXCLUDED.status <> 'pending'`,
      [
        posting.transactionId,
        posting.kind,
        posting.asset,
        amount,
        accountOwner(posting.from),
        accountOwner(posting.to),
        posting.description,
        event.metadata.actorId,
        event.recordedAt,
        commit,
        prepare,
        posting.status,
      ],
    );
  }
}

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
async function applyLedgerBatch(events: readonly RecordedEvent[], tx: PoolClient, context?: ApplyContext) {
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
    const commit = event.position.commit.toString();
    const prepare = event.position.prepare.toString();
    const actor = event.metadata.actorId;
    postingRows.push([
      event.id,
      leg,
      commit,
      prepare,
      posting.transactionId,
      posting.kind,
      posting.asset,
      amount,
      posting.from,
      posting.to,
      fromAfter,
      toAfter,
      actor,
      posting.description,
      event.recordedAt,
    ]);
    // One row per business transaction: the first posting's fields; the status follows the same rule as
    // the per-event upsert (a pending transaction settles once, then stays).
    const earlier = transactions.get(posting.transactionId);
    if (!earlier) {
      transactions.set(posting.transactionId, [
        posting.transactionId,
        posting.kind,
        posting.asset,
        amount,
        accountOwner(posting.from),
        accountOwner(posting.to),
        posting.description,
        posting.status,
        actor,
        event.recordedAt,
        commit,
        prepare,
      ]);
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
