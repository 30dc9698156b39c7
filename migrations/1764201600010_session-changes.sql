-- Up Migration
-- Every change to a session row (revocation, renewal, deletion) is announced on the channel
-- `sai_session_changed` with the session's id, after the transaction commits. Each API process keeps the
-- sessions it checked in memory and drops one as soon as this names it (app/auth/sessionCache.ts), so a
-- revocation made by any process, a script or an operator's SQL is seen without a query per request
-- (docs/architecture/security.md). A trigger, not the application's own NOTIFY: no path that writes the
-- table can forget it.
CREATE OR REPLACE FUNCTION sai_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sai_session_changed', OLD.id);
  RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS sessions_changed ON sessions;
CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION sai_session_changed();
-- A TRUNCATE names no row: every process forgets every session.
CREATE OR REPLACE FUNCTION sai_sessions_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sai_session_changed', '*');
  RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS sessions_truncated ON sessions;
CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION sai_sessions_truncated();
