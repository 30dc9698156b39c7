import { randomUUID } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createPool } from '../../infra/postgres/pool.ts';
import { allProjections } from '../../projections/index.ts';
import type { Projection } from '../../projections/projection.ts';
import {
  adminClient,
  setUpTestApp,
  signedUpClient,
  type TestApp,
  TestClient,
} from '../../testing/testApp.ts';
import { createApp } from '../app.ts';
import { READY_TIMEOUT_MS } from './health.routes.ts';

const METRICS_TOKEN = 'metrics-token-for-health-tests';
const withToken = { Authorization: `Bearer ${METRICS_TOKEN}` };

const FRAGILE_FAILING = /sai_projection_errors\{projection="fragile"\} 1/;

/** Reads until `done` holds of the reading or `ms` have passed, `every` ms apart; returns the last one. */
async function readUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number, every: number) {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, every));
    value = await read();
  }
  return value;
}

/** Readers of the full /api/health and of /metrics, as the token's holder asks. */
const healthOf = (t: TestApp) => () => t.client().get('/api/health', withToken);
const metricsOf = (t: TestApp) => () => t.client().get('/metrics', withToken);

/** The failing projection named with its error in a 503, to a stranger only "degraded"; the others go on. */
async function expectDegraded(t: TestApp) {
  const reply = await readUntil(healthOf(t), (r) => r.status !== 200, 10_000, 50);
  expect(reply.status).toBe(503);
  // A stranger learns that it is degraded, and nothing of why.
  const anonymous = await t.client().get('/api/health');
  expect(anonymous.status).toBe(503);
  expect(anonymous.body).toEqual({ status: 'degraded' });
  expect(anonymous.text).not.toContain('fragile');
  const fragile = reply.body.projections.find((p: { name: string }) => p.name === 'fragile');
  expect(fragile.lastError).toContain('fragile projection cannot handle this event');
  expect(fragile.lagEvents).toBeGreaterThan(0);
  // The others kept going.
  expect(reply.body.projections.find((p: { name: string }) => p.name === 'users').lagEvents).toBe(0);
}

/** Retried with backoff, not given up on: the retry count climbs while the event keeps failing. */
async function expectRetried(t: TestApp) {
  const health = healthOf(t);
  const retries = async () =>
    (await health()).body.projections.find((p: { name: string }) => p.name === 'fragile')
      .retryCount as number;
  const firstCount = await retries();
  expect(await readUntil(retries, (count) => count > firstCount, 10_000, 100)).toBeGreaterThan(firstCount);
}

/** /metrics says the same to Prometheus: the failing projection flagged and lagging, the others not. */
async function expectMetricsFlagFailing(t: TestApp) {
  const metrics = await readUntil(metricsOf(t), (m) => FRAGILE_FAILING.test(m.text), 5_000, 200);
  expect(metrics.status).toBe(200);
  expect(metrics.text).toMatch(FRAGILE_FAILING);
  expect(metrics.text).toMatch(/sai_projection_lag_events\{projection="fragile"\} [1-9]/);
  expect(metrics.text).toMatch(/sai_projection_errors\{projection="users"\} 0/);
  expect(metrics.text).toMatch(/sai_projection_lag_events\{projection="users"\} 0/);
}

/** Once the projection handles the event again: 200, and its gauges cleared. */
async function expectRecovered(t: TestApp) {
  expect((await readUntil(healthOf(t), (r) => r.status === 200, 40_000, 100)).status).toBe(200);
  // The projection gauges share one status reading for up to a second (runtime/metrics.ts).
  const cleared = (await readUntil(metricsOf(t), (m) => !FRAGILE_FAILING.test(m.text), 5_000, 200)).text;
  expect(cleared).toMatch(/sai_projection_errors\{projection="fragile"\} 0/);
  expect(cleared).toMatch(/sai_projection_lag_events\{projection="fragile"\} 0/);
}

