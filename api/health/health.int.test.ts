import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProjections } from '../../projections/index.ts';
import type { Projection } from '../../projections/projection.ts';
import { createTestApp, signedUpClient, type TestApp } from '../testing/testApp.ts';

const METRICS_TOKEN = 'metrics-token-for-health-tests';

describe('GET /api/health', () => {
  let t: TestApp;
  let poisoned = false;
  beforeAll(async () => {
    // A projection that fails on registrations while `poisoned` is set.
    const fragile: Projection = {
      name: 'fragile',
      tables: [],
      schema: 'SELECT 1;',
      handles: new Set(['UserRegistered']),
      async apply() {
        if (poisoned) throw new Error('fragile projection cannot handle this event');
      },
    };
    t = await createTestApp({ METRICS_TOKEN }, { projections: [...allProjections, fragile] });
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('reports the store, the database and every projection with checkpoint and lag', async () => {
    await signedUpClient(t);
    await t.settle();
    const reply = await t.client().get('/api/health');
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

  it('answers 503 naming the error while a projection keeps failing, and 200 once it recovers', async () => {
    poisoned = true;
    await signedUpClient(t);
    const deadline = Date.now() + 10_000;
    let reply = await t.client().get('/api/health');
    while (reply.status === 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      reply = await t.client().get('/api/health');
    }
    expect(reply.status).toBe(503);
    const fragile = reply.body.projections.find((p: { name: string }) => p.name === 'fragile');
    expect(fragile.lastError).toContain('fragile projection cannot handle this event');
    expect(fragile.lagEvents).toBeGreaterThan(0);
    // The others kept going.
    expect(reply.body.projections.find((p: { name: string }) => p.name === 'users').lagEvents).toBe(0);
    // Retried with backoff, not given up on: the retry count climbs while the event keeps failing.
    const retries = async () =>
      (await t.client().get('/api/health')).body.projections.find(
        (p: { name: string }) => p.name === 'fragile',
      ).retryCount as number;
    const firstCount = await retries();
    const climbed = Date.now() + 10_000;
    while ((await retries()) <= firstCount && Date.now() < climbed)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await retries()).toBeGreaterThan(firstCount);
    // /metrics says the same to Prometheus: the failing projection flagged and lagging, the others not.
    const metrics = await t.client().get('/metrics', { Authorization: `Bearer ${METRICS_TOKEN}` });
    expect(metrics.status).toBe(200);
    let flagged = metrics.text;
    const flaggedBy = Date.now() + 5_000;
    while (!/sai_projection_errors\{projection="fragile"\} 1/.test(flagged) && Date.now() < flaggedBy) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      flagged = (await t.client().get('/metrics', { Authorization: `Bearer ${METRICS_TOKEN}` })).text;
    }
    expect(flagged).toMatch(/sai_projection_errors\{projection="fragile"\} 1/);
    expect(flagged).toMatch(/sai_projection_lag_events\{projection="fragile"\} [1-9]/);
    expect(flagged).toMatch(/sai_projection_errors\{projection="users"\} 0/);
    expect(flagged).toMatch(/sai_projection_lag_events\{projection="users"\} 0/);
    poisoned = false;
    const recovered = Date.now() + 40_000;
    while (reply.status !== 200 && Date.now() < recovered) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      reply = await t.client().get('/api/health');
    }
    expect(reply.status).toBe(200);
    // The projection gauges share one status reading for up to a second (api/metrics/metrics.ts).
    const scrape = async () =>
      (await t.client().get('/metrics', { Authorization: `Bearer ${METRICS_TOKEN}` })).text;
    const clearedBy = Date.now() + 5_000;
    let cleared = await scrape();
    while (/sai_projection_errors\{projection="fragile"\} 1/.test(cleared) && Date.now() < clearedBy) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      cleared = await scrape();
    }
    expect(cleared).toMatch(/sai_projection_errors\{projection="fragile"\} 0/);
    expect(cleared).toMatch(/sai_projection_lag_events\{projection="fragile"\} 0/);
  }, 60_000);
});
