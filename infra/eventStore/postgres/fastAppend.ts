import type pg from 'pg';
import { Batcher } from '../../batcher.ts';
import type { AppendResult, ExpectedRevision, NewEvent, StoredMetadata } from '../eventStore.ts';
import { eventHash } from '../hashChain.ts';
import type { AppendSignal } from './appendSignal.ts';
import type { PostgresEventStoreHooks } from './lockedAppend.ts';
import type { StreamHeads } from './streamHeads.ts';

interface FastAppendItem {
  streamName: string;
  events: NewEvent[];
  expected: ExpectedRevision;
}

/**
 * The common case in one statement and one round trip: the caller expects the revision this store last
 * saw the stream at (its own append, or a read), so the new events' hashes can be chained to the head
 * it remembers. The stream row is moved with a compare-and-set on revision and hash inside the same
 * statement that inserts the events; if anyone else moved the stream meanwhile, nothing is written and
 * the locked path (lockedAppend.ts) decides. The row lock is held for one statement instead of five round
 * trips, which is what lets a hot stream (a busy sender) take many appends a second.
 */
export class FastAppend {
  /**
   * Concurrent fast-path appends (to different streams) share one statement and so one commit: each
   * stream's row moves with its own compare-and-set, and only the streams whose head moved get their
   * events. A stream whose head had moved answers null (the locked path then decides), the others commit.
   * The hash chain is computed when the batch runs, after any earlier append to the same stream landed.
   */
  private readonly batcher: Batcher<FastAppendItem, AppendResult | null>;

  constructor(
    private readonly pool: pg.Pool,
    private readonly heads: StreamHeads,
    private readonly signal: AppendSignal,
    private readonly hooks: PostgresEventStoreHooks,
  ) {
    this.batcher = new Batcher<FastAppendItem, AppendResult | null>((items) => this.run(items), {
      maxInFlight: 1,
      maxBatch: 256,
      key: (item) => item.streamName,
    });
  }

  /** The append, or null when it cannot go this way (the head is not the one remembered). */
  async append(
    streamName: string,
    events: NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult | null> {
    // The test seam needs a moment between insert and commit, which one statement does not have.
    if (this.hooks.beforeCommit && (this.hooks.holds?.(streamName) ?? true)) return null;
    return await this.batcher.submit({ streamName, events, expected });
  }

  private async run(items: FastAppendItem[]): Promise<(AppendResult | null)[]> {
    const head = {
      stream: [] as string[],
      expectedRevision: [] as (string | null)[],
      expectedHash: [] as (string | null)[],
      revision: [] as string[],
      hash: [] as string[],
    };
    // The events go as one JSON document of [stream, revision, id, type, data, metadata] rows, serialised
    // once: as text arrays, `pg` escaped every event's JSON again into an array literal (two passes and
    // their copies, a tenth of what the API allocated under load; BENCHMARKS.md, stop 20).
    const rows: unknown[] = [];
    const planned: ({ revision: bigint; hash: string } | null)[] = [];
    for (const { streamName, events, expected } of items) {
      // 'any' and 'stream_exists' go at the head this store knows ('any' on a stream it has never seen
      // tries to start it); the compare-and-set makes that as safe as an exact expectation.
      const known = this.heads.get(streamName);
      let current: bigint | null;
      if (expected === 'no_stream') current = null;
      else if (typeof expected === 'bigint') {
        if (!known || known.revision !== expected) {
          planned.push(null);
          continue;
        }
        current = expected;
      } else if (known) current = known.revision;
      else if (expected === 'any') current = null;
      else {
        planned.push(null);
        continue;
      }
      const expectedHash = current === null ? null : known!.hash;
      let prevHash = expectedHash;
      let revision = current ?? -1n;
      for (const event of events) {
        revision++;
        const hash = eventHash({ streamName, revision, ...event, prevHash });
        rows.push([
          streamName,
          revision.toString(),
          event.id,
          event.type,
          event.data,
          { ...event.metadata, prevHash, hash } satisfies StoredMetadata,
        ]);
        prevHash = hash;
      }
      head.stream.push(streamName);
      head.expectedRevision.push(current === null ? null : current.toString());
      head.expectedHash.push(expectedHash);
      head.revision.push(revision.toString());
      head.hash.push(prevHash!);
      planned.push({ revision, hash: prevHash! });
    }
    if (head.stream.length === 0) return planned.map(() => null);
    let inserted: pg.QueryResult<{ stream_name: string; position_text: string; transaction_text: string }>;
    try {
      inserted = await this.pool.query({
        // Named: each connection parses and plans the hot statements once, not on every call.
        name: 'es-append-group',
        text: `WITH input AS (
           SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::bigint[], $5::text[])
             AS i(stream_name, expected_revision, expected_hash, revision, last_hash)
         ), moved AS (
           UPDATE es_streams s SET revision = i.revision, last_hash = i.last_hash FROM input i
            WHERE i.expected_revision IS NOT NULL AND s.stream_name = i.stream_name
              AND s.revision = i.expected_revision AND s.last_hash = i.expected_hash
           RETURNING s.stream_name
         ), started AS (
           INSERT INTO es_streams (stream_name, revision, last_hash)
           SELECT stream_name, revision, last_hash FROM input WHERE expected_revision IS NULL
           ON CONFLICT (stream_name) DO NOTHING RETURNING stream_name
         ), written AS (SELECT stream_name FROM moved UNION ALL SELECT stream_name FROM started)
         INSERT INTO es_events (stream_name, stream_revision, event_id, event_type, data, metadata)
         SELECT x.e->>0, (x.e->>1)::bigint, (x.e->>2)::uuid, x.e->>3, x.e->4, x.e->5
           FROM jsonb_array_elements($6::jsonb) WITH ORDINALITY AS x(e, n)
           JOIN written ON written.stream_name = x.e->>0
          ORDER BY x.n
         RETURNING stream_name, global_position::text AS position_text, transaction_id::text AS transaction_text`,
        values: [
          head.stream,
          head.expectedRevision,
          head.expectedHash,
          head.revision,
          head.hash,
          JSON.stringify(rows),
        ],
      });
    } catch {
      // One item can spoil the statement for all (an event id used before, a deadlock with another
      // process) and nothing was written: halve the batch until the culprit is alone, and let that one go
      // the locked way, which sorts out its own case.
      if (items.length === 1) {
        this.heads.forget(items[0]!.streamName);
        return [null];
      }
      const half = Math.ceil(items.length / 2);
      const [first, second] = await Promise.all([
        this.run(items.slice(0, half)),
        this.run(items.slice(half)),
      ]);
      return [...first, ...second];
    }
    const last = new Map<string, { position_text: string; transaction_text: string }>();
    for (const row of inserted.rows) {
      const seen = last.get(row.stream_name);
      if (!seen || BigInt(row.position_text) > BigInt(seen.position_text)) last.set(row.stream_name, row);
    }
    if (inserted.rows.length > 0) this.signal.announce();
    return items.map((item, i) => {
      const plan = planned[i];
      if (!plan) return null;
      const row = last.get(item.streamName);
      if (!row) {
        // Someone else moved the stream (or our memory of it was stale): let the locked path decide.
        this.heads.forget(item.streamName);
        return null;
      }
      this.heads.remember(item.streamName, plan.revision, plan.hash);
      return {
        nextRevision: plan.revision,
        position: { commit: BigInt(row.transaction_text), prepare: BigInt(row.position_text) },
      };
    });
  }
}
