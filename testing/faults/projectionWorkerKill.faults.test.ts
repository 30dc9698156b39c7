import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparePositions, type EventStore } from '../../infra/eventStore/eventStore.ts';
import { readCheckpoint } from '../../projections/engine/checkpoints.ts';
import { appStore } from '../appStore.ts';
import { type RunningApp, type RunningProcess, startApp, startProjectionWorker } from '../processes.ts';
import { Random, seedFrom } from '../random.ts';
import { createTestDatabase, type TestDatabase } from '../testDb.ts';
import { expectRunConserved, observedWorld, printOutputsOnFailure, sleep } from './faultRun.ts';
import { FAULT_API_ENV, runWorkload } from './workload.ts';

/**
 * docs/ledger.md invariants 4-6 under crashes: the API runs without projections (PROJECTIONS=off) and a separate
 * projection worker builds the read models and runs the ledger follow-ups. While concurrent transfers,
 * approvals and withdrawals run, the worker is killed with SIGKILL at seeded random moments and restarted,
 * again and again. After it catches up, every read model must equal a rebuild from the log into an empty
 * database (nothing skipped, nothing applied twice, no checkpoint without its rows) and every ledger
 * invariant must hold. FAULT_SEED=n replays the same workload and kill schedule.
 */
describe('projection worker killed with SIGKILL under load', () => {
  const seed = seedFrom('FAULT_SEED');
  let db: TestDatabase;
  let store: EventStore;
  let api: RunningApp | null = null;
  let worker: RunningProcess | null = null;

  beforeAll(async () => {
    db = await createTestDatabase('faults_worker');
    store = appStore(db.pool, db.url);
    api = await startApp({ databaseUrl: db.url, env: { ...FAULT_API_ENV, PROJECTIONS: 'off' } });
    worker = await startProjectionWorker({ databaseUrl: db.url });
  });
  afterAll(async () => {
    await worker?.stop();
    await api?.stop();
    await store?.close();
    await db?.drop();
  });

  it('rebuilds to the same read models after repeated kills, with every invariant holding', async () => {
    console.info(`projection worker kill test: seed ${seed} (FAULT_SEED=${seed} replays it)`);
    printOutputsOnFailure(() => ({ 'api output': api?.output(), 'worker output': worker?.output() }));
    const random = new Random(seed);
    const { world, observed } = await observedWorld(() => api!.url, `w${seed}`);

    let done = false;
    const kills: { lagEvents: number }[] = [];
    const killer = (async () => {
      const rng = random.fork();
      while (!done || kills.length < 5) {
        // Let the new worker get going (its checkpoint moves), then kill it at a random moment of its work.
        const started = await readCheckpoint(db.pool, 'ledger');
        const busyBy = Date.now() + 10_000;
        while (
          comparePositions(await readCheckpoint(db.pool, 'ledger'), started) === 0 &&
          Date.now() < busyBy
        )
          await sleep(20);
        await sleep(rng.int(0, 800));
        // How far behind the worker was when it died: kills mid-catch-up are the interesting ones.
        const checkpoint = await readCheckpoint(db.pool, 'ledger');
        const pending = await store.readAll({ after: checkpoint, limit: 1_000 });
        await worker!.kill('SIGKILL');
        kills.push({ lagEvents: pending.length });
        await sleep(rng.int(0, 300));
        worker = await startProjectionWorker({ databaseUrl: db.url });
      }
    })();
    const result = await runWorkload(world, random.fork(), { lanes: 6, opsPerLane: 40 }).finally(() => {
      done = true;
    });
    await killer;
    console.info(
      `${result.commands} commands, ${kills.length} kills (lag at kill: ${kills.map((k) => k.lagEvents).join(', ')})`,
    );

    expect(kills.length).toBeGreaterThanOrEqual(5);
    expect(result.unexpected).toEqual([]);
    expect(observed.filter((o) => o.status >= 500)).toEqual([]);

    await expectRunConserved(db.pool, store, world, result);
  });
});
