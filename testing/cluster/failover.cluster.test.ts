import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { EventStore } from '../../infra/eventStore/eventStore.ts';
import type { Pool } from '../../infra/postgres/pool.ts';
import { clusterForWorkload, expectRunConserved } from '../faults/faultRun.ts';
import {
  type Observed,
  runWorkload,
  setUpWorld,
  traffic,
  type WorkloadResult,
  type World,
} from '../faults/workload.ts';
import { Random, seedFrom } from '../random.ts';
import {
  type ClusterState,
  clusterMembers,
  currentLeader,
  healthyShape,
  logTail,
  type NodeName,
  nodeUrl,
  type PatroniMember,
  postmasterPid,
  sleep,
  waitFor,
  writeState,
} from './cluster.ts';
import { DATABASE, runTool } from './product.ts';
import { startPatroni } from './up.ts';

/**
 * A failover under the money workload (docs/architecture/cluster.md "What is tested"): at a seeded moment
 * with requests in flight, the leader's Patroni and its Postgres are killed with SIGKILL (the machine
 * gone, as far as the cluster can tell). Patroni promotes the synchronous replica once the leader key
 * expires; HAProxy moves the write endpoint to it; the APIs answer 503 with Retry-After meanwhile and then
 * serve again on their own. Afterwards every acknowledged command is in the log once, every refused one
 * not at all, the read models have caught up, every invariant holds, the log extends the digest signed
 * before the kill, and the old leader rejoins as a replica, rewound to the new timeline. FAULT_SEED=n
 * replays the workload's choices (the failover's timing is the cluster's).
 */
