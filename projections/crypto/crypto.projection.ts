import type { CryptoDepositEvent } from '../../domain/crypto/cryptoDeposit.ts';
import type { WithdrawalEvent } from '../../domain/crypto/withdrawal.ts';
import type { PersonErasedEvent } from '../../domain/users/user.ts';
import { blanked } from '../erasure.ts';
import { defineProjection } from '../projection.ts';

/** Declared crypto deposits and withdrawal requests, for the user's lists and the admin queues. */
export const cryptoProjection = defineProjection<CryptoDepositEvent | WithdrawalEvent | PersonErasedEvent>({
  name: 'crypto',
  // 2: a deposit's row keeps its declaration's log position, the user's history pages by it.
  // 3: an erased person's notes and the reasons written about their movements are blanked.
  version: 3,
  tables: ['crypto_deposits', 'withdrawals'],
  schema: `
    CREATE TABLE IF NOT EXISTS crypto_deposits (
      id text PRIMARY KEY,
      user_id text NOT NULL,
      asset text NOT NULL,
      network text NOT NULL,
      tx_hash text,
      status text NOT NULL,
      amount numeric(30, 8),
      rejection_reason text,
      declared_at timestamptz NOT NULL,
      decided_at timestamptz,
      decided_by text,
      position_commit numeric(30, 0) NOT NULL,
      position_prepare numeric(30, 0) NOT NULL
    );
    CREATE INDEX IF NOT EXISTS crypto_deposits_user ON crypto_deposits (user_id, declared_at DESC);
    -- A table version 1 built (before it is rebuilt): the columns, empty, so the index below can be made.
    ALTER TABLE crypto_deposits ADD COLUMN IF NOT EXISTS position_commit numeric(30, 0);
    ALTER TABLE crypto_deposits ADD COLUMN IF NOT EXISTS position_prepare numeric(30, 0);
    -- The user's history pages its deposits newest first by the declaration's log position.
    CREATE INDEX IF NOT EXISTS crypto_deposits_user_position
      ON crypto_deposits (user_id, position_commit DESC, position_prepare DESC);
    CREATE INDEX IF NOT EXISTS crypto_deposits_status ON crypto_deposits (status, declared_at);
    CREATE INDEX IF NOT EXISTS crypto_deposits_tx ON crypto_deposits (network, lower(tx_hash));
    CREATE TABLE IF NOT EXISTS withdrawals (
      id text PRIMARY KEY,
      user_id text NOT NULL,
      asset text NOT NULL,
      amount numeric(30, 8) NOT NULL,
      address text NOT NULL,
      chain text NOT NULL,
      notes text NOT NULL,
      status text NOT NULL,
      tx_hash text,
      failure_reason text,
      requested_at timestamptz NOT NULL,
      decided_at timestamptz,
      decided_by text
    );
    CREATE INDEX IF NOT EXISTS withdrawals_user ON withdrawals (user_id, requested_at DESC);
    CREATE INDEX IF NOT EXISTS withdrawals_status ON withdrawals (status, requested_at);
  `,
  handlers: {
    async CryptoDepositDeclared(event, tx) {
      const d = event.data;
      await tx.query(
        `INSERT INTO crypto_deposits (id, user_id, asset, network, tx_hash, status, declared_at, position_commit,
           position_prepare)
         VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
        [
          d.depositId,
          d.userId,
          d.asset,
          d.network,
          d.txHash,
          d.declaredAt,
          event.position.commit.toString(),
          event.position.prepare.toString(),
        ],
      );
    },
    async CryptoDepositConfirmed(event, tx) {
      // The hash credited (given at confirmation when the declaration had none); older events lack it.
      await tx.query(
        `UPDATE crypto_deposits SET status = 'confirmed', amount = $2, decided_at = $3, decided_by = $4,
           tx_hash = COALESCE($5, tx_hash) WHERE id = $1`,
        [
          event.data.depositId,
          event.data.amount,
          event.data.at,
          event.data.confirmedBy,
          event.data.txHash ?? null,
        ],
      );
    },
    async CryptoDepositRejected(event, tx) {
      await tx.query(
        `UPDATE crypto_deposits SET status = 'rejected', rejection_reason = $2, decided_at = $3, decided_by = $4 WHERE id = $1`,
        [event.data.depositId, event.data.reason, event.data.at, event.data.rejectedBy],
      );
    },
    async WithdrawalRequested(event, tx) {
      const d = event.data;
      await tx.query(
        `INSERT INTO withdrawals (id, user_id, asset, amount, address, chain, notes, status, requested_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8) ON CONFLICT (id) DO NOTHING`,
        [d.withdrawalId, d.userId, d.asset, d.amount, d.address, d.chain, d.notes, d.requestedAt],
      );
    },
    async WithdrawalCompleted(event, tx) {
      await tx.query(
        `UPDATE withdrawals SET status = 'completed', tx_hash = $2, decided_at = $3, decided_by = $4 WHERE id = $1`,
        [event.data.withdrawalId, event.data.txHash, event.data.at, event.data.completedBy],
      );
    },
    async WithdrawalFailed(event, tx) {
      await tx.query(
        `UPDATE withdrawals SET status = 'failed', failure_reason = $2, decided_at = $3, decided_by = $4 WHERE id = $1`,
        [event.data.withdrawalId, event.data.reason, event.data.at, event.data.failedBy],
      );
    },
    // The addresses, hashes and amounts stay: financial records.
    async PersonErased(event, tx) {
      await tx.query(`UPDATE crypto_deposits SET ${blanked('rejection_reason')} WHERE user_id = $1`, [
        event.data.userId,
      ]);
      await tx.query(`UPDATE withdrawals SET ${blanked('notes', 'failure_reason')} WHERE user_id = $1`, [
        event.data.userId,
      ]);
    },
  },
});
