import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  comparePositions,
  type EventStore,
  type LogPosition,
  type RecordedEvent,
  type SubscribeOptions,
} from '../../infra/eventStore/eventStore.ts';
import { until } from '../../testing/projections.ts';
import { setUpTestStore } from '../../testing/testStore.ts';
import type { Projection } from '../projection.ts';
import { ProjectionRunner } from './runner.ts';
import { SharedLogFeed } from './sharedFeed.ts';

/** The store, counting the subscriptions opened on it and the reads made past them. */
function counted(store: EventStore) {
  const counts = { subscriptions: 0, reads: 0 };
  const wrapped = Object.create(store) as EventStore;
  wrapped.subscribeToAll = (options: SubscribeOptions) => {
    counts.subscriptions++;
    return store.subscribeToAll(options);
  };
  wrapped.readAll = (options) => {
    counts.reads++;
    return store.readAll(options);
  };
  return { wrapped, counts };
}

/** A subscriber that records what it is handed; `gate`, when set, holds its next delivery until opened. */
function subscriber(after: LogPosition | null, behaviour: { failOnCall?: number } = {}) {
  const seen: RecordedEvent[] = [];
  const errors: unknown[] = [];
  let calls = 0;
  let gate: Promise<void> | null = null;
  let open = () => {};
  const options: SubscribeOptions = {
    after,
    async onEvents(events) {
      calls++;
      if (calls === behaviour.failOnCall) throw new Error('cannot digest this batch');
      if (gate) await gate;
      seen.push(...events);
    },
    onError: (error) => errors.push(error),
  };
  return {
    options,
    seen,
    errors,
    get calls() {
      return calls;
    },
    hold() {
      gate = new Promise((resolve) => {
        open = resolve;
      });
    },
    release() {
      gate = null;
      open();
    },
    /** Ids of the events of streams starting with `prefix`, as received. */
    mine: (prefix: string) => seen.filter((e) => e.streamName.startsWith(prefix)).map((e) => e.id),
    /** Every event once and in log order: each one after the one before. */
    inOrder: () => seen.every((e, i) => i === 0 || comparePositions(e.position, seen[i - 1]!.position) > 0),
  };
}

const { db, store } = setUpTestStore('feed');

