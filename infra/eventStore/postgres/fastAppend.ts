import type pg from 'pg';
import { Batcher } from '../../batcher.ts';
import { statementName } from '../../postgres/prepared.ts';
import {
  type AppendResult,
  DuplicateEventIdError,
  type ExpectedRevision,
  type NewEvent,
  type StoredMetadata,
  WrongExpectedRevisionError,
} from '../eventStore.ts';
import { eventHash } from '../hashChain.ts';
import type { AppendSignal } from './appendSignal.ts';
import type { PostgresEventStoreHooks } from './lockedAppend.ts';
import { pgCode } from './rows.ts';
import type { StreamHeads } from './streamHeads.ts';

interface FastAppendPart {
  streamName: string;
  events: NewEvent[];
  expected: ExpectedRevision;
}

/**
 * One append: a single stream's, or an atomic group's (several streams, all or nothing: a transfer's
 * debit and credit). A group's parts move only if every one of them still has the head it expects.
 */
interface FastAppendItem {
  parts: FastAppendPart[];
}

/** Why a group could not go this way: a head this store does not know, or one another writer moved. */
export type GroupMiss = 'unknown-head' | 'moved';

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
  private readonly batcher: Batcher<FastAppendItem, AppendResult[] | GroupMiss>;

  constructor(
    private readonly pool: pg.Pool,
    private readonly heads: StreamHeads,
    private readonly signal: AppendSignal,
    private readonly hooks: PostgresEventStoreHooks,
  ) {
    this.batcher = new Batcher<FastAppendItem, AppendResult[] | GroupMiss>((items) => this.run(items), {
      maxInFlight: 1,
      maxBatch: 256,
      key: (item) => item.parts.map((part) => part.streamName),
      // Items of one stream may share a batch: planBatch chains them in order.
      sameKeyInBatch: true,
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
    const result = await this.batcher.submit({ parts: [{ streamName, events, expected }] });
    return typeof result === 'string' ? null : result[0]!;
  }

  /**
   * Several streams' appends, all or nothing, in the shared statement (a transfer's two legs: one
   * commit, and concurrent transfers share it). A part expects a revision, `no_stream`, or `any` (the
   * head this store knows, compare-and-set); a part whose head this store does not know, or whose head moved, makes the whole
   * group miss, and nothing of it is written. A group whose statement fails on its own (an event id
   * already used, a stream created meanwhile) rejects with that error.
   */
  async appendGroup(
    parts: { streamName: string; events: NewEvent[]; expected: 'no_stream' | 'any' | bigint }[],
  ): Promise<AppendResult[] | GroupMiss> {
    if (this.hooks.beforeCommit && parts.some((part) => this.hooks.holds?.(part.streamName) ?? true))
      return 'unknown-head';
    return await this.batcher.submit({ parts });
  }

  /**
   * A part's rows and head, chained to the head this batch left the stream at (an earlier item of the
   * same statement) or else to the head this store remembers; null when it cannot be.
   */
  private plan(
    part: FastAppendPart,
    rows: unknown[],
    inGroup: boolean,
    inBatch: Map<string, Head>,
  ): PartPlan | null {
    const { streamName, events, expected } = part;
    // 'any' and 'stream_exists' go at the head this store knows ('any' on a stream it has never seen
    // tries to start it); the compare-and-set makes that as safe as an exact expectation.
    const known = inBatch.get(streamName) ?? this.heads.get(streamName);
    let current: bigint | null;
    if (expected === 'no_stream') {
      if (inBatch.has(streamName)) return null;
      current = null;
    } else if (typeof expected === 'bigint') {
      if (!known || known.revision !== expected) return null;
      current = expected;
    } else if (known) current = known.revision;
    // A group's part never starts a stream on a guess: it learns the head first (postgresEventStore.ts).
    else if (expected === 'any' && !inGroup) current = null;
    else return null;
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
    return { current, expectedHash, revision, hash: prevHash!, lastId: events[events.length - 1]!.id };
  }

  /**
   * Plans the batch. Items that share a stream (a hot receiver credited by several senders' groups, a
   * sender's next command) go in the same statement, each chained to the head the one before it leaves:
   * they are one unit then, all or nothing, with one head row per stream (the first item's expectation,
   * the last item's new head). Keeping them apart instead cost a statement each, and one group of eight
   * streams kept every later item that shared any of them waiting (BENCHMARKS.md, issue 51).
   */
  private planBatch(items: FastAppendItem[]) {
    const unit = unitsOf(items);
    const inBatch = new Map<string, Head>();
    const rows: unknown[] = [];
    // Per stream, the head row of its unit: the first planned expectation, the last planned head.
    const heads = new Map<
      string,
      { unit: number; expected: bigint | null; expectedHash: string | null; head: Head }
    >();
    const planned: (Planned[] | null)[] = [];
    for (const [index, item] of items.entries()) {
      const itemRows: unknown[] = [];
      const plans: PartPlan[] = [];
      for (const part of item.parts) {
        const plan = this.plan(part, itemRows, item.parts.length > 1, inBatch);
        if (plan === null) break;
        plans.push(plan);
      }
      if (plans.length !== item.parts.length) {
        planned.push(null);
        continue;
      }
      rows.push(...itemRows);
      item.parts.forEach((part, i) => {
        const plan = plans[i]!;
        const head = { revision: plan.revision, hash: plan.hash };
        inBatch.set(part.streamName, head);
        const row = heads.get(part.streamName);
        if (row) row.head = head;
        else
          heads.set(part.streamName, {
            unit: unit[index]!,
            expected: plan.current,
            expectedHash: plan.expectedHash,
            head,
          });
      });
      planned.push(plans.map((plan) => ({ revision: plan.revision, hash: plan.hash, lastId: plan.lastId })));
    }
    return { rows, heads, planned };
  }

  private async run(items: FastAppendItem[]): Promise<(AppendResult[] | GroupMiss | Error)[]> {
    // The events go as one JSON document of [stream, revision, id, type, data, metadata] rows, serialised
    // once: as text arrays, `pg` escaped every event's JSON again into an array literal (two passes and
    // their copies, a tenth of what the API allocated under load; BENCHMARKS.md, stop 20).
    const { rows, heads, planned } = this.planBatch(items);
    if (heads.size === 0) return planned.map(() => 'unknown-head');
    const head = {
      stream: [] as string[],
      expectedRevision: [] as (string | null)[],
      expectedHash: [] as (string | null)[],
      revision: [] as string[],
      hash: [] as string[],
      group: [] as number[],
    };
    for (const [streamName, row] of heads) {
      head.stream.push(streamName);
      head.expectedRevision.push(row.expected === null ? null : row.expected.toString());
      head.expectedHash.push(row.expectedHash);
      head.revision.push(row.head.revision.toString());
      head.hash.push(row.head.hash);
      head.group.push(row.unit);
    }
    let inserted: pg.QueryResult<{ event_id: string; position_text: string; transaction_text: string }>;
    try {
      inserted = await this.pool.query({
        // Named: each connection parses and plans the hot statements once, not on every call.
        ...statementName('es-append-group'),
        // A unit of several streams (an atomic item, or items chained on a shared stream) first locks the
        // heads it expects; it moves them only if it holds every one, so either all its streams are
        // written or none. A single stream's head moves with its compare-and-set alone. A unit's new
        // streams are inserted without ON CONFLICT: a stream created meanwhile fails the statement (then
        // split, below).
        text: `WITH input AS (
           SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::bigint[], $5::text[], $7::int[])
             AS i(stream_name, expected_revision, expected_hash, revision, last_hash, grp)
         ), atomic AS (
           SELECT grp FROM input GROUP BY grp HAVING count(*) > 1
         ), held AS (
           SELECT i.grp FROM es_streams s JOIN input i ON s.stream_name = i.stream_name
            WHERE i.grp IN (SELECT grp FROM atomic) AND i.expected_revision IS NOT NULL
              AND s.revision = i.expected_revision AND s.last_hash = i.expected_hash
            FOR UPDATE OF s
         ), whole AS (
           SELECT a.grp FROM atomic a
            WHERE (SELECT count(*) FROM held h WHERE h.grp = a.grp)
                = (SELECT count(*) FROM input i WHERE i.grp = a.grp AND i.expected_revision IS NOT NULL)
         ), allowed AS (
           SELECT i.*, i.grp IN (SELECT grp FROM atomic) AS grouped FROM input i
            WHERE i.grp NOT IN (SELECT grp FROM atomic) OR i.grp IN (SELECT grp FROM whole)
         ), moved AS (
           UPDATE es_streams s SET revision = i.revision, last_hash = i.last_hash FROM allowed i
            WHERE i.expected_revision IS NOT NULL AND s.stream_name = i.stream_name
              AND s.revision = i.expected_revision AND s.last_hash = i.expected_hash
           RETURNING s.stream_name
         ), started AS (
           INSERT INTO es_streams (stream_name, revision, last_hash)
           SELECT stream_name, revision, last_hash FROM allowed WHERE expected_revision IS NULL AND NOT grouped
           ON CONFLICT (stream_name) DO NOTHING RETURNING stream_name
         ), started_in_group AS (
           INSERT INTO es_streams (stream_name, revision, last_hash)
           SELECT stream_name, revision, last_hash FROM allowed WHERE expected_revision IS NULL AND grouped
           RETURNING stream_name
         ), written AS (
           SELECT stream_name FROM moved UNION ALL SELECT stream_name FROM started
           UNION ALL SELECT stream_name FROM started_in_group
         )
         INSERT INTO es_events (stream_name, stream_revision, event_id, event_type, data, metadata)
         SELECT x.e->>0, (x.e->>1)::bigint, (x.e->>2)::uuid, x.e->>3, x.e->4, x.e->5
           FROM jsonb_array_elements($6::jsonb) WITH ORDINALITY AS x(e, n)
           JOIN written ON written.stream_name = x.e->>0
          ORDER BY x.n
         RETURNING event_id::text, global_position::text AS position_text, transaction_id::text AS transaction_text`,
        values: [
          head.stream,
          head.expectedRevision,
          head.expectedHash,
          head.revision,
          head.hash,
          JSON.stringify(rows),
          head.group,
        ],
      });
    } catch (error) {
      // One item can spoil the statement for all (an event id used before, a deadlock with another
      // process) and nothing was written: halve the batch until the culprit is alone, and let that one go
      // the locked way, which sorts out its own case (a group gets the error itself).
      if (items.length === 1) {
        const item = items[0]!;
        for (const part of item.parts) this.heads.forget(part.streamName);
        return [item.parts.length > 1 ? groupError(error) : 'unknown-head'];
      }
      const half = Math.ceil(items.length / 2);
      const first = await this.run(items.slice(0, half));
      const second = await this.run(items.slice(half));
      return [...first, ...second];
    }
    const stored = new Map(inserted.rows.map((row) => [row.event_id, row]));
    if (inserted.rows.length > 0) this.signal.announce();
    return items.map((item, i) => {
      const plans = planned[i];
      if (!plans) return 'unknown-head';
      const found = plans.map((plan) => stored.get(plan.lastId));
      if (found.some((row) => row === undefined)) {
        // Someone else moved a stream (or our memory of it was stale): nothing of this item was written.
        for (const part of item.parts) this.heads.forget(part.streamName);
        return 'moved';
      }
      return item.parts.map((part, p) => {
        const plan = plans[p]!;
        const row = found[p]!;
        this.heads.remember(part.streamName, plan.revision, plan.hash);
        return {
          nextRevision: plan.revision,
          hash: plan.hash,
          position: { commit: BigInt(row.transaction_text), prepare: BigInt(row.position_text) },
        };
      });
    });
  }
}

interface Head {
  revision: bigint;
  hash: string;
}

interface Planned extends Head {
  lastId: string;
}

/** One part planned: the head it expects (null: it starts the stream), and the head it leaves. */
interface PartPlan extends Planned {
  current: bigint | null;
  expectedHash: string | null;
}

/** Each item's unit: items that share a stream, directly or through others, are one unit. */
function unitsOf(items: FastAppendItem[]): number[] {
  const parent = items.map((_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  const owner = new Map<string, number>();
  items.forEach((item, i) => {
    for (const part of item.parts) {
      const other = owner.get(part.streamName);
      if (other === undefined) owner.set(part.streamName, i);
      else parent[root(i)] = root(other);
    }
  });
  return items.map((_, i) => root(i));
}

/** What a group's own failed statement means to its caller. */
function groupError(error: unknown): Error {
  const { code, constraint } = pgCode(error);
  if (code === '23505' && constraint === 'es_events_event_id_key') return new DuplicateEventIdError('');
  // A stream created meanwhile, or a revision already taken (a head that is not the stream's last event).
  if (code === '23505' && (constraint === 'es_streams_pkey' || constraint === 'es_events_pkey'))
    return new WrongExpectedRevisionError('(group)', 'no_stream', 0n);
  // A deadlock with another process's statement: nothing was written; the caller decides again.
  if (code === '40P01') return new WrongExpectedRevisionError('(group)', 'any', 0n);
  return error instanceof Error ? error : new Error(String(error));
}
