import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '../../infra/eventStore/eventStore.ts';
import { type EmbeddedPostgresHandle, startEmbeddedPostgres } from '../../infra/postgres/embedded.ts';
import { createPool, ensureDatabase, type Pool } from '../../infra/postgres/pool.ts';
import { appStore } from '../appStore.ts';
import { type RunningApp, type RunningProcess, startApp, startProjectionWorker } from '../processes.ts';
import { Random, seedFrom } from '../random.ts';
import { observedWorld, printOutputsOnFailure, refusedInLogOnceCaughtUp, sleep } from './faultRun.ts';
import { FAULT_API_ENV, FaultClient, type Observed, runWorkload } from './workload.ts';

/**
 * Postgres restarted under load. The API (PROJECTIONS=off) and a projection worker run against a Postgres
 * of this test's own, which is shut down (fast shutdown: sessions end with 57P01) and started again, twice,
 * at seeded moments, while concurrent transfers, approvals and withdrawals run and clients retry. While
 * the database is down every API answer is 503 with Retry-After and a Problem Details body — never a 500;
 * neither process dies; both recover by themselves (the pool reconnects, the LISTEN connection and the
 * projection workers come back, /api/health returns to 200); and afterwards nothing was half-written:
 * every ledger invariant holds and every acknowledged command is in the log exactly once.
 * FAULT_SEED=n replays the same workload and outage schedule.
 */
const seed = seedFrom('FAULT_SEED');

let dir: string | null = null;

let server: EmbeddedPostgresHandle | null = null;

let pool: Pool | null = null;

let store: EventStore | null = null;

let api: RunningApp | null = null;

let worker: RunningProcess | null = null;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sai-faults-pg-'));
  server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), durable: false, persistent: true });
  const url = await ensureDatabase(server.url, 'sai');
  pool = createPool(url, 5);
  store = appStore(pool, url);
  api = await startApp({ databaseUrl: url, env: { ...FAULT_API_ENV, PROJECTIONS: 'off' } });
  worker = await startProjectionWorker({ databaseUrl: url });
});

afterAll(async () => {
  await worker?.stop();
  await api?.stop();
  await store?.close();
  await pool?.end().catch(() => {});
  await server?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('Postgres restarted under load', () => {
  it('answers 503 with Retry-After while it is down, recovers by itself, and writes nothing partially', async () => {
    console.info(`Postgres restart test: seed ${seed} (FAULT_SEED=${seed} replays it)`);
    printOutputsOnFailure(() => ({ 'api output': api?.output(), 'worker output': worker?.output() }));
    const random = new Random(seed);
    const { world, observed } = await observedWorld(() => api!.url, `p${seed}`);

    const outages: { from: number; to: number }[] = [];
    let finished = false;
    const chaos = (async () => {
      const rng = random.fork();
      for (let i = 0; i < 2; i++) {
        await sleep(rng.int(1_000, 2_500));
        const from = Date.now();
        await server!.stop();
        await sleep(rng.int(2_000, 3_500));
        await server!.start();
        outages.push({ from, to: Date.now() });
      }
      await sleep(3_000);
      finished = true;
    })();
    // A steady prober, so every moment of the outages is asked about, reads and writes alike.
    const prober = (async () => {
      const client = world.users[0]!.client;
      const probe = new FaultClient(
        () => api!.url,
        (o) => observed.push(o),
      );
      for (const [name, value] of client.cookies) probe.cookies.set(name, value);
      while (!finished) {
        await probe.once('GET', '/api/transactions').catch(() => {});
        await probe
          .once(
            'POST',
            '/api/transactions',
            { type: 'transfer', amount: '0.01', receiver_id: world.users[1]!.id },
            { 'Idempotency-Key': `probe-${Date.now()}` },
          )
          .catch(() => {});
        await sleep(100);
      }
    })();
    const result = await runWorkload(world, random.fork(), {
      lanes: 6,
      opsPerLane: 10_000,
      shouldStop: () => finished,
    });
    await Promise.all([chaos, prober]);
    const during = (o: Observed) => outages.some((w) => o.at >= w.from && o.at <= w.to + 500);
    const unavailable = observed.filter((o) => o.status === 503 && o.path !== '/api/health');
    console.info(
      `${result.commands} commands, outages ${outages.map((w) => `${w.to - w.from} ms`).join(', ')}, ` +
        `${unavailable.length} answers 503, ${observed.filter((o) => during(o) && o.status < 300).length} successes during outages`,
    );

    // Never a 500, and never a session lost to the outage.
    expect(observed.filter((o) => o.status >= 500 && o.status !== 503)).toEqual([]);
    expect(observed.filter((o) => o.status === 401)).toEqual([]);
    expect(result.unexpected).toEqual([]);
    // The outages were seen, and every refusal said when to come back, as Problem Details.
    expect(unavailable.length).toBeGreaterThan(0);
    for (const answer of unavailable) {
      expect(answer.retryAfter, `${answer.method} ${answer.path}`).toMatch(/^\d+$/);
      expect(answer.contentType).toContain('application/problem+json');
      expect(answer.body).toMatchObject({ status: 503, title: 'Service Unavailable' });
    }
    // Neither process died: they came back by themselves.
    expect(api!.alive(), api!.output()).toBe(true);
    expect(worker!.alive(), worker!.output()).toBe(true);
    const health = new FaultClient(
      () => api!.url,
      () => {},
    );
    const deadline = Date.now() + 60_000;
    let reply = await health.once('GET', '/api/health');
    while (reply.status !== 200 && Date.now() < deadline) {
      await sleep(250);
      reply = await health.once('GET', '/api/health');
    }
    expect(reply.status, reply.text).toBe(200);

    expect(await refusedInLogOnceCaughtUp(pool!, store!, world, result)).toEqual([]);
  });
});
