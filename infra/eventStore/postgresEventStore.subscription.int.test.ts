import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../testing/testDb.ts';
import { createTestStore } from '../../testing/testStore.ts';
import { createPool } from '../postgres/pool.ts';
import { PostgresEventStore } from './postgresEventStore.ts';

// The Postgres store's subscriptions: woken by NOTIFY across processes, pages shared within one, events
// hidden behind an open transaction, and the LISTEN connection coming back after a restart.

describe('postgres append signal across processes', () => {
  it('wakes a subscriber of another store (another process) by NOTIFY after the commit, well before its poll', {
    timeout: 60_000,
  }, async () => {
    const db = await createTestDatabase('esnotify');
    // Two stores with their own pools and LISTEN connections: as two API processes would have.
    const writer = new PostgresEventStore(db.pool, db.url);
    // The app's own pool (createPool): a connection the database ends while the pool winds down (the drop
    // below) is a logged event, not an unhandled error that fails the run.
    const otherPool = createPool(db.url, 2);
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
    const { db, store } = await createTestStore('eshidden');
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

describe('postgres event store: the LISTEN connection', () => {
  it('comes back by itself when the server ends it (a restart), and pushes appends promptly again', async () => {
    const { db, store } = await createTestStore('listen');
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
