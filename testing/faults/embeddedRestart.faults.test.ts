import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { EventStore } from '../../infra/eventStore/eventStore.ts';
import {
  identify,
  isRunning,
  ownerFileOf,
  type ProcessIdentity,
  readOwner,
  readPostmasterLock,
} from '../../infra/postgres/ownership.ts';
import { createPool, type Pool } from '../../infra/postgres/pool.ts';
import { allProjections } from '../../projections/index.ts';
import { readWholeLog } from '../../projections/testing.ts';
import { appStore } from '../appStore.ts';
import { businessId, checkLedgerInvariants, waitForProjections } from '../ledgerInvariants.ts';
import { type RunningApp, startApp } from '../processes.ts';
import { Random, seedFrom } from '../random.ts';
import { FAULT_API_ENV, type Observed, runWorkload, setUpWorld, traffic } from './workload.ts';

/**
 * The default deployment after a crash of its own process: `npm start` with no DATABASE_URL runs the
 * embedded Postgres under DATA_DIR, and its node process is killed with SIGKILL mid-request, three times,
 * under the concurrent money workload, then started again on the same DATA_DIR and port:
 * 1. killed alone: its watchdog stops the orphaned Postgres server (cleanly), and the next start is plain;
 * 2. killed with its watchdog (as an OOM kill or a `kill -9` of both would): the server runs on, and the
 *    next start finds its owner gone, stops it cleanly and starts its own on the same data;
 * 3. killed and started again at once, racing its watchdog.
 * Every start must succeed by itself, and afterwards every acknowledged command is in the log exactly once,
 * no refused one is, and every ledger invariant holds. A second start on the same DATA_DIR meanwhile exits
 * 1 naming the running one. A clean stop at the end leaves no Postgres server, no watchdog and no owner
 * file behind. FAULT_SEED=n replays the same workload and kill schedule.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PROJECTION_NAMES = [...allProjections.map((p) => p.name), 'ledgerFollowUps'];
const START_TIMEOUT_MS = 180_000;

async function waitUntil(what: string, condition: () => boolean, ms: number): Promise<number> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > ms) throw new Error(`timed out after ${ms} ms waiting until ${what}`);
    await sleep(50);
  }
  return Date.now() - started;
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: over 100 lines, to split (issue 49)
describe('npm start with its embedded Postgres, killed with SIGKILL', () => {
  const seed = seedFrom('FAULT_SEED');
  let dataRoot: string;
  let env: Record<string, string>;
  let api: RunningApp | null = null;
  let pool: Pool | null = null;
  let store: EventStore | null = null;
  const outputs: string[] = [];
  const postmasters: ProcessIdentity[] = [];

  /** The server the API runs, as the data directory's lock names it, and its watchdog, from the owner record. */
  const current = async () => {
    const lock = await readPostmasterLock(path.join(dataRoot, 'pg'));
    if (!lock) throw new Error('no postmaster.pid');
    const postmaster = identify(lock.pid);
    postmasters.push(postmaster);
    const record = await readOwner(path.join(dataRoot, 'pg'));
    return { postmaster, port: lock.port, ownerPid: record?.pid ?? null, watchdog: record?.watchdog ?? null };
  };
  const start = async (port?: number) => {
    api = await startApp({ databaseUrl: null, env, timeoutMs: START_TIMEOUT_MS, ...(port ? { port } : {}) });
    return await current();
  };

  beforeAll(async () => {
    // A mkdtemp folder (0700): the start opens it for the `postgres` user when running as root.
    dataRoot = await mkdtemp(path.join(os.tmpdir(), 'sai-faults-embedded-'));
    env = { ...FAULT_API_ENV, DATA_DIR: dataRoot };
    await start();
  });
  afterAll(async () => {
    await store?.close();
    await pool?.end().catch(() => {});
    await api?.stop();
    for (const postmaster of postmasters) if (isRunning(postmaster)) process.kill(postmaster.pid, 'SIGINT');
    await waitUntil('every server stopped', () => !postmasters.some(isRunning), 60_000).catch(() => {});
    await rm(dataRoot, { recursive: true, force: true });
  });

  it('comes back by itself after each kill, with every acknowledged command in the log', async () => {
    console.info(`embedded restart test: seed ${seed} (FAULT_SEED=${seed} replays it)`);
    onTestFailed(() => {
      console.error(`--- api output (earlier runs) ---\n${outputs.join('\n--- next run ---\n')}`);
      console.error(`--- api output ---\n${api?.output() ?? ''}`);
    });
    const random = new Random(seed);
    const observed: Observed[] = [];
    const port = api!.port;
    const world = await setUpWorld(
      () => api!.url,
      (o) => observed.push(o),
      6,
      `e${seed}`,
    );
    const setUpAnswers = observed.length;
    const answered = () => observed.length - setUpAnswers;

    let done = false;
    const kills: string[] = [];
    let inFlightAtKills = 0;
    const killer = (async () => {
      const rng = random.fork();
      for (const kind of ['alone', 'with its watchdog', 'restarted at once'] as const) {
        const at = answered() + rng.int(5, 30);
        while (!done && (answered() < at || traffic.inFlight === 0)) await sleep(2);
        const server = await current();
        inFlightAtKills += traffic.inFlight;
        if (kind === 'with its watchdog' && server.watchdog) process.kill(server.watchdog, 'SIGKILL');
        const killedPid = api!.pid;
        await api!.kill('SIGKILL');
        outputs.push(api!.output());
        if (kind === 'alone') {
          // The watchdog stops the orphaned server, which leaves its lock file behind it.
          const ms = await waitUntil(
            'the watchdog stopped the server',
            () => !isRunning(server.postmaster),
            20_000,
          );
          expect(existsSync(path.join(dataRoot, 'pg', 'postmaster.pid'))).toBe(false);
          await waitUntil(
            'the watchdog exited',
            () => !isRunning({ pid: server.watchdog!, start: null }),
            5_000,
          );
          kills.push(`alone (server stopped by the watchdog in ${ms} ms)`);
        } else if (kind === 'with its watchdog') {
          await sleep(1_000);
          // Nothing stopped it: the next start must.
          expect(isRunning(server.postmaster)).toBe(true);
          kills.push(kind);
        } else {
          kills.push(kind);
        }
        await start(port);
        expect(isRunning(server.postmaster)).toBe(false);
        if (kind === 'with its watchdog')
          expect(api!.output()).toContain(
            `stopping the Postgres server (pid ${server.postmaster.pid}) left running on ${path.join(dataRoot, 'pg')} by process ${killedPid}, which is gone`,
          );
      }
    })();
    const result = await runWorkload(world, random.fork(), { lanes: 6, opsPerLane: 25 }).finally(() => {
      done = true;
    });
    await killer;
    const cut = observed.slice(setUpAnswers).filter((o) => o.status === 0);
    console.info(
      `${result.commands} commands, kills: ${kills.join('; ')}, ${inFlightAtKills} requests in flight at the kills, ${cut.length} requests cut`,
    );

    expect(kills).toHaveLength(3);
    expect(inFlightAtKills).toBeGreaterThan(0);
    expect(cut.length).toBeGreaterThan(0);
    expect(result.unexpected).toEqual([]);
    expect(observed.filter((o) => o.status >= 500)).toEqual([]);

    const server = await current();
    // The owner file names the running API and its watchdog.
    expect(server.ownerPid).toBe(api!.pid);
    expect(server.watchdog).not.toBeNull();
    const url = `postgres://postgres:postgres@127.0.0.1:${server.port}/sai`;
    pool = createPool(url, 5);
    store = appStore(pool, url);
    await waitForProjections(pool, store, PROJECTION_NAMES, 120_000);
    await checkLedgerInvariants({
      pool,
      store,
      userIds: world.users.map((u) => u.id),
      acknowledged: result.acknowledged,
    });
    const inLog = new Set((await readWholeLog(store)).map(businessId));
    expect(result.refused.filter((id) => inLog.has(id))).toEqual([]);
    await store.close();
    await pool.end();
    store = null;
    pool = null;

    // A second `npm start` on the same DATA_DIR while this one runs: exit 1, naming the owner, its server untouched.
    const second = await startApp({ databaseUrl: null, env, timeoutMs: START_TIMEOUT_MS }).then(
      async (app) => {
        await app.stop();
        return 'started';
      },
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(second).toContain('exited (code 1)');
    expect(second).toContain(`belongs to process ${api!.pid}`);
    expect(isRunning(server.postmaster)).toBe(true);
    expect((await readOwner(path.join(dataRoot, 'pg')))?.pid).toBe(api!.pid);

    // A clean stop (SIGTERM, as Ctrl-C or a service manager sends) leaves nothing behind.
    await api!.stop();
    expect(isRunning(server.postmaster)).toBe(false);
    await waitUntil('the watchdog exited', () => !isRunning({ pid: server.watchdog!, start: null }), 5_000);
    expect(existsSync(ownerFileOf(path.join(dataRoot, 'pg')))).toBe(false);
  });
});
