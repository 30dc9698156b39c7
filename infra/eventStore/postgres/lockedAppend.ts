import type pg from 'pg';
import {
  type AppendResult,
  type ExpectedRevision,
  type NewEvent,
  type StoredMetadata,
  WrongExpectedRevisionError,
} from '../eventStore.ts';
import { eventHash } from '../hashChain.ts';
import type { AppendSignal } from './appendSignal.ts';
import type { StreamHeads } from './streamHeads.ts';

export interface PostgresEventStoreHooks {
  /** Test seam: runs inside the append transaction, after the insert and before COMMIT. */
  beforeCommit?(streamName: string): Promise<void>;
  /** Test seam: whether beforeCommit wants to hold appends to this stream (all, when not given). */
  holds?(streamName: string): boolean;
}

/** The locked append found a head written by a transaction younger than its own (see appendInTransaction). */
export class YoungerHeadError extends Error {
  override readonly name = 'YoungerHeadError';
}

/**
 * The append that decides every case the one-statement append (fastAppend.ts) leaves: a transaction that
 * locks the stream's head row, checks the expected revision against it, chains the hashes and inserts.
 */
export class LockedAppend {
  constructor(
    private readonly pool: pg.Pool,
    private readonly heads: StreamHeads,
    private readonly signal: AppendSignal,
    private readonly hooks: PostgresEventStoreHooks,
  ) {}

  async append(streamName: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await this.appendInTransaction(client, streamName, events, expected);
      if (this.hooks.beforeCommit) await this.hooks.beforeCommit(streamName);
      await client.query('COMMIT');
      this.signal.announce();
      this.heads.remember(streamName, result.nextRevision, result.lastHash);
      return { nextRevision: result.nextRevision, position: result.position, hash: result.lastHash };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  /** Checks the expected revision under the stream's row lock, chains the hashes, inserts. */
  private async appendInTransaction(
    client: pg.PoolClient,
    streamName: string,
    events: NewEvent[],
    expected: ExpectedRevision,
  ): Promise<Omit<AppendResult, 'hash'> & { lastHash: string }> {
    const head = await client.query<{ revision: string; last_hash: string }>(
      'SELECT revision::text AS revision, last_hash FROM es_streams WHERE stream_name = $1 FOR UPDATE',
      [streamName],
    );
    if (head.rows[0]) {
      // The log is ordered by the id of the transaction that wrote an event, and Postgres gives this
      // transaction its id as it starts to lock the row, before it waits for it. A wait that outlasts
      // other writers (each commit moves the row on, and another may lock it first) can leave it holding
      // the lock on a head a younger transaction wrote: chaining onto it would put revision n + 1 before
      // revision n in the log (shown by the race test in postgresEventStore.append.int.test.ts, stop 17).
      // Then it starts again, with an id younger than that writer's.
      const { rows } = await client.query<{ younger: boolean }>(
        `SELECT transaction_id > pg_current_xact_id() AS younger FROM es_events
          WHERE stream_name = $1 AND stream_revision = $2::bigint`,
        [streamName, head.rows[0].revision],
      );
      if (rows[0]?.younger) throw new YoungerHeadError();
    }
    const current = head.rows[0] ? BigInt(head.rows[0].revision) : null;
    if (
      (expected === 'no_stream' && current !== null) ||
      (expected === 'stream_exists' && current === null) ||
      (typeof expected === 'bigint' && current !== expected)
    ) {
      throw new WrongExpectedRevisionError(streamName, expected, current ?? 'no_stream');
    }
    let prevHash = head.rows[0]?.last_hash ?? null;
    let revision = current ?? -1n;
    const revisions: string[] = [];
    const metadata: string[] = [];
    for (const event of events) {
      revision++;
      const hash = eventHash({ streamName, revision, ...event, prevHash });
      const stored: StoredMetadata = { ...event.metadata, prevHash, hash };
      revisions.push(revision.toString());
      metadata.push(JSON.stringify(stored));
      prevHash = hash;
    }
    if (current === null) {
      await client.query('INSERT INTO es_streams (stream_name, revision, last_hash) VALUES ($1, $2, $3)', [
        streamName,
        revision.toString(),
        prevHash,
      ]);
    } else {
      await client.query('UPDATE es_streams SET revision = $2, last_hash = $3 WHERE stream_name = $1', [
        streamName,
        revision.toString(),
        prevHash,
      ]);
    }
    const inserted = await client.query<{ position_text: string; transaction_text: string }>(
      `INSERT INTO es_events (stream_name, stream_revision, event_id, event_type, data, metadata)
       SELECT $1, r, id, t, d, m FROM unnest($2::bigint[], $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[])
         WITH ORDINALITY AS x(r, id, t, d, m, n) ORDER BY n
       RETURNING global_position::text AS position_text, transaction_id::text AS transaction_text`,
      [
        streamName,
        revisions,
        events.map((e) => e.id),
        events.map((e) => e.type),
        events.map((e) => JSON.stringify(e.data)),
        metadata,
      ],
    );
    let last = inserted.rows[0]!;
    for (const row of inserted.rows) if (BigInt(row.position_text) > BigInt(last.position_text)) last = row;
    return {
      nextRevision: revision,
      lastHash: prevHash!,
      position: { commit: BigInt(last.transaction_text), prepare: BigInt(last.position_text) },
    };
  }
}
