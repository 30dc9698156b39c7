import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createPool } from '../postgres/pool.ts';
import { Random } from '../testing/random.ts';
import { createTestDatabase } from '../testing/testDb.ts';
import {
  appendManyContract,
  appendManyRaceContract,
  type ContractSubject,
  eventStoreContract,
} from './eventStore.contract.ts';
import { PostgresEventStore } from './postgresEventStore.ts';

const postgresSubject = async (): Promise<ContractSubject> => {
  const db = await createTestDatabase('es');
  const held = new Map<string, Promise<void>>();
  const store = new PostgresEventStore(db.pool, db.url, {
    beforeCommit: async (streamName) => {
      await held.get(streamName);
    },
    // Only held streams take the locked path; every other append goes the one-statement way.
    holds: (streamName) => held.has(streamName),
  });
  await store.init();
  return {
    store,
    holdNextAppend(streamName) {
      let release!: () => void;
      held.set(
        streamName,
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      );
      return { release };
    },
    async dispose() {
      await store.close();
      await db.drop();
    },
  };
};

eventStoreContract('postgres', postgresSubject);
appendManyContract('postgres', postgresSubject);
appendManyRaceContract('postgres', postgresSubject);

describe('postgres log schema', () => {
  it("keeps only the indexes its reads use: an earlier version's index on created_at is dropped on start", async () => {
    const db = await createTestDatabase('esschema');
    const store = new PostgresEventStore(db.pool, db.url);
    try {
      await store.init();
      // As a log created by an earlier version has it.
      await db.pool.query('CREATE INDEX es_events_created_at ON es_events (created_at)');
      const again = new PostgresEventStore(db.pool, db.url);
      await again.init();
      await again.close();
      const { rows } = await db.pool.query<{ indexname: string }>(
        `SELECT indexname FROM pg_indexes WHERE tablename = 'es_events' ORDER BY indexname`,
      );
      expect(rows.map((row) => row.indexname)).toEqual([
        'es_events_event_id_key',
        'es_events_log_order',
        'es_events_pkey',
      ]);
    } finally {
      await store.close();
      await db.drop();
    }
  });
});

describe('postgres log order', () => {
  it('orders the log by transaction id numerically across a digit boundary (999 before 1000)', {
    timeout: 120_000,
  }, async () => {
    const db = await createTestDatabase('esorder');
    const store = new PostgresEventStore(db.pool, db.url);
    await store.init();
    try {
      // Burn transaction ids until the next power of ten is a few transactions away, then append until the
      // log straddles it. Other test files share the cluster and take xids too: if they push us past the
      // boundary before our first append, try again at the next power of ten.
      const current = async () =>
        BigInt((await db.pool.query<{ x: string }>('SELECT pg_current_xact_id()::text AS x')).rows[0]!.x);
      await db.pool.query('CREATE TABLE burn (n int)');
      const ids: string[] = [];
      let boundary = 10n;
      for (let attempt = 0; attempt < 3; attempt++) {
        const xid = await current();
        while (boundary <= xid + 20n) boundary *= 10n;
        const needed = Number(boundary - 20n - xid);
        // Each subtransaction that writes takes an xid of its own, so a statement burns hundreds at once.
        // Kept to short statements: the snapshot xmin is cluster-wide, and one long transaction would stall
        // the projections of every other test database on this server (the pitfall LEDGER.md describes).
        // Every statement also takes one xid of its own, hence chunk + 1.
        for (let left = needed; left > 1; ) {
          const chunk = Math.min(left - 1, 500);
          await db.pool.query(
            `DO $$ BEGIN FOR i IN 1..${chunk} LOOP BEGIN INSERT INTO burn VALUES (i); EXCEPTION WHEN others THEN NULL; END; END LOOP; END $$`,
          );
          left -= chunk + 1;
        }
        ids.length = 0;
        await db.pool.query('TRUNCATE es_events, es_streams');
        for (let i = 0; i < 200; i++) {
          const id = randomUUID();
          ids.push(id);
          const { position } = await store.append(
            'order-test',
            [
              {
                id,
                type: `E${i}`,
                data: {},
                metadata: { actorId: null, correlationId: id, causationId: null },
              },
            ],
            { expectedRevision: 'any' },
          );
          if (position.commit >= boundary) break;
        }
        const first = await store.readAll({ after: null, limit: 1 });
        if (first[0] && first[0].position.commit < boundary) break;
      }
      const all = await store.readAll({ after: null, limit: 1000 });
      expect(all.map((e) => e.id)).toEqual(ids);
      const commits = all.map((e) => e.position.commit);
      expect(
        commits.some((c) => c < boundary) && commits.some((c) => c >= boundary),
        `${commits} around ${boundary}`,
      ).toBe(true);
      const head = await store.headPosition();
      expect(head?.prepare).toBe(all[all.length - 1]!.position.prepare);
      // Paging from a checkpoint on the lower side of the boundary must still find the rest.
      const rest = await store.readAll({ after: all[1]!.position, limit: 100 });
      expect(rest.map((e) => e.id)).toEqual(ids.slice(2));
      expect(ids.length).toBeGreaterThan(2);
    } finally {
      await store.close();
      await db.drop();
    }
  });
});

