import { accountOwner, postingsOf } from '../../domain/ledger/postings.ts';
import { formatUnits } from '../../domain/shared/money.ts';
import type { RecordedEvent } from '../../infra/eventStore/eventStore.ts';
import type { Projection } from '../projection.ts';

/**
 * The ledger read models, all from postings (domain/ledger/postings.ts):
 * - ledger_postings: the journal, one row per posting with both accounts' balances after it;
 * - account_history: one row per account side of a posting with that account's balance after it, so
 *   "balance as of T" and statements are one indexed query (LEDGER.md "Point in time");
 * - account_balances: current balance per account and asset;
 * - ledger_transactions: one row per business transaction, for the transaction lists.
 * Amounts are numeric in SQL (exact) and decimal strings in JS. A posting is applied only if its journal
 * row is new, so a redelivered event changes nothing.
 */
export const ledgerProjection: Projection = {
  name: 'ledger',
  tables: ['ledger_postings', 'account_history', 'account_balances', 'ledger_transactions'],
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
    CREATE TABLE IF NOT EXISTS account_history (
      account_id text NOT NULL,
      event_id uuid NOT NULL,
      leg smallint NOT NULL,
      position_commit numeric(30, 0) NOT NULL,
      position_prepare numeric(30, 0) NOT NULL,
      transaction_id text NOT NULL,
      kind text NOT NULL,
      asset text NOT NULL,
      amount numeric(30, 8) NOT NULL,
      balance_after numeric(30, 8) NOT NULL,
      counterparty text NOT NULL,
      description text NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (account_id, event_id, leg)
    );
    CREATE INDEX IF NOT EXISTS account_history_order
      ON account_history (account_id, asset, position_commit DESC, position_prepare DESC, leg DESC);
    CREATE INDEX IF NOT EXISTS account_history_time ON account_history (account_id, asset, created_at DESC);
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
  `,
  handles: new Set([
    'TokensMinted',
    'TokensTransferred',
    'CryptoDepositCredited',
    'WithdrawalHoldPlaced',
    'WithdrawalCompleted',
    'WithdrawalFailed',
  ]),
  async apply(event: RecordedEvent, tx) {
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
      const history = `INSERT INTO account_history (account_id, event_id, leg, position_commit, position_prepare, transaction_id,
          kind, asset, amount, balance_after, counterparty, description, created_at)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::numeric, $10, $11, $12, $13)`;
      const common = [posting.transactionId, posting.kind, posting.asset];
      await tx.query(history, [
        posting.from,
        event.id,
        leg,
        commit,
        prepare,
        ...common,
        `-${amount}`,
        fromAfter,
        posting.to,
        posting.description,
        event.recordedAt,
      ]);
      await tx.query(history, [
        posting.to,
        event.id,
        leg,
        commit,
        prepare,
        ...common,
        amount,
        toAfter,
        posting.from,
        posting.description,
        event.recordedAt,
      ]);
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
  },
};
