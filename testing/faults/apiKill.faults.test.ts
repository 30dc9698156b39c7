import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '../../infra/eventStore/eventStore.ts';
import { appStore } from '../appStore.ts';
import { type RunningApp, startApp } from '../processes.ts';
import { Random, seedFrom } from '../random.ts';
import { createTestDatabase, type TestDatabase } from '../testDb.ts';
import { observedWorld, printOutputsOnFailure, refusedInLogOnceCaughtUp, sleep } from './faultRun.ts';
import { FAULT_API_ENV, runWorkload, traffic } from './workload.ts';

/**
 * docs/ledger.md invariant 3 over HTTP when the server dies: the API (with its in-process projections, as
 * `npm start` runs) is killed with SIGKILL at seeded random moments while concurrent transfers, approvals
 * and withdrawals are in flight, and restarted on the same port. Clients retry every command with the
 * same Idempotency-Key until they get an answer. Afterwards every command took effect exactly once: each
 * acknowledged one is in the log once (with the id its key derives), each refused one not at all, no
 * money decision is recorded twice, every interrupted two-step transaction was finished by the
 * follow-up worker, and balances, read models and the write side agree with the log.
 * FAULT_SEED=n replays the same workload and kill schedule.
 */
describe('API killed with SIGKILL mid-request', () => {
  const seed = seedFrom('FAULT_SEED');
  let db: TestDatabase;
  let store: EventStore;
  let api: RunningApp | null = null;

  beforeAll(async () => {
    db = await createTestDatabase('faults_api');
    store = appStore(db.pool, db.url);
    api = await startApp({ databaseUrl: db.url, env: FAULT_API_ENV });
  });
  afterAll(async () => {
    await api?.stop();
    await store?.close();
    await db?.drop();
  });

  it('applies every retried command exactly once across crashes', async () => {
    console.info(`API kill test: seed ${seed} (FAULT_SEED=${seed} replays it)`);
    printOutputsOnFailure(() => ({ 'api output': api?.output() }));
    const random = new Random(seed);
    const url = api!.url;
    const port = api!.port;
    const { world, observed } = await observedWorld(() => url, `a${seed}`);
    const setUpAnswers = observed.length;

    let done = false;
    let kills = 0;
    let inFlightAtKills = 0;
    const answered = () => observed.length - setUpAnswers;
    const killer = (async () => {
      const rng = random.fork();
      while (!done || kills < 4) {
        // Each kill comes after a random number of the workload's answers, at a moment a request is in
        // flight. (A random delay of 0.3–1.5 s let a fast machine finish the whole workload before the
        // first kill: no request was cut, in one run of three.)
        const at = answered() + rng.int(5, 40);
        while (!done && (answered() < at || traffic.inFlight === 0)) await sleep(2);
        inFlightAtKills += traffic.inFlight;
        await api!.kill('SIGKILL');
        kills++;
        await sleep(rng.int(0, 400));
        api = await startApp({ databaseUrl: db.url, port, env: FAULT_API_ENV });
      }
    })();
    const result = await runWorkload(world, random.fork(), { lanes: 8, opsPerLane: 25 }).finally(() => {
      done = true;
    });
    await killer;
    const cut = observed.slice(setUpAnswers).filter((o) => o.status === 0);
    console.info(
      `${result.commands} commands, ${kills} kills, ${inFlightAtKills} requests in flight at the kills, ${cut.length} requests cut or refused`,
    );

    expect(kills).toBeGreaterThanOrEqual(4);
    // The kills really landed mid-request.
    expect(inFlightAtKills).toBeGreaterThan(0);
    expect(cut.length).toBeGreaterThan(0);
    expect(result.unexpected).toEqual([]);
    expect(observed.filter((o) => o.status >= 500)).toEqual([]);

    expect(await refusedInLogOnceCaughtUp(db.pool, store, world, result)).toEqual([]);
  });
});
