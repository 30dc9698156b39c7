/**
 * Pieces the projections' bulk SQL shares (Projection.bulkSql): how a row of `rebuild_log` (es_events up to
 * the rebuild's bound) turns into the values the TypeScript form writes for a RecordedEvent.
 */

/** RecordedEvent.position as the read models store it: numeric commit and prepare. */
export const LOG_POSITION = `l.transaction_id::text::numeric AS position_commit, l.global_position::numeric AS position_prepare`;

/**
 * RecordedEvent.recordedAt: Node holds a time to the millisecond (a Date, from `pg`'s parser, which drops
 * the microseconds), so the read models have only milliseconds; the SQL drops them the same way.
 */
export const LOG_TIME = `date_trunc('milliseconds', l.created_at)`;

/** A text field of the event's data, as `${event.data.field}` renders it in a template. */
export const field = (name: string) => `(l.data->>'${name}')`;

/** JavaScript's `x ? a : b` for an optional text field: a when it is a non-empty string. */
export const ifText = (name: string, then: string, otherwise = `''`) =>
  `CASE WHEN coalesce(l.data->>'${name}', '') <> '' THEN ${then} ELSE ${otherwise} END`;
