-- Up Migration
-- Jobs that run once per interval across every process (infra/postgres/scheduledJobs.ts): each run takes
-- an advisory lock and records itself here, so a job another process ran within its interval is skipped.
CREATE TABLE IF NOT EXISTS scheduled_jobs (
  name text PRIMARY KEY,
  last_run_at timestamptz NOT NULL,
  last_result jsonb
);