describe('GET /api/health', () => {
  let poisoned = false;
  // A projection that fails on registrations while `poisoned` is set.
  const fragile: Projection = {
    name: 'fragile',
    version: 1,
    tables: [],
    schema: 'SELECT 1;',
    handlers: {
      async UserRegistered() {
        if (poisoned) throw new Error('fragile projection cannot handle this event');
      },
    },
  };
  const t = setUpTestApp({ METRICS_TOKEN }, { projections: [...allProjections, fragile] });

  it('reports the store, the database and every projection with checkpoint and lag', async () => {
    await signedUpClient(t);
    await t.settle();
    const reply = await t.client().get('/api/health', withToken);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      status: 'ok',
      eventStore: { kind: 'postgres', reachable: true },
      database: { reachable: true },
    });
    const names = reply.body.projections.map((p: { name: string }) => p.name);
    expect(names).toEqual(
      expect.arrayContaining(['users', 'ledger', 'payments', 'notifications', 'ledgerFollowUps', 'fragile']),
    );
    for (const p of reply.body.projections) {
      expect(p).toMatchObject({ lagEvents: 0, lagMs: 0, lastError: null });
      expect(p.checkpoint).toMatch(/^\d+-\d+$/);
    }
  });

  it('tells a stranger, a signed-in user or a wrong token only the status; an admin and the token all', async () => {
    const { client: user } = await signedUpClient(t);
    await t.settle();
    const minimal = [
      await t.client().get('/api/health'),
      await user.get('/api/health'),
      await t.client().get('/api/health', { Authorization: 'Bearer not-the-metrics-token-at-all' }),
      await t.client().get('/api/health', { Authorization: METRICS_TOKEN }),
    ];
    for (const reply of minimal) {
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ status: 'ok' });
      expect(reply.headers.get('cache-control')).toBe('no-store');
      expect(reply.text).not.toMatch(/checkpoint|eventsProcessed|lastError|postgres|users/);
    }

    const admin = await adminClient(t, 'health-admin@example.com');
    for (const reply of [await admin.get('/api/health'), await t.client().get('/api/health', withToken)]) {
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        status: 'ok',
        eventStore: { kind: 'postgres', reachable: true },
        database: { reachable: true },
      });
      const users = reply.body.projections.find((p: { name: string }) => p.name === 'users');
      expect(users.checkpoint).toMatch(/^\d+-\d+$/);
      expect(users.eventsProcessed).toBeGreaterThan(0);
    }
    // The admin screen's own source keeps its details.
    const screen = await admin.get('/api/admin/projections');
    expect(screen.status).toBe(200);
    expect(screen.body.map((p: { name: string }) => p.name)).toContain('users');
  });

  it('answers 503 naming the error while a projection keeps failing, and 200 once it recovers', async () => {
    poisoned = true;
    await signedUpClient(t);
    await expectDegraded(t);
    await expectRetried(t);
    await expectMetricsFlagFailing(t);
    poisoned = false;
    await expectRecovered(t);
  }, 60_000);
});

describe('/livez and /readyz', () => {
  const t = setUpTestApp();

  it('say live and ready, and nothing else', async () => {
    const live = await t.client().get('/livez');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'live' });
    expect(live.headers.get('cache-control')).toBe('no-store');
    const ready = await t.client().get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  /** The real app over a pool to `url`: the database is gone, everything else is as it was. */
  async function withDatabaseAt(url: string, check: (client: TestClient) => Promise<void>) {
    const pool = createPool(url, 2);
    pool.on('error', () => {});
    try {
      await check(new TestClient(createApp({ ...t.deps, pool })));
    } finally {
      await pool.end();
    }
  }

  async function expectNotReady(client: TestClient) {
    const ready = await client.get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.headers.get('content-type')).toContain('application/problem+json');
    expect(ready.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(ready.body).toMatchObject({ status: 503, title: 'Service Unavailable', code: 'not_ready' });
    // The cause goes to the log, not to whoever asked.
    expect(ready.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|within/);
    // Alive all the same: the process answers without its database.
    const live = await client.get('/livez');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'live' });
  }

  it('answers 503 Problem while the database refuses connections', async () => {
    // Port 1: nothing listens there, the connection is refused at once.
    await withDatabaseAt('postgres://nobody:nothing@127.0.0.1:1/none', expectNotReady);
  });

  it('answers 503 Problem within its bound while the database does not answer at all', async () => {
    // A server that accepts the connection and never says a word, as a hung database would.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      await withDatabaseAt(`postgres://nobody:nothing@127.0.0.1:${port}/none`, async (client) => {
        const started = Date.now();
        await expectNotReady(client);
        const took = Date.now() - started;
        expect(took).toBeGreaterThanOrEqual(READY_TIMEOUT_MS - 50);
        expect(took).toBeLessThan(READY_TIMEOUT_MS + 3_000);
        for (const socket of sockets) socket.destroy();
      });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('GET /api/health while the projections lag', () => {
  const t = setUpTestApp({ METRICS_TOKEN, PROJECTION_LAG_DEGRADED_EVENTS: '3' });

  it('is degraded while one is more than PROJECTION_LAG_DEGRADED_EVENTS behind; /readyz stays ready', async () => {
    await signedUpClient(t);
    await t.settle();
    const health = () => t.client().get('/api/health', withToken);
    expect((await health()).status).toBe(200);
    // The projections stop (a worker down, or far too slow), and the log goes on: 3 events behind is fine.
    await t.deps.runner.stop();
    const tick = () => ({
      id: randomUUID(),
      type: 'Tick',
      data: {},
      metadata: { actorId: null, correlationId: randomUUID(), causationId: null },
    });
    await t.deps.store.append('health-lag', [tick(), tick(), tick()], { expectedRevision: 'any' });
    const within = await health();
    expect(within.status).toBe(200);
    expect(within.body.projections.every((p: { lagging: boolean }) => !p.lagging)).toBe(true);
    await t.deps.store.append('health-lag', [tick()], { expectedRevision: 'any' });
    const reply = await health();
    expect(reply.status).toBe(503);
    expect(reply.body.status).toBe('degraded');
    const users = reply.body.projections.find((p: { name: string }) => p.name === 'users');
    expect(users).toMatchObject({ lagging: true, lagEvents: 4, lastError: null });
    // A stranger learns only the status; /readyz is not about lag (every replica would go unready at once).
    const anonymous = await t.client().get('/api/health');
    expect([anonymous.status, anonymous.body]).toEqual([503, { status: 'degraded' }]);
    expect((await t.client().get('/readyz')).status).toBe(200);
  });
});