describe('postgres append signal across processes', () => {
  it('wakes a subscriber of another store (another process) by NOTIFY after the commit, well before its poll', {
    timeout: 60_000,
  }, async () => {
    const db = await createTestDatabase('esnotify');
    // Two stores with their own pools and LISTEN connections: as two API processes would have.
    const writer = new PostgresEventStore(db.pool, db.url);
    const otherPool = new (await import('pg')).default.Pool({ connectionString: db.url, max: 2 });
    const reader = new PostgresEventStore(otherPool, db.url);
    await writer.init();
    const seen: { id: string; at: number }[] = [];
    const subscription = reader.subscribeToAll({
      after: null,
      onEvents: async (events) => {
        for (const event of events) seen.push({ id: event.id, at: performance.now() });
      },
      onError: () => {},
    });
    try {
      // Let the reader go idle on its 5 s poll, listening.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const delays: number[] = [];
      for (let i = 0; i < 5; i++) {
        const id = randomUUID();
        const t0 = performance.now();
        await writer.append(
          `notify-${i}`,
          [
            {
              id,
              type: 'Pinged',
              data: { i },
              metadata: { actorId: null, correlationId: id, causationId: null },
            },
          ],
          { expectedRevision: 'no_stream' },
        );
        for (let wait = 0; wait < 100 && !seen.some((s) => s.id === id); wait++) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const hit = seen.find((s) => s.id === id);
        expect(hit, `event ${i} reached the other store's subscriber`).toBeDefined();
        delays.push(hit!.at - t0);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      // The fallback poll is 5 s: every delivery well under it proves the NOTIFY arrived.
      expect(Math.max(...delays)).toBeLessThan(1_500);
    } finally {
      await subscription.close();
      await reader.close();
      await writer.close();
      await otherPool.end();
      await db.drop();
    }
  });
});

describe('postgres subscriptions of one process', () => {
  it('share the pages they read, and each still sees every event once, in log order', {
    timeout: 60_000,
  }, async () => {
    const db = await createTestDatabase('esshared');
    // createPool: a session still closing after end() gets the FATAL of the forced DROP DATABASE, and a bare
    // pg.Pool, which stops listening to a client it removes, would let that error go unhandled.
    const readerPool = createPool(db.url, 4);
    const writer = new PostgresEventStore(db.pool, db.url);
    const reader = new PostgresEventStore(readerPool, db.url);
    await writer.init();
    const reads = vi.spyOn(reader, 'readAll');
    const subscribers = Array.from({ length: 8 }, () => ({ ids: [] as string[], batches: 0 }));
    const subscriptions = subscribers.map((subscriber) =>
      reader.subscribeToAll({
        after: null,
        batchSize: 7,
        onEvents: async (events) => {
          subscriber.batches++;
          subscriber.ids.push(...events.map((event) => event.id));
          // Subscribers of different speeds, as projections are.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
        },
        onError: () => {},
      }),
    );
    const append = (store: PostgresEventStore, stream: string, i: number) => {
      const id = randomUUID();
      return store.append(
        stream,
        [
          {
            id,
            type: 'Pinged',
            data: { i },
            metadata: { actorId: null, correlationId: id, causationId: null },
          },
        ],
        { expectedRevision: 'any' },
      );
    };
    try {
      // Bursts from this process (the reader's own store) and from another (the writer), concurrently.
      for (let burst = 0; burst < 20; burst++) {
        await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            append(i % 2 === 0 ? reader : writer, `shared-${burst % 3}-${i}`, burst * 10 + i),
          ),
        );
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const log = (await writer.readAll({ after: null, limit: 1_000 })).map((event) => event.id);
      expect(log).toHaveLength(200);
      for (let wait = 0; wait < 250 && subscribers.some((s) => s.ids.length < log.length); wait++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      for (const subscriber of subscribers) expect(subscriber.ids).toEqual(log);
      // Unshared, every subscriber would read each of its pages itself.
      const pagesRead = subscribers.reduce((sum, s) => sum + s.batches, 0);
      expect(reads.mock.calls.length).toBeLessThan(pagesRead / 2);
    } finally {
      await Promise.all(subscriptions.map((subscription) => subscription.close()));
      await reader.close();
      await writer.close();
      await readerPool.end();
      await db.drop();
    }
  });
});

describe('postgres subscription behind an open transaction', () => {
  it('delivers an event hidden behind an older transaction as soon as that one ends without appending', {
    timeout: 60_000,
  }, async () => {
    const db = await createTestDatabase('eshidden');
    const store = new PostgresEventStore(db.pool, db.url);
    await store.init();
    await db.pool.query('CREATE TABLE unrelated (n int)');
    const received: { id: string; at: number }[] = [];
    // An older transaction that writes elsewhere (a projection's batch, another database's work: the
    // snapshot xmin is cluster-wide) and commits without appending, so nothing wakes the subscriber.
    const older = await db.pool.connect();
    const subscription = store.subscribeToAll({
      after: null,
      onEvents: async (events) => {
        for (const event of events) received.push({ id: event.id, at: Date.now() });
      },
      onError: () => {},
    });
    try {
      await older.query('BEGIN');
      await older.query('INSERT INTO unrelated VALUES (1)');
      const id = randomUUID();
      await store.append(
        'hidden-1',
        [{ id, type: 'Pinged', data: {}, metadata: { actorId: null, correlationId: id, causationId: null } }],
        { expectedRevision: 'no_stream' },
      );
      // Committed, but behind the older transaction: no reader may see it yet.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received).toHaveLength(0);
      const ended = Date.now();
      await older.query('COMMIT');
      for (let wait = 0; wait < 250 && received.length === 0; wait++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(received.map((r) => r.id)).toEqual([id]);
      // Well before the 5 s safety read (the subscriber used to sleep until then).
      expect(received[0]!.at - ended).toBeLessThan(1_000);
    } finally {
      older.release();
      await subscription.close();
      await store.close();
      await db.drop();
    }
  });
});

describe('postgres one-statement append', () => {
  it('appends at a head it knows in one statement, without taking a pooled connection for a transaction', {
    timeout: 60_000,
  }, async () => {
    const db = await createTestDatabase('esfast');
    const store = new PostgresEventStore(db.pool, db.url);
    await store.init();
    const event = (i: number) => {
      const id = randomUUID();
      return {
        id,
        type: 'Counted',
        data: { i },
        metadata: { actorId: null, correlationId: id, causationId: null },
      };
    };
    try {
      const first = await store.append('fast-1', [event(0)], { expectedRevision: 'no_stream' });
      const queries: string[] = [];
      let connects = 0;
      const query = db.pool.query.bind(db.pool);
      const connect = db.pool.connect.bind(db.pool);
      (db.pool as { query: unknown }).query = (...args: Parameters<typeof query>) => {
        queries.push(String(typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text));
        return query(...args);
      };
      // pool.query checks a client out with a callback; a transaction checks one out as a promise.
      (db.pool as { connect: unknown }).connect = (...args: unknown[]) => {
        if (args.length === 0) connects++;
        return (connect as (...a: unknown[]) => unknown)(...args);
      };
      const second = await store.append('fast-1', [event(1), event(2)], {
        expectedRevision: first.nextRevision,
      });
      expect(second.nextRevision).toBe(2n);
      expect(connects).toBe(0);
      expect(queries.filter((q) => q.includes('INSERT INTO es_events'))).toHaveLength(1);
      // A stale expectation is still refused, through the locked path, and writes nothing.
      await expect(store.append('fast-1', [event(3)], { expectedRevision: 1n })).rejects.toThrow(/revision/i);
      const stored = await store.readStream('fast-1');
      expect(stored.map((e) => e.revision)).toEqual([0n, 1n, 2n]);
      expect(stored[1]!.metadata.prevHash).toBe(stored[0]!.metadata.hash);
      expect(stored[2]!.metadata.prevHash).toBe(stored[1]!.metadata.hash);
    } finally {
      await store.close();
      await db.drop();
    }
  });

  it('lets concurrent appends share commits; a stale head or a reused id among them spoils only its own append', {
    timeout: 60_000,
  }, async () => {
    const db = await createTestDatabase('esgroup');
    const store = new PostgresEventStore(db.pool, db.url);
    const other = new PostgresEventStore(db.pool, db.url);
    await store.init();
    const event = (i: number, id: string = randomUUID()) => ({
      id,
      type: 'Counted',
      data: { i },
      metadata: { actorId: null, correlationId: id, causationId: null },
    });
    try {
      const streams = Array.from({ length: 60 }, (_, i) => `group-${i}`);
      for (const stream of streams) await store.append(stream, [event(0)], { expectedRevision: 'no_stream' });
      // Another writer (another process) moves group-7 behind this store's back.
      await other.readStream('group-7');
      await other.append('group-7', [event(1)], { expectedRevision: 0n });
      const reused = randomUUID();
      await store.append('elsewhere', [event(0, reused)], { expectedRevision: 'no_stream' });
      const outcomes = await Promise.allSettled([
        ...streams.map((stream) => store.append(stream, [event(1), event(2)], { expectedRevision: 0n })),
        store.append('group-new', [event(0)], { expectedRevision: 'no_stream' }),
        store.append('group-reused', [event(0, reused)], { expectedRevision: 'no_stream' }),
      ]);
      const refused = outcomes.flatMap((o, i) => (o.status === 'rejected' ? [i] : []));
      // group-7 is refused (its head moved) and so is the reused id; every other append landed.
      expect(refused).toEqual([7, 61]);
      expect(String((outcomes[7] as PromiseRejectedResult).reason)).toMatch(/revision/i);
      expect(String((outcomes[61] as PromiseRejectedResult).reason)).toMatch(/already used/i);
      const { rows } = await db.pool.query<{ commits: number; events: number }>(
        `SELECT count(DISTINCT transaction_id)::int AS commits, count(*)::int AS events FROM es_events
          WHERE stream_name LIKE 'group-%' AND stream_revision > 0 AND stream_name <> 'group-7'`,
      );
      expect(rows[0]!.events).toBe(59 * 2);
      // Shared: fewer commits than appends (the first goes alone, the rest gather behind it).
      expect(rows[0]!.commits).toBeLessThan(59);
      for (const stream of [...streams, 'group-new']) {
        const stored = await store.readStream(stream);
        for (let i = 1; i < stored.length; i++) {
          expect(stored[i]!.revision).toBe(BigInt(i));
          expect(stored[i]!.metadata.prevHash).toBe(stored[i - 1]!.metadata.hash);
        }
      }
      expect(await store.readStream('group-7')).toHaveLength(2);
      expect(await store.readStream('group-reused')).toHaveLength(0);
      // Concurrent reads of many streams answer each its own events, in order.
      const reads = await Promise.all(
        streams.map((stream) => store.readStream(stream, { fromRevision: 1n })),
      );
      reads.forEach((read, i) => {
        expect(read.every((e) => e.streamName === streams[i])).toBe(true);
        expect(read.map((e) => e.revision)).toEqual(i === 7 ? [1n] : [1n, 2n]);
      });
      const capped = await Promise.all(streams.map((stream) => store.readStream(stream, { maxCount: 1 })));
      expect(capped.every((read) => read.length === 1 && read[0]!.revision === 0n)).toBe(true);
    } finally {
      await other.close();
      await store.close();
      await db.drop();
    }
  });
});

describe('postgres appends racing other writers', () => {
  // Two processes' stores: each one's memory of the heads goes stale as the other writes, so single
  // appends go both ways (the shared statement, the locked one). Alone, they test the locked append's
  // check of its head's writer; with the batched appends (appendMany, the seeder's) on the same streams,
  // that one's hold on the table. (Mixed, the batches' hold makes the single appends' race too rare to
  // test the first.)
  it.each([
    ['single appends', 0],
    ['single and batched appends', 0.5],
  ])('keep every stream in revision order along the log: %s', { timeout: 120_000 }, async (_, batched) => {
    const db = await createTestDatabase('esrace');
    const stores = [new PostgresEventStore(db.pool, db.url), new PostgresEventStore(db.pool, db.url)];
    await stores[0]!.init();
    const event = () => {
      const id = randomUUID();
      return {
        id,
        type: 'Counted',
        data: {},
        metadata: { actorId: null, correlationId: id, causationId: null },
      };
    };
    const streams = Array.from({ length: 12 }, (_, i) => `race-${i}`);
    const random = new Random(7);
    try {
      await Promise.all(
        Array.from({ length: 16 }, async (_, lane) => {
          const store = stores[lane % 2]!;
          for (let i = 0; i < 40; i++) {
            const a = random.pick(streams);
            let b = random.pick(streams);
            if (b === a) b = streams[(streams.indexOf(a) + 1) % streams.length]!;
            const pair = [
              { streamName: a, events: [event()], expectedRevision: 'any' as const },
              { streamName: b, events: [event()], expectedRevision: 'any' as const },
            ];
            if (random.chance(batched)) await store.appendMany(pair);
            else await store.append(a, [event()], { expectedRevision: 'any' });
          }
        }),
      );
      const log = await stores[0]!.readAll({ after: null, limit: 1_000_000 });
      const heads = new Map<string, { revision: bigint; hash: string }>();
      const problems: string[] = [];
      for (const e of log) {
        const head = heads.get(e.streamName);
        if (
          e.revision !== (head ? head.revision + 1n : 0n) ||
          (e.metadata.prevHash ?? null) !== (head?.hash ?? null)
        )
          problems.push(`${e.streamName} revision ${e.revision} after ${head?.revision ?? 'none'}`);
        heads.set(e.streamName, { revision: e.revision, hash: e.metadata.hash });
      }
      expect(problems).toEqual([]);
      expect(log.length).toBeGreaterThanOrEqual(16 * 40);
    } finally {
      for (const store of stores) await store.close();
      await db.drop();
    }
  });
});

describe('postgres event store: the LISTEN connection', () => {
  it('comes back by itself when the server ends it (a restart), and pushes appends promptly again', async () => {
    const db = await createTestDatabase('listen');
    const store = new PostgresEventStore(db.pool, db.url);
    await store.init();
    const received: string[] = [];
    const subscription = store.subscribeToAll({
      after: null,
      onEvents: async (events) => {
        received.push(...events.map((e) => e.type));
      },
      onError: () => {},
    });
    const event = (type: string) => ({
      id: randomUUID(),
      type,
      data: {},
      metadata: { actorId: null, correlationId: randomUUID(), causationId: null },
    });
    const listeners = async () =>
      Number(
        (
          await db.pool.query<{ n: string }>(
            `SELECT count(*)::text AS n FROM pg_stat_activity
             WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
          )
        ).rows[0]!.n,
      );
    const until = async (check: () => Promise<boolean> | boolean, ms: number) => {
      const deadline = Date.now() + ms;
      while (!(await check())) {
        if (Date.now() > deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return true;
    };
    try {
      expect(await until(async () => (await listeners()) === 1, 5_000)).toBe(true);
      await store.append('listen-a', [event('Before')], { expectedRevision: 'any' });
      expect(await until(() => received.includes('Before'), 3_000)).toBe(true);
      // A restart ends every session with 57P01, the LISTEN one included.
      await db.pool.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
      );
      expect(await until(async () => (await listeners()) === 1, 5_000)).toBe(true);
      // Woken by NOTIFY again, not by the 5-second safety read.
      const appended = Date.now();
      await store.append('listen-a', [event('After')], { expectedRevision: 'any' });
      expect(await until(() => received.includes('After'), 3_000)).toBe(true);
      expect(Date.now() - appended).toBeLessThan(1_500);
    } finally {
      await subscription.close();
      await store.close();
      await db.drop();
    }
  });
});

describe("postgres log: a rebuild's bounded reads (projections/rebuild.ts, bulk pass)", () => {
  it('bounds the log below a transaction still open, and reads only the types asked for up to the bound', async () => {
    const db = await createTestDatabase('esbound');
    const store = new PostgresEventStore(db.pool, db.url);
    const older = await db.pool.connect();
    try {
      await store.init();
      expect(await store.bulkRead.visibleEnd()).toBeNull();
      const append = async (stream: string, type: string) =>
        (
          await store.append(
            stream,
            [
              {
                id: randomUUID(),
                type,
                data: { n: stream },
                metadata: { actorId: null, correlationId: randomUUID(), causationId: null },
              },
            ],
            { expectedRevision: 'any' },
          )
        ).position;
      const first = await append('a-1', 'Kept');
      await append('a-2', 'Other');
      const third = await append('a-3', 'Kept');
      expect(await store.bulkRead.visibleEnd()).toEqual({ position: third, events: 3 });
      // An older transaction that has its id and has not ended: what commits after it stays past the bound.
      await older.query('BEGIN');
      await older.query('SELECT pg_current_xact_id()');
      const hidden = await append('a-4', 'Kept');
      expect(await store.bulkRead.visibleEnd()).toEqual({ position: third, events: 3 });
      await older.query('COMMIT');
      expect(await store.bulkRead.visibleEnd()).toEqual({ position: hidden, events: 4 });

      const read = (after: typeof first | null, limit: number) =>
        store.bulkRead.readAllOfTypes({ after, upTo: third, types: ['Kept'], limit });
      expect((await read(null, 10)).map((e) => e.streamName)).toEqual(['a-1', 'a-3']);
      expect((await read(null, 1)).map((e) => e.streamName)).toEqual(['a-1']);
      expect((await read(first, 10)).map((e) => e.streamName)).toEqual(['a-3']);
      expect(await read(third, 10)).toEqual([]);
      // The store can tell the database it is in from another one.
      const identity = await store.bulkRead.databaseIdentity();
      expect(identity).toMatch(/^\d+\/.+/);
      const other = await createTestDatabase('esbound2');
      try {
        const elsewhere = new PostgresEventStore(other.pool, other.url);
        expect(await elsewhere.bulkRead.databaseIdentity()).not.toEqual(identity);
        await elsewhere.close();
      } finally {
        await other.drop();
      }
    } finally {
      older.release();
      await store.close();
      await db.drop();
    }
  });
});