describe('a failover under load: the leader killed, the synchronous replica promoted', () => {
  const seed = seedFrom('FAULT_SEED');
  let up: Awaited<ReturnType<typeof clusterForWorkload>> | null = null;
  let state: ClusterState;
  let pool: Pool;
  let store: EventStore;
  let oldLeader: NodeName;
  let newLeader: NodeName;
  let world: World;
  let result: WorkloadResult;
  // Every answer any client of the workload got, in every test of the file.
  const observed: Observed[] = [];

  beforeAll(async () => {
    // The APIs through PgBouncer in transaction mode (docs/architecture/pgbouncer.md): the failover is
    // then also PgBouncer's, whose server connections die with the leader.
    up = await clusterForWorkload('failover', { pgbouncer: true });
    ({ state, pool, store } = up);
  });
  afterAll(async () => {
    await up?.close();
  });

  const toolEnv = () => ({ ...state.env, DATA_DIR: path.join(state.root, 'tools') });
  const logs = () => state.daemons.map((d) => `--- ${d.name} ---\n${logTail(d, 40)}`).join('\n');

  it('loses no acknowledged command, answers 503 with Retry-After meanwhile, and keeps every invariant', async () => {
    console.info(`failover test: seed ${seed} (FAULT_SEED=${seed} replays the workload)`);
    onTestFailed(() => console.error(logs()));
    const url = up!.balancer.url;
    world = await setUpWorld(
      () => url,
      (o) => observed.push(o),
      6,
      `failover${seed}`,
      () => state.apiUrls,
    );
    const digest = path.join(state.root, 'before-failover.digest.json');
    await runTool(['ledgerDigest', '--out', digest], toolEnv());

    const before = await clusterMembers(state.ports);
    const sync = before.find((member) => member.role === 'sync_standby')?.name as NodeName;
    const leader = await currentLeader(state);
    oldLeader = leader.name;
    const setUpAnswers = observed.length;
    const random = new Random(seed);
    let done = false;
    const killer = killLeaderUnderLoad(state, leader, {
      after: random.fork().int(20, 60),
      answered: () => observed.length - setUpAnswers,
      done: () => done,
    });
    result = await runWorkload(world, random.fork(), { lanes: 8, opsPerLane: 40 }).finally(() => {
      done = true;
    });
    const { killedAt, promotedAt, inFlightAtKill, leader: promoted } = await killer;
    newLeader = promoted;

    const after = observed.slice(setUpAnswers);
    console.info(
      `${result.commands} commands; ${oldLeader} killed with ${inFlightAtKill} requests in flight; ${newLeader} ` +
        `leads ${((promotedAt - killedAt) / 1000).toFixed(1)} s later; ${answersSince(after, promotedAt)}`,
    );
    expect(killedAt).toBeGreaterThan(0);
    expect(inFlightAtKill).toBeGreaterThan(0);
    // Only the synchronous replica may be promoted: it has every commit the leader acknowledged.
    expect(newLeader).toBe(sync);
    expectUnavailableThenServed(after, promotedAt);
    expect(result.unexpected).toEqual([]);

    // The harness's pool and store (made at the start, reconnected since) read the log as the product does.
    await expectRunConserved(pool, store, world, result);
    // What was signed before the failover is a prefix of the log after it: nothing acknowledged was lost.
    const verified = await runTool(['verifyLedger', '--digest', digest], toolEnv());
    expect(verified).toContain('OK: the log extends the signed digest');
  });

  it('takes the old leader back as a replica, rewound to the new timeline', async () => {
    onTestFailed(() => console.error(logs()));
    if (!oldLeader || !newLeader) throw new Error('no failover happened in the test before');
    await expectRejoined(state, oldLeader, newLeader);
    // It replays the log as the leader has it: the workload's last event is there.
    await expectReplaying(state, oldLeader, pool);
  });

  it("restarts a leader's Postgres killed alone in place: no failover, and nothing lost", async () => {
    onTestFailed(() => console.error(logs()));
    if (!world || !result) throw new Error('no workload ran in the test before');
    const leader = await currentLeader(state);
    const from = observed.length;
    const { value: again, killedAt } = await killDuring(
      () => observed.length - from >= 10,
      () => process.kill(leader.pid, 'SIGKILL'),
      () => runWorkload(world, new Random(seed).fork(), { lanes: 4, opsPerLane: 15 }),
    );
    const after = observed.slice(from).filter((o) => o.at > killedAt);
    console.info(
      `${again.commands} commands; ${leader.name}'s postmaster killed; ${unavailableIn(after).length} answers 503 after it`,
    );
    await expectRestartedInPlace(state, leader);
    expect(after.filter((o) => o.status >= 500 && o.status !== 503)).toEqual([]);
    expect(again.unexpected).toEqual([]);
    await expectRunConserved(pool, store, world, {
      ...again,
      acknowledged: [...result.acknowledged, ...again.acknowledged],
      refused: [...result.refused, ...again.refused],
    });
  });
});

/** Runs `work`, and calls `kill` once `ready` says so while a request is in flight. */
async function killDuring<T>(ready: () => boolean, kill: () => void, work: () => Promise<T>) {
  let done = false;
  let killedAt = 0;
  const killer = (async () => {
    while (!done && (!ready() || traffic.inFlight === 0)) await sleep(2);
    if (done) throw new Error('the work ended before the kill');
    killedAt = Date.now();
    kill();
  })();
  const value = await work().finally(() => {
    done = true;
  });
  await killer;
  return { value, killedAt };
}

/**
 * Once `after` workload answers are in with a request in flight, kills the leader's Patroni and its
 * postmaster with SIGKILL, and waits for another node to lead.
 */
async function killLeaderUnderLoad(
  state: ClusterState,
  leader: Awaited<ReturnType<typeof currentLeader>>,
  when: { after: number; answered: () => number; done: () => boolean },
) {
  while (!when.done() && (when.answered() < when.after || traffic.inFlight === 0)) await sleep(2);
  if (when.done()) throw new Error(`the workload ended before ${when.after} answers`);
  const inFlightAtKill = traffic.inFlight;
  const killedAt = Date.now();
  process.kill(leader.patroni.pid, 'SIGKILL');
  process.kill(leader.pid, 'SIGKILL');
  const promoted = await waitFor('a new leader', 150_000, async () => {
    const now = await clusterMembers(state.ports);
    const running = now.find((m) => m.role === 'leader' && m.state === 'running');
    return running && running.name !== leader.name ? (running.name as NodeName) : undefined;
  });
  return { killedAt, promotedAt: Date.now(), inFlightAtKill, leader: promoted };
}

