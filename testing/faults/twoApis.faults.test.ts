import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '../../infra/eventStore/eventStore.ts';
import { appStore } from '../appStore.ts';
import { type LoadBalancer, startLoadBalancer } from '../loadBalancer.ts';
import { type RunningApp, type RunningProcess, startApp, startProjectionWorker } from '../processes.ts';
import { Random, seedFrom } from '../random.ts';
import { createTestDatabase, type TestDatabase } from '../testDb.ts';
import { expectRunConserved, observedWorld, printOutputsOnFailure, sleep } from './faultRun.ts';
import { FAULT_API_ENV, runWorkload, traffic } from './workload.ts';

/**
 * The documented shape with several processes (docs/architecture/scaling.md): two API processes with
 * PROJECTIONS=off behind a round-robin load balancer, and two projection workers (one leads every
 * projection, the other stands by). Under the money workload, one API and the leading worker are killed
 * with SIGKILL at a seeded random moment, mid-request; the clients retry with the same Idempotency-Key
 * through the balancer, which now reaches the surviving API only, and the standby worker takes over.
 * Afterwards every acknowledged command is in the log once, each refused one not at all, every read model
 * caught up with the log, and every ledger invariant holds. FAULT_SEED=n replays the same run.
 */
describe('two APIs and two projection workers, one of each killed with SIGKILL under load', () => {
  const seed = seedFrom('FAULT_SEED');
  let db: TestDatabase;
  let store: EventStore;
  const apis: RunningApp[] = [];
  const workers: RunningProcess[] = [];
  let balancer: LoadBalancer | null = null;

  beforeAll(async () => {
    db = await createTestDatabase('faults_two_apis');
    store = appStore(db.pool, db.url);
    const env = { ...FAULT_API_ENV, PROJECTIONS: 'off' };
    // Started together: migrations and the admin's creation must be safe with two processes at once.
    apis.push(...(await Promise.all([0, 1].map(() => startApp({ databaseUrl: db.url, env })))));
    // The first worker leads every projection by the time the second starts, which stands by.
    workers.push(await startProjectionWorker({ databaseUrl: db.url }));
    workers.push(await startProjectionWorker({ databaseUrl: db.url }));
    balancer = await startLoadBalancer(apis.map((api) => api.port));
  });
  afterAll(async () => {
    await balancer?.close();
    await Promise.all([...workers, ...apis].map((p) => p.stop()));
    await store?.close();
    await db?.drop();
  });

  it('applies every acknowledged command once and keeps every invariant', async () => {
    console.info(`two-API kill test: seed ${seed} (FAULT_SEED=${seed} replays it)`);
    printOutputsOnFailure(() =>
      Object.fromEntries([
        ...apis.map((api, i) => [`api ${i} output`, api.output()]),
        ...workers.map((w, i) => [`worker ${i} output`, w.output()]),
      ]),
    );
    const random = new Random(seed);
    const url = balancer!.url;
    const { world, observed } = await observedWorld(
      () => url,
      `two${seed}`,
      () => apis.map((api) => api.url),
    );
    const setUpAnswers = observed.length;

    let done = false;
    let killedAt = 0;
    let inFlightAtKill = 0;
    let servedAtKill: number[] = [];
    const [victimApi, survivorApi] = apis as [RunningApp, RunningApp];
    const [leadingWorker, standbyWorker] = workers as [RunningProcess, RunningProcess];
    const killer = (async () => {
      const rng = random.fork();
      // After a random number of the workload's answers, at a moment a request is in flight.
      const at = rng.int(20, 80);
      while (!done && (observed.length - setUpAnswers < at || traffic.inFlight === 0)) await sleep(2);
      inFlightAtKill = traffic.inFlight;
      servedAtKill = [...balancer!.served.values()];
      killedAt = Date.now();
      await Promise.all([victimApi.kill('SIGKILL'), leadingWorker.kill('SIGKILL')]);
    })();
    const result = await runWorkload(world, random.fork(), { lanes: 8, opsPerLane: 30 }).finally(() => {
      done = true;
    });
    await killer;
    const cut = observed.slice(setUpAnswers).filter((o) => o.status === 0);
    const afterKill = observed.filter((o) => o.at > killedAt && o.status >= 200 && o.status < 300);
    console.info(
      `${result.commands} commands, ${inFlightAtKill} in flight at the kill, ${cut.length} requests cut, ${afterKill.length} answered 2xx after it; connections per API at the kill ${servedAtKill.join(', ')}`,
    );

    expect(killedAt).toBeGreaterThan(0);
    expect(victimApi.alive()).toBe(false);
    expect(leadingWorker.alive()).toBe(false);
    expect(survivorApi.alive()).toBe(true);
    expect(standbyWorker.alive()).toBe(true);
    // The kill landed mid-load, and the surviving API went on serving.
    expect(inFlightAtKill).toBeGreaterThan(0);
    // Both APIs had taken connections through the balancer before it.
    expect(servedAtKill.every((n) => n > 0)).toBe(true);
    expect(afterKill.length).toBeGreaterThan(0);
    expect(result.unexpected).toEqual([]);
    expect(observed.filter((o) => o.status >= 500)).toEqual([]);

    // The standby worker took over every projection and the follow-ups, and caught up with the log; the
    // invariants hold; a refused command left nothing in the log.
    await expectRunConserved(db.pool, store, world, result);
  });
});
