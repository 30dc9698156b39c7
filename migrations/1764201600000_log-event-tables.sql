-- Up Migration
-- The event log's tables (infra/eventStore/postgresEventStore.ts), as main had them before versioned
-- migrations (commit 9a45975), every statement idempotent: on a database that main already wrote, this
-- migration finds them in place and only records itself. Files named `<time>_log-*.sql` are the Postgres
-- log's own: a deployment whose log is in EventStoreDB skips them (infra/postgres/migrate.ts).
-- The event log (infra/eventStore/postgresEventStore.ts): the streams' heads and the events.
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
-- No statement reads the log by time; versions before the log-order index kept this one up on every append.
DROP INDEX IF EXISTS es_events_created_at;

