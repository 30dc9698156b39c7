import type pg from 'pg';
import { formatPosition, type LogPosition } from '../../infra/eventStore/eventStore.ts';
import { withAdvisoryLock } from '../../infra/postgres/pool.ts';
import { statementName } from '../../infra/postgres/prepared.ts';
import { PoisonEventError, type Projection } from '../projection.ts';

/**
 * Each projection's checkpoint: the position of the last event its rows include, moved in the transaction
 * that writes them (commit.ts), and its last failure, for /api/health and the admin screen. A rebuild keeps
 * the same table in its shadow schema (../rebuild/shadow.ts).
 */
export const CHECKPOINT_SCHEMA = `
CREATE TABLE IF NOT EXISTS projection_checkpoints (
  name text PRIMARY KEY,
  position_commit numeric(20, 0),
  position_prepare numeric(20, 0),
  events_processed bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  last_error_at timestamptz,
  last_error_position text,
  retry_count integer NOT NULL DEFAULT 0
);
`;

export interface CheckpointRow {
  position_commit: string | null;
  position_prepare: string | null;
}

export function rowPosition(row: CheckpointRow | undefined): LogPosition | null {
  if (!row || row.position_commit === null || row.position_prepare === null) return null;
  return { commit: BigInt(row.position_commit), prepare: BigInt(row.position_prepare) };
}

/**
 * The projections' DDL and checkpoint rows, one process at a time: the API and the worker start at once,
 * and two runs of a schema's change side by side (the ledger's history table becoming a view) failed one
 * of them. A session-level lock, not one transaction: each projection's DDL still commits on its own, so
 * this never holds one table's lock while it waits for another's that a live batch holds.
 */
export async function initProjectionSchemas(
  pool: pg.Pool,
  projections: readonly Projection[],
): Promise<void> {
  // The live `projection_checkpoints` itself is a migration's (migrations/): it is never rebuilt.
  await withAdvisoryLock(pool, 'sai:projection-schemas', async (client) => {
    for (const projection of projections) {
      await client.query(projection.schema);
      const created = await client.query(
        'INSERT INTO projection_checkpoints (name) VALUES ($1) ON CONFLICT (name) DO NOTHING RETURNING name',
        [projection.name],
      );
      // A projection seen for the first time builds its tables from the start of the log with this code.
      if (created.rowCount === 1) await recordBuiltVersion(client, projection);
    }
  });
}

/** Records that `projection`'s live tables are built by its current version (projection_versions). */
export async function recordBuiltVersion(client: pg.PoolClient, projection: Projection): Promise<void> {
  await client.query(
    `INSERT INTO projection_versions (name, version, built_at) VALUES ($1, $2, now())
     ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version, built_at = now()`,
    [projection.name, projection.version],
  );
}

export async function readCheckpoint(
  pool: pg.Pool | pg.PoolClient,
  name: string,
): Promise<LogPosition | null> {
  const { rows } = await pool.query<CheckpointRow>(
    'SELECT position_commit::text, position_prepare::text FROM projection_checkpoints WHERE name = $1',
    [name],
  );
  return rowPosition(rows[0]);
}

const ADVANCE_CHECKPOINTS = `UPDATE projection_checkpoints AS c
   SET position_commit = v.commit, position_prepare = v.prepare, events_processed = c.events_processed + v.n,
       updated_at = now(), last_error = NULL, last_error_at = NULL, last_error_position = NULL, retry_count = 0
  FROM unnest($1::text[], $2::numeric[], $3::numeric[], $4::bigint[]) AS v(name, commit, prepare, n)
 WHERE c.name = v.name`;

/** A checkpoint to move past a batch: to `last`, counting `events` more. */
export interface CheckpointMove {
  name: string;
  last: LogPosition;
  events: number;
}

/**
 * Moves checkpoints past their batches, in one statement, clearing any last error: the rows of the first
 * `projection_checkpoints` on the search path (the live ones, or a rebuild's shadow ones), inside the
 * caller's transaction, which writes the batches' rows too.
 */
export async function advanceCheckpoints(tx: pg.PoolClient, moves: readonly CheckpointMove[]): Promise<void> {
  if (moves.length === 0) return;
  await tx.query({
    ...statementName('sai-advance-checkpoints'),
    text: ADVANCE_CHECKPOINTS,
    values: [
      moves.map((move) => move.name),
      moves.map((move) => move.last.commit.toString()),
      moves.map((move) => move.last.prepare.toString()),
      moves.map((move) => move.events),
    ],
  });
}

/**
 * Records a projection's failure on its checkpoint row (its batch rolled back): the message, and for a
 * poison event its position.
 */
export async function recordFailure(pool: pg.Pool, name: string, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  const position = error instanceof PoisonEventError ? formatPosition(error.position) : null;
  await pool.query(
    `UPDATE projection_checkpoints SET last_error = $2, last_error_at = now(), last_error_position = $3,
       retry_count = retry_count + 1 WHERE name = $1`,
    [name, message.slice(0, 1000), position],
  );
}
