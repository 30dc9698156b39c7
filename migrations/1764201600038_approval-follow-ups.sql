-- Up Migration
-- Four-eyes requests approved but with no recorded outcome (app/workflows/followUps.ts): the approver's
-- request applies the action right after the approval; when a crash stops it in between, the follow-up
-- worker applies it from the request's record once the row is due (APPROVAL_GRACE_MS after the approval),
-- and the row goes when the outcome is in the log. The process manager's own state, not a read model.
CREATE TABLE IF NOT EXISTS approval_follow_ups_due (
  approval_id text PRIMARY KEY,
  due_at timestamptz NOT NULL,
  correlation_id text NOT NULL,
  causation_id text NOT NULL
);
CREATE INDEX IF NOT EXISTS approval_follow_ups_due_at ON approval_follow_ups_due (due_at);
