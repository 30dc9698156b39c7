import type { RecordedEvent } from '../../infra/eventStore/eventStore.ts';
import type { Projection } from '../projection.ts';
import { insertRows } from '../sql.ts';
import { TRANSACTION_ID_FIELDS, transactionEventsBulkSql } from './transactionEvents.bulk.ts';

/**
 * Which events make up a business transaction (docs/product-rules.md rule 7: the admin's transaction screen shows the
 * events behind it). The transaction id is the one the events carry: transactionId, or the id of the
 * payment, withdrawal or crypto deposit.
 */
export function transactionIdOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Record<string, unknown>;
  for (const name of TRANSACTION_ID_FIELDS) {
    const id = d[name];
    if (id !== undefined && id !== null) return typeof id === 'string' ? id : null;
  }
  return null;
}

const HANDLES: ReadonlySet<string> = new Set([
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
]);

export const transactionEventsProjection: Projection = {
  name: 'transactionEvents',
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
  handles: HANDLES,
  bulkSql: { parts: [{ tables: ['transaction_events'], sql: transactionEventsBulkSql(HANDLES) }] },
  // Its key only makes a redelivered event insert nothing (ON CONFLICT DO NOTHING); a rebuild has none.
  deferredKeys: ['transaction_events'],
  async apply(event, tx) {
    await this.applyBatch!([event], tx);
  },
  async applyBatch(events, tx, context) {
    const rows = events.flatMap((event) => {
      const transactionId = transactionIdOf(event.data);
      return transactionId ? [rowOf(transactionId, event)] : [];
    });
    await insertRows(tx, 'transaction_events', COLUMNS, rows, {
      ifRedelivered: 'ON CONFLICT DO NOTHING',
      context,
    });
  },
};

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
