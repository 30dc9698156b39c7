import pg from 'pg';
import { verifyLedger } from '../../../app/audit/verifyLedger.ts';
import { type EventRow, SELECT_COLUMNS, toRecorded } from '../../../infra/eventStore/postgres/rows.ts';
import { PostgresEventStore } from '../../../infra/eventStore/postgresEventStore.ts';
import { withTransaction } from '../../../infra/postgres/pool.ts';
import { resetLedgerTree } from '../../../projections/ledgerTree/ledgerTree.queries.ts';
import { KeyRing } from '../keyRing.ts';
import { PersonalDataKeys } from '../personalDataKeys.ts';
import { PERSONAL_FIELDS } from '../personalFields.ts';
import { isSealedValue } from '../sealing.ts';
import { legacyUniqueStream } from './legacyNames.ts';
import { type StreamOutcome, upgradeStream } from './upgradeStream.ts';

/**
 * npm run privacy:upgrade-log (docs/architecture/log-upgrade.md): rewrites a Postgres log written before
 * crypto-shredding into the new form, stream by stream, each in its own transaction with its progress row,
 * so that a run killed at any point continues where it stopped and a finished run changes nothing. Then it
 * checks that no event holds a personal field in clear and that `ledger:verify` passes, and only then
 * records the upgrade as finished.
 *
 * It runs with the app stopped, and knows it is: its own sessions carry the application name below, and it
 * refuses to start, and to commit each stream, while any other client session is connected to the
 * database (an API, a projection worker, a psql left open), naming them. Two runs at once are kept apart by
 * a session advisory lock.
 */
export const UPGRADE_APPLICATION_NAME = 'sai:privacy-upgrade-log';
const LOCK_KEY = 'sai:privacy-upgrade-log';

export interface UpgradeOptions {
  databaseUrl: string;
  personalDataKey: Buffer;
  pseudonymKey: Buffer;
  onStream?: (outcome: StreamOutcome, done: number) => void;
  /** Runs inside each stream's transaction just before it commits (tests interrupt the run there). */
  beforeCommit?: (outcome: StreamOutcome, done: number) => Promise<void> | void;
}

export interface UpgradeReport {
  /** True when an earlier run had finished: this one changed nothing. */
  alreadyFinished: boolean;
  /** Streams handled by this run (the rest were done by earlier, interrupted runs). */
  streams: number;
  rewritten: number;
  renamed: number;
  /** Streams an earlier run had done. */
  doneBefore: number;
  /** ledger:verify after the upgrade. */
  verified: { events: number; streams: number; postings: number; accounts: number };
  finishedAt: string;
}

