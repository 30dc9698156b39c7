import type pg from 'pg';
import type { BulkLogRead, LogPosition, RecordedEvent } from '../eventStore.ts';
import { type EventRow, pgCode, SELECT_COLUMNS, toRecorded } from './rows.ts';

/** The Postgres log's bulk-read capability (EventStore.bulkRead), for a rebuild's pass in SQL. */
export class PostgresBulkRead implements BulkLogRead {
  constructor(private readonly pool: pg.Pool) {}

  /**
   * Which cluster and database the log is in: a rebuild reads the log with SQL only where its read models
   * are in the same database. Null when the role may not read the cluster's identifier.
   */
  async databaseIdentity(): Promise<string | null> {
    return await databaseIdentity(this.pool);
  }

  /**
   * For a rebuild that reads the log inside Postgres (projections/rebuild.ts, bulk pass): the last event
   * readAll can show now, and how many events there are up to it. Every transaction below the snapshot's
   * xmin has ended, so the events at or before that position are final: none can still appear among them.
   */
  async visibleEnd(): Promise<{ position: LogPosition; events: number } | null> {
    const { rows } = await this.pool.query<{ transaction_text: string; position_text: string; n: string }>(
      `WITH last AS (
         SELECT transaction_id, global_position FROM es_events
          WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
          ORDER BY transaction_id DESC, global_position DESC LIMIT 1)
       SELECT last.transaction_id::text AS transaction_text, last.global_position::text AS position_text,
              (SELECT count(*) FROM es_events e
                WHERE (e.transaction_id, e.global_position) <= (last.transaction_id, last.global_position))::text AS n
         FROM last`,
    );
    const row = rows[0];
    return row
      ? {
          position: { commit: BigInt(row.transaction_text), prepare: BigInt(row.position_text) },
          events: Number(row.n),
        }
      : null;
  }

  /** The events of the given types after `after` and at or before `upTo`, in log order (a rebuild's pass). */
  async readAllOfTypes(options: {
    after: LogPosition | null;
    upTo: LogPosition;
    types: readonly string[];
    limit: number;
  }): Promise<RecordedEvent[]> {
    const after = options.after ?? { commit: 0n, prepare: 0n };
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${SELECT_COLUMNS} FROM es_events
       WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
         AND (transaction_id, global_position) <= ($3::text::xid8, $4::bigint)
         AND event_type = ANY($5::text[])
       ORDER BY es_events.transaction_id, es_events.global_position
       LIMIT $6`,
      [
        after.commit.toString(),
        after.prepare.toString(),
        options.upTo.commit.toString(),
        options.upTo.prepare.toString(),
        options.types,
        options.limit,
      ],
    );
    return rows.map(toRecorded);
  }
}

/** The cluster's system identifier and the database's name, or null when the role may not read the first. */
export async function databaseIdentity(db: pg.Pool): Promise<string | null> {
  try {
    const { rows } = await db.query<{ id: string }>(
      `SELECT (SELECT system_identifier FROM pg_control_system())::text || '/' || current_database() AS id`,
    );
    return rows[0]?.id ?? null;
  } catch (error) {
    if (pgCode(error).code === '42501') return null;
    throw error;
  }
}
