import { randomUUID } from 'node:crypto';
import { eventHash } from '../infra/eventStore/hashChain.ts';
import { rawStore } from '../infra/eventStore/upcasting.ts';
import { appStore } from './appStore.ts';
import type { TestDatabase } from './testDb.ts';

/**
 * An insider's tools for the tamper tests (app/audit/*Tamper.int.test.ts): write access to the log, and
 * every hash and stream head recomputed, so only the money checks are left to name what changed.
 */
export interface LoggedRow {
  event_id: string;
  stream_name: string;
  data: Record<string, unknown>;
}

/** Every hash of the stream recomputed in order, and its head: the chain is whole again. */
export async function rechain(db: TestDatabase, stream: string): Promise<void> {
  let prevHash: string | null = null;
  for (const event of await rawStore(appStore(db.pool, db.url)).readStream(stream)) {
    const hash = eventHash({ ...event, prevHash });
    await db.pool.query(
      `UPDATE es_events SET metadata = metadata || jsonb_build_object('prevHash', $2::text, 'hash', $3::text)
        WHERE event_id = $1`,
      [event.id, prevHash, hash],
    );
    prevHash = hash;
  }
  await db.pool.query('UPDATE es_streams SET last_hash = $2 WHERE stream_name = $1', [stream, prevHash]);
}

/** The event's data changed (merged with `data`), its stream's chain recomputed. */
export async function editEvent(db: TestDatabase, row: LoggedRow, data: Record<string, unknown>) {
  await db.pool.query('UPDATE es_events SET data = data || $2::jsonb WHERE event_id = $1', [
    row.event_id,
    data,
  ]);
  await rechain(db, row.stream_name);
}

/** A fabricated event at the end of `stream` and of the log, its hash and the stream's head correct. */
export async function appendForged(
  db: TestDatabase,
  stream: string,
  type: string,
  data: Record<string, unknown>,
): Promise<string> {
  const head = (
    await db.pool.query<{ revision: string; last_hash: string }>(
      'SELECT revision::text, last_hash FROM es_streams WHERE stream_name = $1',
      [stream],
    )
  ).rows[0]!;
  const forged = {
    streamName: stream,
    revision: BigInt(head.revision) + 1n,
    id: randomUUID(),
    type,
    data,
    metadata: { actorId: null, correlationId: randomUUID(), causationId: null },
    prevHash: head.last_hash,
  };
  const hash = eventHash(forged);
  await db.pool.query(
    `INSERT INTO es_events (stream_name, stream_revision, event_id, event_type, data, metadata)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      stream,
      forged.revision.toString(),
      forged.id,
      type,
      data,
      { ...forged.metadata, idempotencyKey: null, prevHash: head.last_hash, hash },
    ],
  );
  await db.pool.query('UPDATE es_streams SET revision = $2, last_hash = $3 WHERE stream_name = $1', [
    stream,
    forged.revision.toString(),
    hash,
  ]);
  return forged.id;
}