export async function upgradeLog(options: UpgradeOptions): Promise<UpgradeReport> {
  // Every session of this run carries the application name, the key ring's LISTEN connection included.
  const url = new URL(options.databaseUrl);
  url.searchParams.set('application_name', UPGRADE_APPLICATION_NAME);
  const pool = new pg.Pool({ connectionString: url.toString(), max: 3 });
  pool.on('error', () => {});
  const lock = await pool.connect();
  let ring: KeyRing | null = null;
  try {
    const locked = await lock.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked',
      [LOCK_KEY],
    );
    if (!locked.rows[0]?.locked) throw new Error('another privacy:upgrade-log is running on this database');
    const log = await lock.query(`SELECT to_regclass('es_events') IS NOT NULL AS found`);
    if (!log.rows[0]?.found) throw new Error('this database holds no Postgres event log (es_events)');
    await lock.query(PROGRESS_TABLES);
    const finished = await lock.query<{ report: UpgradeReport }>(
      'SELECT report FROM privacy_log_upgrade_runs WHERE finished_at IS NOT NULL ORDER BY id DESC LIMIT 1',
    );
    if (finished.rows[0]) return { ...finished.rows[0].report, alreadyFinished: true };
    await refuseOtherSessions(lock, 3_000);

    // The app's key ring: keys kept in memory (a few look-ups per person instead of one per field).
    ring = new KeyRing(
      new PersonalDataKeys(pool, options.personalDataKey),
      options.pseudonymKey,
      url.toString(),
    );
    const keys = { ring, pseudonymKey: options.pseudonymKey };
    const run = await lock.query<{ id: number }>(
      'INSERT INTO privacy_log_upgrade_runs DEFAULT VALUES RETURNING id',
    );
    const runId = run.rows[0]!.id;
    const doneBefore = await count(lock, 'SELECT count(*)::int AS n FROM privacy_log_upgrade_streams');
    const totals = { streams: 0, rewritten: 0, renamed: 0 };
    // In name order, from a cursor; a stream renamed past the cursor is recorded as done and not met again.
    let cursor = '';
    for (;;) {
      const { rows } = await lock.query<{ stream_name: string }>(
        `SELECT s.stream_name FROM es_streams s
          WHERE s.stream_name > $1
            AND NOT EXISTS (SELECT 1 FROM privacy_log_upgrade_streams d WHERE d.stream_name = s.stream_name)
          ORDER BY s.stream_name LIMIT 500`,
        [cursor],
      );
      if (rows.length === 0) break;
      cursor = rows.at(-1)!.stream_name;
      for (const { stream_name } of rows) {
        const outcome = await withTransaction(pool, async (tx) => {
          // Writers wait (none should be connected; one that connects meanwhile is caught below).
          await tx.query('LOCK TABLE es_streams IN SHARE ROW EXCLUSIVE MODE');
          const outcome = await upgradeStream(tx, keys, stream_name);
          await tx.query(
            `INSERT INTO privacy_log_upgrade_streams (stream_name, events, rewritten, renamed, run_id)
             VALUES ($1, $2, $3, $4, $5)`,
            [outcome.name, outcome.events, outcome.rewritten, outcome.renamed, runId],
          );
          await refuseOtherSessions(tx);
          await options.beforeCommit?.(outcome, totals.streams + 1);
          return outcome;
        });
        totals.streams++;
        if (outcome.rewritten) totals.rewritten++;
        if (outcome.renamed) totals.renamed++;
        options.onStream?.(outcome, totals.streams);
      }
    }

    await checkNothingInClear(pool);
    // The log's history was rewritten (sealed fields, renamed streams, new hashes): the tree of the old
    // log no longer describes it. Emptied here, it is built again from the upgraded log by the follower of
    // the next start (or ledger:tree-rebuild); digests signed before the upgrade do not verify after it
    // (docs/architecture/log-upgrade.md).
    const tree = await pool.query(`SELECT to_regclass('ledger_tree_state') IS NOT NULL AS found`);
    if (tree.rows[0]?.found) await withTransaction(pool, resetLedgerTree);
    const store = new PostgresEventStore(pool, url.toString());
    const report = await verifyLedger(store, pool).finally(() => store.close());
    if (report.problems.length > 0) {
      throw new Error(
        `ledger:verify fails after the upgrade (${report.problems.length} problem(s), first: ` +
          `${report.firstProblem}): the upgrade is not recorded as finished`,
      );
    }
    // Debits an older version left due for their credit kept the whole event, text included: only what the
    // credit needs stays (app/workflows/followUps.ts).
    const due = await lock.query(`SELECT to_regclass('ledger_follow_ups_due') IS NOT NULL AS found`);
    if (due.rows[0]?.found)
      await lock.query(
        `UPDATE ledger_follow_ups_due
            SET debit = jsonb_set(debit, '{data}', (debit->'data') - 'description' - 'fromLabel' - 'toLabel')
          WHERE debit->'data' ?| array['description', 'fromLabel', 'toLabel']`,
      );
    // The rewritten rows' old versions (the clear text) stay in the tables' files until vacuumed; a full
    // vacuum writes new files without them. The WAL and backups from before still hold them (see the doc).
    for (const table of ['es_events', 'es_streams', 'transaction_events', 'ledger_follow_ups_due']) {
      const found = await lock.query(`SELECT to_regclass($1) IS NOT NULL AS found`, [table]);
      if (found.rows[0]?.found) await lock.query(`VACUUM (FULL, ANALYZE) ${table}`);
    }
    const result: UpgradeReport = {
      alreadyFinished: false,
      ...totals,
      doneBefore,
      verified: {
        events: report.events,
        streams: report.streams,
        postings: report.postings,
        accounts: report.accounts,
      },
      finishedAt: new Date().toISOString(),
    };
    await lock.query('UPDATE privacy_log_upgrade_runs SET finished_at = $2, report = $3 WHERE id = $1', [
      runId,
      result.finishedAt,
      JSON.stringify(result),
    ]);
    return result;
  } finally {
    await ring?.close();
    await lock.query('SELECT pg_advisory_unlock_all()').catch(() => {});
    lock.release();
    await pool.end();
  }
}

