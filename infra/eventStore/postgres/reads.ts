import type pg from 'pg';
import { Batcher } from '../../batcher.ts';
import { statementName } from '../../postgres/prepared.ts';
import type { AppendResult, LogPosition, NewEvent, RecordedEvent } from '../eventStore.ts';
import { type EventRow, SELECT_COLUMNS, toRecorded } from './rows.ts';

/**
 * Reads of the log: a stream's events, the log in order (only what no open transaction can still precede:
 * below the snapshot's xmin, see postgresEventStore.ts on ordering), its head, and a retried append's
 * events.
 */

interface StreamRead {
  streamName: string;
  fromRevision: bigint;
  maxCount: number | null;
}

/**
 * Concurrent stream reads share one statement (a lateral index scan per stream). Each read is still
 * issued after it was asked for, so it sees every commit that came before it.
 */
export class StreamReads {
  private readonly batcher: Batcher<StreamRead, RecordedEvent[]>;

  constructor(private readonly pool: pg.Pool) {
    this.batcher = new Batcher<StreamRead, RecordedEvent[]>((reads) => this.run(reads), {
      maxInFlight: 1,
      maxBatch: 256,
    });
  }

  read(read: StreamRead): Promise<RecordedEvent[]> {
    return this.batcher.submit(read);
  }

  private async run(reads: StreamRead[]): Promise<RecordedEvent[][]> {
    if (reads.length === 1) {
      const read = reads[0]!;
      const { rows } = await this.pool.query<EventRow>({
        ...statementName('es-read-stream'),
        text: `SELECT ${SELECT_COLUMNS} FROM es_events WHERE stream_name = $1 AND stream_revision >= $2
         ORDER BY es_events.stream_revision LIMIT $3`,
        values: [read.streamName, read.fromRevision.toString(), read.maxCount],
      });
      return [rows.map(toRecorded)];
    }
    const { rows } = await this.pool.query<EventRow & { n: string }>({
      ...statementName('es-read-streams'),
      text: `SELECT q.n::text AS n, e.* FROM unnest($1::text[], $2::bigint[], $3::bigint[]) WITH ORDINALITY AS q(s, r, l, n)
       CROSS JOIN LATERAL (
         SELECT ${SELECT_COLUMNS} FROM es_events
          WHERE stream_name = q.s AND stream_revision >= q.r ORDER BY es_events.stream_revision LIMIT q.l
       ) e
       ORDER BY q.n, e.revision_text::bigint`,
      values: [
        reads.map((r) => r.streamName),
        reads.map((r) => r.fromRevision.toString()),
        reads.map((r) => (r.maxCount === null ? null : String(r.maxCount))),
      ],
    });
    const results: RecordedEvent[][] = reads.map(() => []);
    for (const row of rows) results[Number(row.n) - 1]!.push(toRecorded(row));
    return results;
  }
}

/** A batch of the log in order, strictly after `after`, hiding what an open older transaction precedes. */
export async function readAll(
  pool: pg.Pool,
  options: { after: LogPosition | null; limit: number },
): Promise<RecordedEvent[]> {
  const after = options.after ?? { commit: 0n, prepare: 0n };
  const { rows } = await pool.query<EventRow>(
    `SELECT ${SELECT_COLUMNS} FROM es_events
       WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
         AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       ORDER BY es_events.transaction_id, es_events.global_position
       LIMIT $3`,
    [after.commit.toString(), after.prepare.toString(), options.limit],
  );
  return rows.map(toRecorded);
}

export async function headPosition(pool: pg.Pool): Promise<LogPosition | null> {
  const { rows } = await pool.query<{ transaction_text: string; position_text: string }>(
    `SELECT transaction_id::text AS transaction_text, global_position::text AS position_text FROM es_events
       ORDER BY es_events.transaction_id DESC, es_events.global_position DESC LIMIT 1`,
  );
  const row = rows[0];
  return row ? { commit: BigInt(row.transaction_text), prepare: BigInt(row.position_text) } : null;
}

/** A retried append whose events are already in this stream, in order, succeeds without writing. */
/** The events of one stream among the given ids, in stream order (the unique index on event_id). */
export async function readEventsById(
  pool: pg.Pool,
  streamName: string,
  ids: readonly string[],
): Promise<RecordedEvent[]> {
  if (ids.length === 0) return [];
  const { rows } = await pool.query<EventRow>({
    ...statementName('es-read-by-id'),
    text: `SELECT ${SELECT_COLUMNS} FROM es_events WHERE event_id = ANY($1::uuid[]) AND stream_name = $2
      ORDER BY es_events.stream_revision`,
    values: [ids, streamName],
  });
  return rows.map(toRecorded);
}

export async function findAlreadyAppended(
  pool: pg.Pool,
  streamName: string,
  events: NewEvent[],
): Promise<AppendResult | null> {
  const ids = events.map((e) => e.id);
  const { rows } = await pool.query<EventRow>(
    `SELECT ${SELECT_COLUMNS} FROM es_events WHERE event_id = ANY($1::uuid[]) ORDER BY es_events.stream_revision`,
    [ids],
  );
  if (rows.length !== events.length) return null;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (row.stream_name !== streamName || row.event_id !== ids[i]) return null;
    if (i > 0 && BigInt(row.revision_text) !== BigInt(rows[i - 1]!.revision_text) + 1n) return null;
  }
  const last = toRecorded(rows[rows.length - 1]!);
  return { nextRevision: last.revision, position: last.position, hash: last.metadata.hash };
}
