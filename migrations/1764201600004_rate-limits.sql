-- Up Migration
-- Rate-limit counters shared by every API process (api/http/rateLimit.ts, RATE_LIMIT_STORE=postgres):
-- rate-limiter-flexible's Postgres store, one row per limit and key ("<kind>:<key>"), `expire` in ms
-- since the epoch. Its table is created here rather than by the library at run time. `key` is text (the
-- library's own DDL says varchar(255), too short for a sign-in pair: an e-mail and an address).
-- UNLOGGED: a count is written on every limited request (a transfer's `money` limit among them), and an
-- unlogged table's commit waits for no WAL flush; a Postgres crash empties it (every limit starts afresh)
-- and replicas do not have it, which is acceptable for counters of a minute or an hour.
CREATE UNLOGGED TABLE IF NOT EXISTS rate_limits (
  key text PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
