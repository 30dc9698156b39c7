import type pg from 'pg';
import {
  type AppendResult,
  assertAppendable,
  DuplicateEventIdError,
  type StoredMetadata,
  type StreamAppend,
  WrongExpectedRevisionError,
} from '../eventStore.ts';
import { eventHash } from '../hashChain.ts';
import type { AppendSignal } from './appendSignal.ts';
import { pgCode } from './rows.ts';

/**
 * Many streams in one transaction, all or nothing: one commit (one fsync) and a handful of set-based
 * statements for the whole batch, whatever its size. It holds `es_streams` for itself while it runs
 * (below), so its heads need no row locks and two batches cannot deadlock. A stream may appear once per
 * batch.
 */
export async function appendStreams(
  pool: pg.Pool,
  signal: AppendSignal,
  batch: StreamAppend[],
): Promise<AppendResult[]> {
  if (batch.length === 0) return [];
  const names = batch.map((item) => item.streamName);
  if (new Set(names).size !== names.length)
    throw new Error('appendMany: a stream may appear only once per batch');
  for (const item of batch) {
    assertAppendable(item.events, 'appendMany: every stream needs at least one event');
  }
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // No other append runs while this one does. The log is ordered by the id of the transaction that
    // wrote an event, and this transaction takes its id with its first row lock: had it then waited for
    // another row, it could chain onto a head that a younger transaction committed meanwhile, putting
    // revision n + 1 before revision n in the log (shown by the race test in
    // postgresEventStore.append.int.test.ts, stop 17). With the table locked first (before any id is
    // taken: the lock waits for every append under way to end), every head it reads is older than it.
    // Readers are not held up; other appends wait for this one, which the seeder's batches can afford.
    // (Nor can anyone else lock or change a head meanwhile: no row locks needed.)
    await client.query('LOCK TABLE es_streams IN EXCLUSIVE MODE');
    const heads = await client.query<{ stream_name: string; revision: string; last_hash: string }>(
      `SELECT stream_name, revision::text AS revision, last_hash FROM es_streams
         WHERE stream_name = ANY($1::text[])`,
      [names],
    );
    const head = new Map(heads.rows.map((r) => [r.stream_name, r]));
    const fresh: [string[], string[], string[]] = [[], [], []];
    const moved: [string[], string[], string[]] = [[], [], []];
    const rows = {
      stream: [] as string[],
      revision: [] as string[],
      id: [] as string[],
      type: [] as string[],
      data: [] as string[],
      metadata: [] as string[],
    };
    const lastRevision: bigint[] = [];
    const lastHash: string[] = [];
    for (const item of batch) {
      const row = head.get(item.streamName);
      const current = row ? BigInt(row.revision) : null;
      const expected = item.expectedRevision;
      if (
        (expected === 'no_stream' && current !== null) ||
        (expected === 'stream_exists' && current === null) ||
        (typeof expected === 'bigint' && current !== expected)
      ) {
        throw new WrongExpectedRevisionError(item.streamName, expected, current ?? 'no_stream');
      }
      let prevHash = row?.last_hash ?? null;
      let revision = current ?? -1n;
      for (const event of item.events) {
        revision++;
        const hash = eventHash({ streamName: item.streamName, revision, ...event, prevHash });
        rows.stream.push(item.streamName);
        rows.revision.push(revision.toString());
        rows.id.push(event.id);
        rows.type.push(event.type);
        rows.data.push(JSON.stringify(event.data));
        rows.metadata.push(JSON.stringify({ ...event.metadata, prevHash, hash } satisfies StoredMetadata));
        prevHash = hash;
      }
      const target = current === null ? fresh : moved;
      target[0].push(item.streamName);
      target[1].push(revision.toString());
      target[2].push(prevHash!);
      lastRevision.push(revision);
      lastHash.push(prevHash!);
    }
    if (fresh[0].length > 0) {
      await client.query(
        'INSERT INTO es_streams (stream_name, revision, last_hash) SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[])',
        fresh,
      );
    }
    if (moved[0].length > 0) {
      await client.query(
        `UPDATE es_streams s SET revision = u.revision, last_hash = u.last_hash
           FROM unnest($1::text[], $2::bigint[], $3::text[]) AS u(stream_name, revision, last_hash)
           WHERE s.stream_name = u.stream_name`,
        moved,
      );
    }
    const inserted = await client.query<{
      stream_name: string;
      position_text: string;
      transaction_text: string;
    }>(
      `INSERT INTO es_events (stream_name, stream_revision, event_id, event_type, data, metadata)
         SELECT s, r, id, t, d, m FROM unnest($1::text[], $2::bigint[], $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[])
           WITH ORDINALITY AS x(s, r, id, t, d, m, n) ORDER BY n
         RETURNING stream_name, global_position::text AS position_text, transaction_id::text AS transaction_text`,
      [rows.stream, rows.revision, rows.id, rows.type, rows.data, rows.metadata],
    );
    await client.query('COMMIT');
    signal.announce();
    const lastPosition = new Map<string, { position_text: string; transaction_text: string }>();
    for (const row of inserted.rows) {
      const seen = lastPosition.get(row.stream_name);
      if (!seen || BigInt(row.position_text) > BigInt(seen.position_text))
        lastPosition.set(row.stream_name, row);
    }
    return batch.map((item, i) => {
      const last = lastPosition.get(item.streamName)!;
      return {
        nextRevision: lastRevision[i]!,
        hash: lastHash[i]!,
        position: { commit: BigInt(last.transaction_text), prepare: BigInt(last.position_text) },
      };
    });
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    const { code, constraint } = pgCode(error);
    if (code === '23505' && (constraint === 'es_streams_pkey' || constraint === 'es_events_pkey')) {
      throw new WrongExpectedRevisionError(batch[0]!.streamName, batch[0]!.expectedRevision, 0n);
    }
    if (code === '23505' && constraint === 'es_events_event_id_key')
      throw new DuplicateEventIdError(batch[0]!.events[0]!.id);
    throw error;
  } finally {
    client.release();
  }
}