/** Appends `count` events to streams `<prefix>-0..3` from four concurrent writers; returns their ids in log order. */
async function append(prefix: string, count: number): Promise<string[]> {
  await Promise.all(
    Array.from({ length: 4 }, async (_, lane) => {
      for (let i = lane; i < count; i += 4)
        await store.append(
          `${prefix}-${lane}`,
          [
            {
              id: randomUUID(),
              type: 'Tick',
              data: {},
              metadata: { actorId: null, correlationId: 'c', causationId: null },
            },
          ],
          { expectedRevision: 'any' },
        );
    }),
  );
  // The log shows an event once no older transaction on the server is still open (any database's: the
  // server's other test files run beside this one), so read until all `count` are visible.
  const deadline = Date.now() + 10_000;
  for (;;) {
    const log = await store.readAll({ after: null, limit: 1_000_000 });
    const ids = log.filter((e) => e.streamName.startsWith(`${prefix}-`)).map((e) => e.id);
    if (ids.length === count || Date.now() > deadline) return ids;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('shared log feed', () => {
  it('hands subscribers in step every event once and in order, from one subscription and no reads of their own', async () => {
    const { wrapped, counts } = counted(store);
    const feed = new SharedLogFeed(wrapped, { batchSize: 20 });
    const head = await store.headPosition();
    const subscribers = Array.from({ length: 5 }, () => subscriber(head));
    const subscriptions = subscribers.map((s) => feed.subscribeToAll(s.options));
    const ids = await append('step', 300);
    await until(() => subscribers.every((s) => s.mine('step-').length === 300));
    for (const s of subscribers) {
      expect(s.mine('step-')).toEqual(ids);
      expect(s.inOrder()).toBe(true);
      expect(s.errors).toEqual([]);
    }
    expect(feed.inStep).toBe(5);
    expect(counts).toEqual({ subscriptions: 1, reads: 0 });
    await Promise.all(subscriptions.map((s) => s.close()));
    expect(feed.inStep).toBe(0);
    // Nothing is handed out after close() resolved.
    const handed = subscribers.map((s) => s.seen.length);
    await append('step-after', 20);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(subscribers.map((s) => s.seen.length)).toEqual(handed);
  });
  it('lets a subscriber behind read alone until it has caught up, then hands it the shared batches', async () => {
    const { wrapped, counts } = counted(store);
    const feed = new SharedLogFeed(wrapped, { batchSize: 25 });
    const before = await store.headPosition();
    const earlier = await append('behind', 120);
    const ahead = subscriber(await store.headPosition());
    const behind = subscriber(before);
    const subscriptions = [feed.subscribeToAll(ahead.options), feed.subscribeToAll(behind.options)];
    await until(() => behind.mine('behind-').length === 120);
    const later = await append('behind-later', 60);
    await until(
      () => ahead.mine('behind-later-').length === 60 && behind.mine('behind-later-').length === 60,
    );
    expect(behind.mine('behind-')).toEqual([...earlier, ...later]);
    expect(ahead.mine('behind-')).toEqual(later);
    expect(behind.inOrder() && ahead.inOrder()).toBe(true);
    // It read alone to catch up (120 events at 25 a read), and follows the shared subscription since.
    expect(counts.reads).toBeGreaterThanOrEqual(5);
    expect(counts.subscriptions).toBe(1);
    expect(feed.inStep).toBe(2);
    await Promise.all(subscriptions.map((s) => s.close()));
  });
  it('gives a failing subscriber its error and goes on with the others', async () => {
    const feed = new SharedLogFeed(store, { batchSize: 10 });
    const head = await store.headPosition();
    const failing = subscriber(head, { failOnCall: 2 });
    const others = [subscriber(head), subscriber(head)];
    const subscriptions = [failing, ...others].map((s) => feed.subscribeToAll(s.options));
    const ids: string[] = [];
    for (let burst = 0; burst < 4; burst++) {
      ids.push(...(await append(`fails-${burst}`, 10)));
      await until(() => others.every((s) => s.mine('fails-').length === ids.length));
    }
    for (const s of others) expect(s.mine('fails-')).toEqual(ids);
    expect(failing.errors).toHaveLength(1);
    const calls = failing.calls;
    expect(feed.inStep).toBe(2);
    await append('fails-more', 10);
    await until(() => others.every((s) => s.mine('fails-more-').length === 10));
    expect(failing.calls).toBe(calls);
    await Promise.all(subscriptions.map((s) => s.close()));
  });
});

describe('shared log feed', () => {
  it('lets a stuck subscriber go so the others are not held, and it catches up alone once it moves', async () => {
    const feed = new SharedLogFeed(store, { batchSize: 10, detachAfterMs: 50 });
    const head = await store.headPosition();
    const stuck = subscriber(head);
    const others = [subscriber(head), subscriber(head)];
    const subscriptions = [stuck, ...others].map((s) => feed.subscribeToAll(s.options));
    stuck.hold();
    const ids: string[] = [];
    for (let burst = 0; burst < 5; burst++) {
      ids.push(...(await append(`stuck-${burst}`, 10)));
      // Were the feed waiting for the stuck one, nobody would get a second batch.
      await until(() => others.every((s) => s.mine('stuck-').length === ids.length));
    }
    expect(stuck.seen.filter((e) => e.streamName.startsWith('stuck-'))).toEqual([]);
    expect(feed.inStep).toBe(2);
    stuck.release();
    await until(() => stuck.mine('stuck-').length === 50);
    expect(stuck.mine('stuck-')).toEqual(ids);
    expect(stuck.inOrder()).toBe(true);
    // Back in step: the next events come to all three from the shared subscription.
    await until(() => feed.inStep === 3);
    const last = await append('stuck-again', 10);
    await until(() => [stuck, ...others].every((s) => s.mine('stuck-again-').length === 10));
    for (const s of [stuck, ...others]) expect(s.mine('stuck-again-')).toEqual(last);
    await Promise.all(subscriptions.map((s) => s.close()));
  });
  it("is what a runner's projections read the log through", async () => {
    const { wrapped, counts } = counted(store);
    const projection = (name: string): Projection => ({
      name,
      version: 1,
      tables: [`${name}_seen`],
      schema: `CREATE TABLE IF NOT EXISTS ${name}_seen (id uuid PRIMARY KEY)`,
      handlers: {
        async Tick(event, tx) {
          if (event.streamName.startsWith('runner-'))
            await tx.query(`INSERT INTO ${name}_seen (id) VALUES ($1)`, [event.id]);
        },
      },
    });
    const runner = new ProjectionRunner({
      pool: db.pool,
      databaseUrl: db.url,
      store: wrapped,
      projections: ['feed_a', 'feed_b', 'feed_c'].map(projection),
      logger: pino({ level: 'silent' }),
      batchSize: 50,
      // A busy machine can take a second over one batch, and the feed would let that projection go on
      // alone (a subscription of its own, tested above): this test is about the three sharing one.
      feedDetachAfterMs: 120_000,
    });
    await runner.start();
    await append('runner', 200);
    const count = async (table: string) =>
      Number((await db.pool.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n);
    await until(
      async () =>
        (await count('feed_a_seen')) + (await count('feed_b_seen')) + (await count('feed_c_seen')) === 600,
    );
    await runner.stop();
    // The three projections started from the same (empty) checkpoint: one subscription served them all.
    expect(counts.subscriptions).toBe(1);
  });
});
