import { TRANSACTION_ID_FIELDS } from '../../domain/verifiable/formats.ts';
import { LOG_TIME } from '../bulkSql.ts';

/**
 * The fields that name an event's transaction, in the order transactionIdOf and the SQL look at them: the
 * receipt checker's (domain/verifiable/formats.ts), so a receipt's events are the ones its check accepts.
 */
export { TRANSACTION_ID_FIELDS };

/**
 * transaction_events computed in SQL from the log (Projection.bulkSql): for every handled event that names
 * a transaction, the same row as rowOf. The id is transactionIdOf's: the first of TRANSACTION_ID_FIELDS
 * that is there and not null, and only if it is a string.
 */
export function transactionEventsBulkSql(types: readonly string[]): string {
  const present = (name: string) => `nullif(l.data->'${name}', 'null'::jsonb)`;
  return `
INSERT INTO transaction_events (transaction_id, event_id, stream_name, stream_revision, position_commit,
  position_prepare, event_type, recorded_at, actor_id, correlation_id, causation_id, hash)
SELECT id.value #>> '{}', l.event_id, l.stream_name, l.stream_revision, l.transaction_id::text::numeric,
       l.global_position, l.event_type, ${LOG_TIME}, l.metadata->>'actorId', l.metadata->>'correlationId',
       l.metadata->>'causationId', l.metadata->>'hash'
  FROM rebuild_log l
 CROSS JOIN LATERAL (SELECT coalesce(${TRANSACTION_ID_FIELDS.map(present).join(', ')}) AS value) id
 WHERE l.event_type IN (${types.map((t) => `'${t}'`).join(', ')})
   AND jsonb_typeof(id.value) = 'string';
`;
}