/**
 * The progress of the upgrade: the streams done (by their name after it) and the runs. No personal data.
 * Made by the tool, not by a migration: a database whose log was never in clear never needs them.
 */
const PROGRESS_TABLES = `
CREATE TABLE IF NOT EXISTS privacy_log_upgrade_runs (
  id serial PRIMARY KEY,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  report jsonb
);
CREATE TABLE IF NOT EXISTS privacy_log_upgrade_streams (
  stream_name text PRIMARY KEY,
  events integer NOT NULL,
  rewritten boolean NOT NULL,
  renamed boolean NOT NULL,
  run_id integer NOT NULL REFERENCES privacy_log_upgrade_runs (id),
  upgraded_at timestamptz NOT NULL DEFAULT now()
);`;

/** Refuses while another client session is connected to the database (see upgradeLog). */
export async function checkAlone(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: UPGRADE_APPLICATION_NAME });
  await client.connect();
  try {
    await refuseOtherSessions(client, 3_000);
  } finally {
    await client.end();
  }
}

/**
 * Refuses while any client session other than this tool's is connected to the database, naming them. A
 * session just closed stays listed until its server process has exited: at the start, those get `graceMs`.
 */
async function refuseOtherSessions(db: pg.ClientBase, graceMs = 0): Promise<void> {
  const deadline = Date.now() + graceMs;
  let rows = await otherSessions(db);
  while (rows.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    rows = await otherSessions(db);
  }
  if (rows.length > 0) refuse(rows);
}

interface Session {
  pid: number;
  name: string;
  addr: string | null;
  since: Date;
}

async function otherSessions(db: pg.ClientBase): Promise<Session[]> {
  const { rows } = await db.query<Session>(
    `SELECT pid, application_name AS name, client_addr::text AS addr, backend_start AS since
       FROM pg_stat_activity
      WHERE datname = current_database() AND backend_type = 'client backend'
        AND pid <> pg_backend_pid() AND application_name IS DISTINCT FROM $1
      ORDER BY backend_start`,
    [UPGRADE_APPLICATION_NAME],
  );
  return rows;
}

function refuse(rows: Session[]): never {
  const who = rows
    .slice(0, 5)
    .map(
      (row) =>
        `pid ${row.pid} ${row.name ? `"${row.name}"` : '(no application name)'} from ${row.addr ?? 'a local socket'} since ${row.since.toISOString()}`,
    )
    .join('; ');
  throw new Error(
    `${rows.length} other session(s) are connected to this database (${who}): stop the API, the projection ` +
      'workers and every other client first; streams done so far stay done, run it again after',
  );
}

/**
 * The whole log, read again: no event has a personal field in clear (every one is empty or sealed) and no
 * uniqueness stream is still named after its value.
 */
async function checkNothingInClear(pool: pg.Pool): Promise<void> {
  let after = 0n;
  for (;;) {
    const { rows } = await pool.query<EventRow>(
      `SELECT ${SELECT_COLUMNS} FROM es_events WHERE global_position > $1 ORDER BY global_position LIMIT 1000`,
      [after.toString()],
    );
    if (rows.length === 0) break;
    for (const event of rows.map(toRecorded)) {
      const data = event.data as Record<string, unknown>;
      const inClear = (PERSONAL_FIELDS[event.type] ?? []).find(({ field }) => {
        const value = data[field];
        return value !== undefined && value !== null && value !== '' && !isSealedValue(value);
      });
      if (inClear) {
        throw new Error(
          `event ${event.id} (${event.type}) in stream ${event.streamName} still holds its ${inClear.field} in clear`,
        );
      }
      if (event.revision === 0n && legacyUniqueStream(event.streamName, [event])) {
        throw new Error(`stream ${event.streamName} is still named after its value`);
      }
      after = event.position.prepare;
    }
  }
}

async function count(db: pg.ClientBase, sql: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(sql);
  return rows[0]!.n;
}
