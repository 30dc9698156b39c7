import type { AccountEvent } from '../../domain/accounts/account.ts';
import type { RecordedEvent } from '../../infra/eventStore/eventStore.ts';
import type { Pool, PoolClient } from '../../infra/postgres/pool.ts';
import {
  DUE_CREDITS_PER_READ,
  deleteDueCredit,
  deleteDueCredits,
  dueCreditsNow,
  insertDueCredits,
} from './ledgerFollowUpsDue.table.ts';

/**
 * The debits whose credit the follow-up worker gives their request time to write (app/workflows/followUps.ts),
 * kept in `ledger_follow_ups_due` (its owner: ledgerFollowUpsDue.table.ts).
 */

/**
 * What the follow-up keeps of a debit it waits on: enough to credit it as the request would have, and
 * nothing personal (no description, no labels: docs/architecture/personal-data.md).
 */
export interface DueDebit {
  id: string;
  data: Pick<
    Extract<AccountEvent, { type: 'TokensTransferred' }>['data'],
    'transactionId' | 'fromUserId' | 'toUserId' | 'amount' | 'asset'
  >;
  metadata: { correlationId: string };
}

function creditTerms({ data }: DueDebit): DueDebit['data'] {
  const { transactionId, fromUserId, toUserId, amount, asset } = data;
  return { transactionId, fromUserId, toUserId, amount, asset };
}

export function transactionIdOf(recorded: RecordedEvent): string {
  return (recorded.data as { transactionId: string }).transactionId;
}

/**
 * Debits whose credit the log does not show yet are given to the request for `graceMs` (a row in
 * ledger_follow_ups_due, written in the batch's transaction, so it is as durable as the checkpoint that
 * passes the debit); a credit arriving in the log takes the row away (`settled`); `sweep` credits what is
 * left. With no grace (the simulation, which has no database) they are credited at once.
 */
export function dueCredits(pool: Pool, graceMs: number, credit: (debit: DueDebit) => Promise<unknown>) {
  return {
    async due(tx: PoolClient, debits: readonly RecordedEvent[]) {
      if (graceMs <= 0) {
        for (const debit of debits) await credit(debit as DueDebit);
        return;
      }
      if (debits.length === 0) return;
      await insertDueCredits(tx, {
        transactionIds: debits.map((debit) => transactionIdOf(debit)),
        recordedAts: debits.map((debit) => debit.recordedAt),
        graceMs,
        debits: debits.map((debit) =>
          JSON.stringify({
            id: debit.id,
            data: creditTerms(debit as DueDebit),
            metadata: { correlationId: debit.metadata.correlationId },
          }),
        ),
      });
    },
    async settled(tx: PoolClient, transactionIds: readonly string[]) {
      if (graceMs <= 0 || transactionIds.length === 0) return;
      await deleteDueCredits(tx, transactionIds);
    },
    /** Credits the debits whose grace has run out, oldest first; each row goes once its credit is written. */
    async sweep() {
      for (;;) {
        const rows = await dueCreditsNow<DueDebit>(pool);
        for (const row of rows) {
          await credit(row.debit);
          await deleteDueCredit(pool, row.transaction_id);
        }
        if (rows.length < DUE_CREDITS_PER_READ) break;
      }
    },
  };
}
