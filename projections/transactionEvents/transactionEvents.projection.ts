import type { PoolClient } from 'pg';
import { transactionIdOfData } from '../../domain/verifiable/formats.ts';
import type { RecordedEvent } from '../../infra/eventStore/eventStore.ts';
import { type ApplyContext, defineProjection, type EventShape, oneHandlerFor } from '../projection.ts';
import { insertRows } from '../sql.ts';
import { transactionEventsBulkSql } from './transactionEvents.bulk.ts';

/**
 * Which events make up a business transaction (docs/product-rules.md rule 7: the admin's transaction screen shows the
 * events behind it). The transaction id is the one the events carry: transactionId, or the id of the
 * payment, withdrawal or crypto deposit.
 */
export const transactionIdOf = (data: unknown): string | null => transactionIdOfData(data);

/** Every event that may name a transaction: each row comes from what the events share, not from its type. */
const HANDLERS = oneHandlerFor(
  [
    'TokensMinted',
    'TokensTransferred',
    'TransferReceived',
    'PaymentProofSubmitted',
    'PaymentApproved',
    'PaymentRejected',
    'CryptoDepositDeclared',
    'CryptoDepositConfirmed',
    'CryptoDepositRejected',
    'CryptoDepositCredited',
    'WithdrawalHoldPlaced',
    'WithdrawalRequested',
    'WithdrawalCompleted',
    'WithdrawalFailed',
    'WithdrawalHoldReleased',
    'BalanceMovedToDormant',
    'CardStakePlaced',
    'CardStakeReleased',
    'CardStaked',
  ],
  (event, tx) => applyTransactionEvents([event], tx),
);

export const transactionEventsProjection = defineProjection<EventShape>({
  name: 'transactionEvents',
  // 2: an erased person's balance moved to dormant is a transaction of its own.
  version: 2,
  tables: ['transaction_events'],
  schema: `
    CREATE TABLE IF NOT EXISTS transaction_events (
      transaction_id text NOT NULL,
      event_id uuid NOT NULL,
      stream_name text NOT NULL,
      stream_revision bigint NOT NULL,
      position_commit numeric(30, 0) NOT NULL,
      position_prepare numeric(30, 0) NOT NULL,
      event_type text NOT NULL,
      recorded_at timestamptz NOT NULL,
      actor_id text,
      correlation_id text NOT NULL,
      causation_id text,
      hash text NOT NULL,
      PRIMARY KEY (transaction_id, event_id)
    );
  `,
  handlers: HANDLERS,
  bulkSql: {
    parts: [{ tables: ['transaction_events'], sql: transactionEventsBulkSql(Object.keys(HANDLERS)) }],
  },
  // Its key only makes a redelivered event insert nothing (ON CONFLICT DO NOTHING); a rebuild has none.
  deferredKeys: ['transaction_events'],
  applyBatch: applyTransactionEvents,
});

async function applyTransactionEvents(
  events: readonly RecordedEvent[],
  tx: PoolClient,
  context?: ApplyContext,
): Promise<void> {
  const rows = events.flatMap((event) => {
    const transactionId = transactionIdOf(event.data);
    return transactionId ? [rowOf(transactionId, event)] : [];
  });
  await insertRows(tx, 'transaction_events', COLUMNS, rows, {
    ifRedelivered: 'ON CONFLICT DO NOTHING',
    context,
  });
}

const COLUMNS = [
  ['transaction_id', 'text'],
  ['event_id', 'uuid'],
  ['stream_name', 'text'],
  ['stream_revision', 'bigint'],
  ['position_commit', 'numeric'],
  ['position_prepare', 'numeric'],
  ['event_type', 'text'],
  ['recorded_at', 'timestamptz'],
  ['actor_id', 'text'],
  ['correlation_id', 'text'],
  ['causation_id', 'text'],
  ['hash', 'text'],
] as const;

function rowOf(transactionId: string, event: RecordedEvent): unknown[] {
  return [
    transactionId,
    event.id,
    event.streamName,
    event.revision.toString(),
    event.position.commit.toString(),
    event.position.prepare.toString(),
    event.type,
    event.recordedAt,
    event.metadata.actorId,
    event.metadata.correlationId,
    event.metadata.causationId,
    event.metadata.hash,
  ];
}
