-- Up Migration
-- The security centre lists a user's sessions with the device and address each was opened from
-- (app/auth/sessions.ts, written once at sign-in; deleted with the session at erasure).
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS browser text;
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS os text;
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS address text;
-- "Last seen" is flushed in batches (app/auth/lastSeen.ts). Each process's session cache drops a session
-- when its row's change is announced: an update that only moves last_seen_at (or the device columns,
-- which the cache does not read) must announce nothing, or every flush would empty every process's
-- cache. An update announces when a column the cache answers from changes; a delete always does.
DROP TRIGGER IF EXISTS sessions_changed ON sessions;
CREATE TRIGGER sessions_changed AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION sai_session_changed();
DROP TRIGGER IF EXISTS sessions_updated ON sessions;
CREATE TRIGGER sessions_updated AFTER UPDATE ON sessions
  FOR EACH ROW
  WHEN ((OLD.id, OLD.user_id, OLD.is_admin, OLD.remember, OLD.revoked_at, OLD.idle_expires_at,
         OLD.absolute_expires_at)
        IS DISTINCT FROM
        (NEW.id, NEW.user_id, NEW.is_admin, NEW.remember, NEW.revoked_at, NEW.idle_expires_at,
         NEW.absolute_expires_at))
  EXECUTE FUNCTION sai_session_changed();
