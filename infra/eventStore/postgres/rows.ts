import type { RecordedEvent, StoredMetadata } from '../eventStore.ts';

/** What the Postgres adapter's modules share: how an event row is selected and decoded, and error codes. */

// Aliases differ from the column names on purpose: ORDER BY resolves an output alias before a column,
// and ordering by the text form ('1000' < '999') would scramble the log.
export const SELECT_COLUMNS = `global_position::text AS position_text, transaction_id::text AS transaction_text,
  stream_name, stream_revision::text AS revision_text, event_id::text AS event_id, event_type, data, metadata, created_at`;

export interface EventRow {
  position_text: string;
  transaction_text: string;
  stream_name: string;
  revision_text: string;
  event_id: string;
  event_type: string;
  data: unknown;
  metadata: StoredMetadata;
  created_at: Date;
}

export function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    streamName: row.stream_name,
    revision: BigInt(row.revision_text),
    type: row.event_type,
    data: row.data,
    metadata: row.metadata,
    position: { commit: BigInt(row.transaction_text), prepare: BigInt(row.position_text) },
    recordedAt: row.created_at,
  };
}

export function pgCode(error: unknown): { code?: string; constraint?: string } {
  return typeof error === 'object' && error !== null ? (error as { code?: string; constraint?: string }) : {};
}
