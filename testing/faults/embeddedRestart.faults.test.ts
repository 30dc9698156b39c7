import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  identify,
  isRunning,
  ownerFileOf,
  type ProcessIdentity,
  readOwner,
  readPostmasterLock,
} from '../../infra/postgres/ownership.ts';
import { createPool } from '../../infra/postgres/pool.ts';
import { appStore } from '../appStore.ts';
import { type RunningApp, startApp } from '../processes.ts';
import { Random, seedFrom } from '../random.ts';
import { observedWorld, printOutputsOnFailure, refusedInLogOnceCaughtUp, sleep } from './faultRun.ts';
import { FAULT_API_ENV, runWorkload, traffic, type WorkloadResult, type World } from './workload.ts';

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
const START_TIMEOUT_MS = 180_000;

async function waitUntil(what: string, condition: () => boolean, ms: number): Promise<number> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > ms) throw new Error(`timed out after ${ms} ms waiting until ${what}`);
    await sleep(50);
  }
  return Date.now() - started;
}

/** The API under test on its DATA_DIR, and every Postgres server seen running there (stopped at the end). */
interface Deployment {
  dataRoot: string;
  env: Record<string, string>;
  api: RunningApp | null;
  /** The output of each run of the API killed, for a failure's report. */
  outputs: string[];
  postmasters: ProcessIdentity[];
}

/** The server the API runs, as the data directory's lock names it, and its watchdog, from the owner file. */
async function current(d: Deployment) {
  const lock = await readPostmasterLock(path.join(d.dataRoot, 'pg'));
  if (!lock) throw new Error('no postmaster.pid');
  const postmaster = identify(lock.pid);
  d.postmasters.push(postmaster);
  const record = await readOwner(path.join(d.dataRoot, 'pg'));
  return { postmaster, port: lock.port, ownerPid: record?.pid ?? null, watchdog: record?.watchdog ?? null };
}
type Server = Awaited<ReturnType<typeof current>>;

async function start(d: Deployment, port?: number) {
  d.api = await startApp({
    databaseUrl: null,
    env: d.env,
    timeoutMs: START_TIMEOUT_MS,
    ...(port ? { port } : {}),
  });
  return await current(d);
}

const KILLS = ['alone', 'with its watchdog', 'restarted at once'] as const;

/**
 * Kills the API with SIGKILL (its watchdog too, for 'with its watchdog'), checks what was left running and
 * starts it again on the same port; returns the kill as the run's summary tells it.
 */
async function killAndRestart(d: Deployment, kind: (typeof KILLS)[number], server: Server, port: number) {
  if (kind === 'with its watchdog' && server.watchdog) process.kill(server.watchdog, 'SIGKILL');
  const killedPid = d.api!.pid;
  await d.api!.kill('SIGKILL');
  d.outputs.push(d.api!.output());
  let told: string = kind;
  if (kind === 'alone') {
    // The watchdog stops the orphaned server, which leaves its lock file behind it.
    const ms = await waitUntil(
      'the watchdog stopped the server',
      () => !isRunning(server.postmaster),
      20_000,
    );
    expect(existsSync(path.join(d.dataRoot, 'pg', 'postmaster.pid'))).toBe(false);
    await waitUntil('the watchdog exited', () => !isRunning({ pid: server.watchdog!, start: null }), 5_000);
    told = `alone (server stopped by the watchdog in ${ms} ms)`;
  } else if (kind === 'with its watchdog') {
    await sleep(1_000);
    // Nothing stopped it: the next start must.
    expect(isRunning(server.postmaster)).toBe(true);
  }
  await start(d, port);
  expect(isRunning(server.postmaster)).toBe(false);
  if (kind === 'with its watchdog')
    expect(d.api!.output()).toContain(
      `stopping the Postgres server (pid ${server.postmaster.pid}) left running on ${path.join(d.dataRoot, 'pg')} by process ${killedPid}, which is gone`,
    );
  return told;
}

/** The three kills, each once the workload has had 5 to 30 more answers and has a request in flight. */
async function killThreeTimes(d: Deployment, rng: Random, answered: () => number, done: () => boolean) {
  const port = d.api!.port;
  const kills: string[] = [];
  let inFlightAtKills = 0;
  for (const kind of KILLS) {
    const at = answered() + rng.int(5, 30);
    while (!done() && (answered() < at || traffic.inFlight === 0)) await sleep(2);
    const server = await current(d);
    inFlightAtKills += traffic.inFlight;
    kills.push(await killAndRestart(d, kind, server, port));
  }
  return { kills, inFlightAtKills };
}