/** Meanwhile 503 with Retry-After and a Problem Details body, never a 500, no session lost; then 2xx again. */
const unavailableIn = (answers: readonly Observed[]) => answers.filter((o) => o.status === 503);
const servedAfter = (answers: readonly Observed[], at: number) =>
  answers.filter((o) => o.at > at && o.status >= 200 && o.status < 300);

function answersSince(answers: readonly Observed[], promotedAt: number): string {
  const cut = answers.filter((o) => o.status === 0).length;
  return `${unavailableIn(answers).length} answers 503, ${cut} requests cut, ${servedAfter(answers, promotedAt).length} answered 2xx after it`;
}

function expectUnavailableThenServed(after: readonly Observed[], promotedAt: number) {
  const unavailable = unavailableIn(after);
  expect(after.filter((o) => o.status >= 500 && o.status !== 503)).toEqual([]);
  expect(after.filter((o) => o.status === 401)).toEqual([]);
  expect(unavailable.length).toBeGreaterThan(0);
  for (const answer of unavailable) {
    expect(answer.retryAfter, `${answer.method} ${answer.path}`).toMatch(/^\d+$/);
    expect(answer.contentType).toContain('application/problem+json');
    expect(answer.body).toMatchObject({ status: 503 });
  }
  // The same processes serve again, through the new leader, with no restart.
  expect(servedAfter(after, promotedAt).length).toBeGreaterThan(0);
}

/** The node's copy of the log reaches the leader's head (read through the write endpoint). */
async function expectReplaying(state: ClusterState, name: NodeName, leaderPool: Pool) {
  const head = 'SELECT max(global_position)::text AS head FROM es_events';
  const { rows } = await leaderPool.query<{ head: string }>(head);
  const replica = new pg.Client({ connectionString: nodeUrl(state, name, DATABASE) });
  await replica.connect();
  try {
    const replayed = await waitFor(`${name} replaying the log`, 60_000, async () => {
      const mine = await replica.query<{ head: string }>(head);
      return mine.rows[0]?.head === rows[0]?.head ? mine.rows[0]?.head : undefined;
    });
    expect(replayed).toBe(rows[0]?.head);
  } finally {
    await replica.end();
  }
}

/** The old leader's Patroni started again: the node back as a replica on the new leader's timeline. */
async function expectRejoined(state: ClusterState, oldLeader: NodeName, newLeader: NodeName) {
  const patroni = startPatroni(state.root, oldLeader);
  state.daemons = state.daemons.map((daemon) => (daemon.name === oldLeader ? patroni : daemon));
  await writeState(state);
  const members = await waitFor('the old leader back as a replica', 240_000, async () => {
    const now = await clusterMembers(state.ports);
    const back = now.find((member) => member.name === oldLeader);
    return healthyShape(now) && back?.role !== 'leader' ? now : undefined;
  });
  const role = (name: string) => members.find((member) => member.name === name) as PatroniMember;
  expect(role(newLeader).role).toBe('leader');
  expect(['replica', 'sync_standby']).toContain(role(oldLeader).role);
  expect(role(oldLeader).timeline).toBe(role(newLeader).timeline);
}

/**
 * Patroni started Postgres again on the same node, which kept the leader key: no other node led. (Patroni
 * 3.0 starts a crashed primary as a standby, lets it recover, then promotes it: a new timeline, on the
 * node that led before; the replicas follow it.)
 */
async function expectRestartedInPlace(
  state: ClusterState,
  leader: Awaited<ReturnType<typeof currentLeader>>,
) {
  const members = await waitFor('the leader running again', 120_000, async () => {
    const now = await clusterMembers(state.ports);
    return healthyShape(now) ? now : undefined;
  });
  expect(members.find((m) => m.role === 'leader')?.name).toBe(leader.name);
  expect(postmasterPid(state.root, leader.name)).not.toBe(leader.pid);
}
