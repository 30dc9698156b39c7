import type { PoolClient } from 'pg';
import type { AccountEvent } from '../../domain/accounts/account.ts';
import type { WithdrawalEvent } from '../../domain/crypto/withdrawal.ts';
import { POSTING_EVENT_TYPES } from '../../domain/ledger/postingRules.ts';
import { postingsOf, userAccount } from '../../domain/ledger/postings.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import { formatUnits } from '../../domain/shared/money.ts';
import type { PersonErasedEvent } from '../../domain/users/user.ts';
import type { RecordedEvent } from '../../infra/eventStore/eventStore.ts';
import { defineProjection, oneHandlerFor } from '../projection.ts';
import { LEDGER_BULK_SQL } from './ledger.bulk.ts';
import { applyLedgerBatch, postingRow, transactionRow } from './ledgerBatch.ts';

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
    // The balances after are set below, once this leg is known to be new (0 until then).
    const inserted = await tx.query(
      `INSERT INTO ledger_postings (event_id, leg, position_commit, position_prepare, transaction_id, kind, asset, amount,
         from_account, to_account, from_balance_after, to_balance_after, actor_id, description, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
       ON CONFLICT (event_id, leg) DO NOTHING`,
      postingRow(event, leg, posting, amount, '0', '0'),
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
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status
         WHERE ledger_transactions.status = 'pending' AND EXCLUDED.status <> 'pending'`,
      transactionRow(event, posting, amount),
    );
  }
}
