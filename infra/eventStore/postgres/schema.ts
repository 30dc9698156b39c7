/** The log's tables: the streams' heads and the events. Idempotent; init() runs it at every start. */
export const EVENT_STORE_SCHEMA = `
CREATE TABLE IF NOT EXISTS es_streams (
  stream_name text PRIMARY KEY,
  revision bigint NOT NULL,
  last_hash text NOT NULL
);
CREATE TABLE IF NOT EXISTS es_events (
  global_position bigserial NOT NULL,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_name text NOT NULL,
  stream_revision bigint NOT NULL,
  event_id uuid NOT NULL,
  event_type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (stream_name, stream_revision),
  CONSTRAINT es_events_event_id_key UNIQUE (event_id)
);
CREATE INDEX IF NOT EXISTS es_events_log_order ON es_events (transaction_id, global_position);
-- No statement reads the log by time (readers go by stream, by event id or in log order, and the screens
-- read their read models), so the index on created_at that earlier versions kept up on every append goes.
DROP INDEX IF EXISTS es_events_created_at;
`;
