import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Random } from '../../testing/random.ts';
import { createTestDatabase } from '../../testing/testDb.ts';
import { createTestStore } from '../../testing/testStore.ts';
import { PostgresEventStore } from './postgresEventStore.ts';

// The Postgres store's appends: the one-statement path and its shared commits, and the locked path's order
// under racing writers. (The contract every store passes is in postgresEventStore.int.test.ts.)

/** A counted event with a fresh id. */
function event(i: number, id: string = randomUUID()) {
  return {
    id,
    type: 'Counted',
    data: { i },
    metadata: { actorId: null, correlationId: id, causationId: null },
  };
}

describe('postgres one-statement append', () => {
  it('appends at a head it knows in one statement, without taking a pooled connection for a transaction', {
    timeout: 60_000,
  }, async () => {
    const { db, store } = await createTestStore('esfast');
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

describe('postgres appends chained in one statement', () => {
  it('chains appends that share a stream in one statement: groups over a hot stream, all or nothing together', {
    timeout: 60_000,
  }, async () => {
    const { db, store } = await createTestStore('eschain');
    try {
      const receivers = Array.from({ length: 12 }, (_, i) => `chain-r${i}`);
      for (const stream of ['chain-hot', ...receivers])
        await store.append(stream, [event(0)], { expectedRevision: 'no_stream' });
      // Twelve two-stream groups, each crediting the hot stream at its head and moving its own receiver,
      // and single appends to the hot stream, all at once: they share streams, so they are chained.
      const outcomes = await Promise.allSettled([
        ...receivers.map((stream, i) =>
          store.appendMany([
            { streamName: stream, events: [event(1)], expectedRevision: 0n },
            { streamName: 'chain-hot', events: [event(100 + i)], expectedRevision: 'any' },
          ]),
        ),
        ...Array.from({ length: 6 }, (_, i) =>
          store.append('chain-hot', [event(200 + i)], { expectedRevision: 'any' }),
        ),
      ]);
      expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
      const hot = await store.readStream('chain-hot', { verify: { prevHash: null } });
      expect(hot.map((e) => e.revision)).toEqual(Array.from({ length: 19 }, (_, i) => BigInt(i)));
      const { rows } = await db.pool.query<{ commits: number }>(
        "SELECT count(DISTINCT transaction_id)::int AS commits FROM es_events WHERE stream_name = 'chain-hot' AND stream_revision > 0",
      );
      // Shared: far fewer commits than the eighteen appends to the hot stream.
      expect(rows[0]!.commits).toBeLessThan(18);
      // Each append answers where its own events landed.
      for (const [i, outcome] of outcomes.entries()) {
        const results = (outcome as PromiseFulfilledResult<unknown>).value;
        const last = Array.isArray(results) ? results[1] : results;
        const landed = hot.find((e) => e.revision === (last as { nextRevision: bigint }).nextRevision)!;
        expect(landed.data).toEqual({ i: i < 12 ? 100 + i : 200 + (i - 12) });
        expect(landed.position).toEqual((last as { position: unknown }).position);
      }

      // Two groups chained in one statement (behind an append in flight), one of them on a stale head: the
      // unit writes nothing, the stale one is refused, and the other, tried again, lands.
      await new PostgresEventStore(db.pool, db.url).append('chain-r0', [event(2)], { expectedRevision: 1n });
      const mixed = await Promise.allSettled([
        store.append('chain-r5', [event(2)], { expectedRevision: 1n }),
        store.appendMany([
          { streamName: 'chain-r0', events: [event(3)], expectedRevision: 1n },
          { streamName: 'chain-hot', events: [event(300)], expectedRevision: 'any' },
        ]),
        store.appendMany([
          { streamName: 'chain-r1', events: [event(2)], expectedRevision: 1n },
          { streamName: 'chain-hot', events: [event(301)], expectedRevision: 'any' },
        ]),
      ]);
      expect(mixed.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(String((mixed[1] as PromiseRejectedResult).reason)).toMatch(/revision/i);
      const after = await store.readStream('chain-hot', { verify: { prevHash: null } });
      expect(after.map((e) => (e.data as { i: number }).i).slice(19)).toEqual([301]);
      expect(await store.readStream('chain-r0')).toHaveLength(3);
    } finally {
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