/** Every acknowledged command is in the log exactly once, no refused one is, every ledger invariant holds. */
async function expectTheLogWhole(server: Server, world: World, result: WorkloadResult) {
  const url = `postgres://postgres:postgres@127.0.0.1:${server.port}/sai`;
  const pool = createPool(url, 5);
  const store = appStore(pool, url);
  try {
    expect(await refusedInLogOnceCaughtUp(pool, store, world, result)).toEqual([]);
  } finally {
    await store.close();
    await pool.end();
  }
}

/** A second `npm start` on the same DATA_DIR meanwhile: exit 1, naming the owner; its server runs on. */
async function expectSecondStartRefused(d: Deployment, server: Server) {
  const second = await startApp({ databaseUrl: null, env: d.env, timeoutMs: START_TIMEOUT_MS }).then(
    async (app) => {
      await app.stop();
      return 'started';
    },
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  expect(second).toContain('exited (code 1)');
  expect(second).toContain(`belongs to process ${d.api!.pid}`);
  expect(isRunning(server.postmaster)).toBe(true);
  expect((await readOwner(path.join(d.dataRoot, 'pg')))?.pid).toBe(d.api!.pid);
}

/** A clean stop (SIGTERM, as Ctrl-C or a service manager sends) leaves nothing behind. */
async function expectCleanStop(d: Deployment, server: Server) {
  await d.api!.stop();
  expect(isRunning(server.postmaster)).toBe(false);
  await waitUntil('the watchdog exited', () => !isRunning({ pid: server.watchdog!, start: null }), 5_000);
  expect(existsSync(ownerFileOf(path.join(d.dataRoot, 'pg')))).toBe(false);
}

describe('npm start with its embedded Postgres, killed with SIGKILL', () => {
  const seed = seedFrom('FAULT_SEED');
  const d: Deployment = { dataRoot: '', env: {}, api: null, outputs: [], postmasters: [] };

  beforeAll(async () => {
    // A mkdtemp folder (0700): the start opens it for the `postgres` user when running as root.
    d.dataRoot = await mkdtemp(path.join(os.tmpdir(), 'sai-faults-embedded-'));
    d.env = { ...FAULT_API_ENV, DATA_DIR: d.dataRoot };
    await start(d);
  });
  afterAll(async () => {
    await d.api?.stop();
    for (const postmaster of d.postmasters) if (isRunning(postmaster)) process.kill(postmaster.pid, 'SIGINT');
    await waitUntil('every server stopped', () => !d.postmasters.some(isRunning), 60_000).catch(() => {});
    if (d.dataRoot) await rm(d.dataRoot, { recursive: true, force: true });
  });

  it('comes back by itself after each kill, with every acknowledged command in the log', async () => {
    console.info(`embedded restart test: seed ${seed} (FAULT_SEED=${seed} replays it)`);
    printOutputsOnFailure(() => ({
      'api output (earlier runs)': d.outputs.join('\n--- next run ---\n'),
      'api output': d.api?.output(),
    }));
    const random = new Random(seed);
    const { world, observed } = await observedWorld(() => d.api!.url, `e${seed}`);
    const setUpAnswers = observed.length;
    let done = false;
    // The killer's random stream forked first, then the workload's: FAULT_SEED replays both.
    const killer = killThreeTimes(
      d,
      random.fork(),
      () => observed.length - setUpAnswers,
      () => done,
    );
    const result = await runWorkload(world, random.fork(), { lanes: 6, opsPerLane: 25 }).finally(() => {
      done = true;
    });
    const { kills, inFlightAtKills } = await killer;
    const cut = observed.slice(setUpAnswers).filter((o) => o.status === 0);
    console.info(
      `${result.commands} commands, kills: ${kills.join('; ')}, ${inFlightAtKills} requests in flight at the kills, ${cut.length} requests cut`,
    );

    expect(kills).toHaveLength(3);
    expect(inFlightAtKills).toBeGreaterThan(0);
    expect(cut.length).toBeGreaterThan(0);
    expect(result.unexpected).toEqual([]);
    expect(observed.filter((o) => o.status >= 500)).toEqual([]);

    const server = await current(d);
    // The owner file names the running API and its watchdog.
    expect(server.ownerPid).toBe(d.api!.pid);
    expect(server.watchdog).not.toBeNull();
    await expectTheLogWhole(server, world, result);
    await expectSecondStartRefused(d, server);
    await expectCleanStop(d, server);
  });
});
