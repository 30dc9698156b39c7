import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { formatUnits } from '../../domain/shared/money.ts';
import type { Pool } from '../../infra/postgres/pool.ts';
import { clusterForWorkload, expectRunConserved, observedWorld } from '../faults/faultRun.ts';
import {
  commandIdFor,
  type Observed,
  type Reply,
  runWorkload,
  traffic,
  type WorkloadResult,
  type WorkloadUser,
  type World,
} from '../faults/workload.ts';
import { Random, seedFrom } from '../random.ts';
import {
  type ClusterState,
  clusterMembers,
  currentLeader,
  healthyShape,
  logTail,
  NODE_NAMES,
  type NodeName,
  onNode,
  postgresProcesses,
  replicationOnLeader,
  waitFor,
} from './cluster.ts';
import { haproxyConfig } from './settings.ts';

/**
 * A replica that stops answering without going away (docs/architecture/cluster.md "What is tested"):
 * every process of the synchronous standby's Postgres gets SIGSTOP under the money workload, its Patroni
 * left running. Nobody is promoted; Patroni makes the other replica synchronous once the stalled one's
 * member key expires (or the leader's walsender gives up on it); writes resume; after SIGCONT it catches
 * up. Then both replicas stopped: strict synchronous mode acknowledges no write, reads still answer, and
 * once they are back the write that timed out has landed, once, and its retry with the same key gets it.
 */
describe('a stalled replica, then both: strict synchronous mode under the money workload', () => {
  const seed = seedFrom('FAULT_SEED');
  let up: Awaited<ReturnType<typeof clusterForWorkload>> | null = null;
  let world: World;
  let result: WorkloadResult;
  const stalls = new Stalls(() => up!.state.root);

  beforeAll(async () => {
    up = await clusterForWorkload('stall');
  });
  afterAll(async () => {
    stalls.resumeAll();
    await up?.close();
  });
  const logs = () => up!.state.daemons.map((d) => `--- ${d.name} ---\n${logTail(d, 40)}`).join('\n');

  it('stalls the sync standby: no failover, the other replica made synchronous, writes resume, it catches up', async () => {
    console.info(`stall test: seed ${seed} (FAULT_SEED=${seed} replays the workload)`);
    onTestFailed(() => console.error(logs()));
    const { state, balancer, pool, store } = up!;
    const run = await observedWorld(
      () => balancer.url,
      `stall${seed}`,
      () => state.apiUrls,
    );
    world = run.world;
    const bounds = await boundsOf(state);
    const leader = await currentLeader(state);
    const stall = stallSyncStandby(state, stalls, run.observed, bounds);
    result = await runWorkload(world, new Random(seed).fork(), {
      lanes: 6,
      opsPerLane: 10_000,
      shouldStop: () => stall.done,
    });
    const { stalled, other, stoppedAt, switchedAt, resumedAt, leaders } = await stall.times;
    const during = run.observed.filter((o) => o.at >= stoppedAt);
    const continuedAt = Date.now();
    const leaderLsn = await continueAndCatchUp(
      state,
      stalled,
      () => stalls.resume(stalled),
      bounds.catchUpMs,
    );
    const caughtUpAt = Date.now();

    console.info(
      `${result.commands} commands; ${stalled} (sync) stopped; ${other} sync ${seconds(switchedAt - stoppedAt)} later ` +
        `(deadline ${seconds(bounds.syncSwitchMs)}); 20 writes served ${seconds(resumedAt - switchedAt)} after that; ` +
        `${during.filter((o) => o.status === 503).length} answers 503, ${writesServed(during, stoppedAt)} writes 2xx; ` +
        `${stalled} replayed to ${leaderLsn} ${seconds(caughtUpAt - continuedAt)} after SIGCONT`,
    );
    expect([...leaders]).toEqual([leader.name]);
    expect((await currentLeader(state)).name).toBe(leader.name);
    expect(notAllowed(during)).toEqual([]);
    expect(result.unexpected).toEqual([]);
    await waitFor('the stalled replica back in the shape', bounds.rejoinMs, async () =>
      healthyShape(await clusterMembers(state.ports)) ? true : undefined,
    );
    await expectRunConserved(pool, store, world, result);
  });

  it('stops both replicas: strict mode acknowledges no write, reads answer, the timed-out write lands once', async () => {
    onTestFailed(() => console.error(logs()));
    if (!world || !result) throw new Error('no workload ran in the test before');
    const { state, pool, store } = up!;
    const bounds = await boundsOf(state);
    const leader = await currentLeader(state);
    const [sender, receiver] = world.users as [WorkloadUser, WorkloadUser];
    const key = `both-replicas-gone-${seed}`;
    const amount = formatUnits(125n, 'SAI');
    const body = { type: 'transfer', amount, receiver_id: receiver.id, password: 'correct-horse' };
    const id = commandIdFor(sender.id, 'transfer', key);

    const gone = await bothReplicasStopped(state, stalls, pool, bounds, {
      write: () => sender.client.once('POST', '/api/transactions', body, { 'Idempotency-Key': key }),
      read: () => receiver.client.once('GET', '/api/transactions'),
      id,
    });
    const outcome = await sender.client.send('POST', '/api/transactions', body, { key });
    const { first, retry } = gone;
    console.info(
      `both replicas stopped: the write answered ${first.status} (${codeOf(first)}) after ${seconds(gone.firstAfter)}, ` +
        `its retry ${retry.status} (${codeOf(retry)}); a read answered 200 ${seconds(gone.readAfter)} after the stop; the write landed ` +
        `${seconds(gone.landedAfter)} after SIGCONT; its retry then ${outcome.status}`,
    );
    for (const reply of [first, retry]) {
      expect(reply.status, reply.text).toBe(503);
      expect(reply.body).toMatchObject({ status: 503, code: 'timeout' });
      expect(reply.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(reply.headers.get('content-type')).toContain('application/problem+json');
    }
    expect(gone.inLogWhileStopped).toBe(0);
    expect(gone.landed).toBe(1);
    expect(outcome.status, outcome.text).toBe(201);
    expect(outcome.body).toMatchObject({ id, amount, receiver_id: receiver.id });
    expect((await currentLeader(state)).name).toBe(leader.name);
    await waitFor('both replicas back in the shape', bounds.rejoinMs, async () =>
      healthyShape(await clusterMembers(state.ports)) ? true : undefined,
    );
    const terms = { amount: outcome.body.amount, toUserId: receiver.id, asset: 'SAI' };
    await expectRunConserved(pool, store, world, {
      ...result,
      acknowledged: [...result.acknowledged, { id }, { id, event: 'TokensTransferred', terms }],
    });
  });
});

/** Nodes whose Postgres processes are stopped: continued in an afterAll whatever a failure left. */
class Stalls {
  private readonly stopped = new Map<NodeName, number[]>();
  constructor(private readonly root: () => string) {}

  stop(name: NodeName): void {
    const pids = postgresProcesses(this.root(), name);
    if (pids.length < 2) throw new Error(`${name} runs no Postgres to stop: ${pids.join(' ')}`);
    this.stopped.set(name, pids);
    // The postmaster first: stopped, it forks no process the list would miss.
    for (const pid of pids) process.kill(pid, 'SIGSTOP');
  }

  resume(name: NodeName): void {
    for (const pid of [...(this.stopped.get(name) ?? [])].reverse()) signalIfAlive(pid, 'SIGCONT');
    this.stopped.delete(name);
  }

  resumeAll(): void {
    for (const name of [...this.stopped.keys()]) this.resume(name);
  }
}

type Bounds = Awaited<ReturnType<typeof boundsOf>>;

/**
 * Once the workload is under way with requests in flight, stops the sync standby's Postgres and waits for
 * the other replica to be synchronous (Patroni's view and the leader's pg_stat_replication) and for writes
 * to be served again; `done` then ends the workload. Every leader seen meanwhile is in `leaders`.
 */
function stallSyncStandby(state: ClusterState, stalls: Stalls, observed: Observed[], bounds: Bounds) {
  const from = observed.length;
  const leaders = new Set<string>();
  const control = { done: false, times: null as unknown as Promise<StallTimes> };
  control.times = (async () => {
    try {
      const leader = await currentLeader(state);
      const stalled = (await clusterMembers(state.ports)).find((m) => m.role === 'sync_standby')
        ?.name as NodeName;
      const other = NODE_NAMES.find((name) => name !== leader.name && name !== stalled) as NodeName;
      await waitFor('the workload under way', bounds.resumeMs, async () =>
        observed.length - from >= 30 && traffic.inFlight > 0 ? true : undefined,
      );
      const stoppedAt = Date.now();
      stalls.stop(stalled);
      await waitFor(`${other} made the sync standby`, bounds.syncSwitchMs, async () => {
        const now = await clusterMembers(state.ports);
        for (const m of now) if (m.role === 'leader') leaders.add(m.name);
        const sync = (await replicationOnLeader(state)).filter((row) => row.sync_state === 'sync');
        const named = now.find((m) => m.role === 'sync_standby')?.name;
        return named === other && sync.map((row) => row.application_name).join() === other ? true : undefined;
      });
      const switchedAt = Date.now();
      await waitFor('writes served again', bounds.resumeMs, async () =>
        writesServed(observed, switchedAt) >= 20 ? true : undefined,
      );
      return { stalled, other, stoppedAt, switchedAt, resumedAt: Date.now(), leaders };
    } finally {
      control.done = true;
    }
  })();
  return control;
}

interface StallTimes {
  stalled: NodeName;
  other: NodeName;
  stoppedAt: number;
  switchedAt: number;
  resumedAt: number;
  leaders: Set<string>;
}

/**
 * Stops both replicas' Postgres; sends the write, and alongside it a read until one answers 200; then the
 * write again with its key; counts the write's events in the log (on the leader); continues both, and
 * waits for the write to land on its own, with no further request.
 */
async function bothReplicasStopped(
  state: ClusterState,
  stalls: Stalls,
  pool: Pool,
  bounds: Bounds,
  request: { write: () => Promise<Reply>; read: () => Promise<Reply>; id: string },
) {
  const leader = await currentLeader(state);
  const replicas = NODE_NAMES.filter((name) => name !== leader.name);
  const stoppedAt = Date.now();
  for (const name of replicas) stalls.stop(name);
  let seen: { first: Reply; firstAfter: number; retry: Reply; readAfter: number; inLogWhileStopped: number };
  try {
    // The read alongside the write, from the stop on: it needs no commit, so it does not wait for one.
    const [{ first, firstAfter }, readAfter] = await Promise.all([
      request.write().then((first) => ({ first, firstAfter: Date.now() - stoppedAt })),
      waitFor('a read with both replicas stopped', bounds.readMs, async () =>
        (await request.read()).status === 200 ? Date.now() - stoppedAt : undefined,
      ),
    ]);
    const retry = await request.write();
    seen = { first, firstAfter, retry, readAfter, inLogWhileStopped: await eventsOf(pool, request.id) };
  } finally {
    for (const name of replicas) stalls.resume(name);
  }
  const resumedAt = Date.now();
  const landed = await waitFor('the timed-out write committed', bounds.catchUpMs, async () => {
    const count = await eventsOf(pool, request.id, 'TokensTransferred');
    return count > 0 ? count : undefined;
  });
  return { ...seen, landed, landedAfter: Date.now() - resumedAt };
}

/** SIGCONT, unless the process is gone (a stalled node's Patroni may have restarted its Postgres). */
function signalIfAlive(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const codeOf = (reply: Reply) => String(reply.body?.code ?? '');

/** Money commands answered 2xx after `at`. */
const writesServed = (answers: readonly Observed[], at: number) =>
  answers.filter((o) => o.at > at && o.method !== 'GET' && o.status >= 200 && o.status < 300).length;

/**
 * The answers a client may get while a replica stalls: a success, a refusal the workload expects (422),
 * "still being processed" (409 with Retry-After), or 503 with Retry-After and a Problem Details body.
 * Anything else (a 500, a 401, a request cut) is listed.
 */
function notAllowed(answers: readonly Observed[]): string[] {
  const retryLater = (o: Observed) => /^\d+$/.test(o.retryAfter ?? '');
  const allowed = (o: Observed) =>
    (o.status >= 200 && o.status < 300) ||
    o.status === 422 ||
    (o.status === 409 && retryLater(o)) ||
    (o.status === 503 && retryLater(o) && (o.contentType ?? '').includes('application/problem+json'));
  return answers.filter((o) => !allowed(o)).map((o) => `${o.method} ${o.path}: ${o.status} ${o.error ?? ''}`);
}

/** The events the log holds for one transaction id (of one type), read on the leader: a read commits nothing. */
async function eventsOf(pool: Pool, id: string, type?: string): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM es_events WHERE data->>'transactionId' = $1 AND ($2::text IS NULL OR event_type = $2)",
    [id, type ?? null],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Each wait's deadline, from the settings the cluster runs with: Patroni's dynamic configuration, the
 * leader's replication timeouts, HAProxy's checks and the API's REQUEST_TIMEOUT_MS. The nominal time of
 * each is given; the deadline is three times it, for a busy 2-core machine.
 */
async function boundsOf(state: ClusterState) {
  const { name } = await currentLeader(state);
  const response = await fetch(`http://127.0.0.1:${state.ports.nodes[name].rest}/config`);
  const dcs = (await response.json()) as { ttl: number; loop_wait: number };
  const rows = await onNode<{ name: string; ms: number }>(
    state,
    name,
    "SELECT name, setting::int AS ms FROM pg_settings WHERE name IN ('wal_sender_timeout', 'wal_retrieve_retry_interval')",
  );
  const setting = (key: string) => rows.find((row) => row.name === key)?.ms ?? 0;
  const haproxy = haproxyConfig(state.ports);
  const number = (pattern: RegExp) => Number(pattern.exec(haproxy)?.[1] ?? Number.NaN);
  const ttl = dcs.ttl * 1000;
  const loop = dcs.loop_wait * 1000;
  const walSender = setting('wal_sender_timeout');
  const requestMs = Number(state.env.REQUEST_TIMEOUT_MS ?? 10_000);
  // A node leaves a backend `fall` checks after it stops answering, each up to `inter` + `timeout check`.
  const markedDown = number(/fall (\d+)/) * (number(/inter (\d+)s/) + number(/timeout check +(\d+)s/)) * 1000;
  if (!(markedDown > 0 && walSender > 0)) throw new Error(`settings not read: ${markedDown} ${walSender}`);
  return {
    // The stalled member's key expires within `ttl` (its Patroni hangs on its Postgres and renews nothing),
    // or the walsender drops it after wal_sender_timeout; the leader's Patroni acts at its next loop.
    syncSwitchMs: 3 * (Math.min(ttl, walSender) + loop),
    // A command retried with its key: one API timeout after the switch, a few round trips.
    resumeMs: 3 * (requestMs + loop),
    // The walreceiver notices its connection dropped, is restarted after wal_retrieve_retry_interval, streams.
    catchUpMs: 3 * (walSender + setting('wal_retrieve_retry_interval') + loop),
    // A read on a stopped replica's connection waits for HAProxy to cut it, then the API's timeout.
    readMs: 3 * (markedDown + requestMs),
    // The member key written again at the node's next loop; Patroni's view of the sync standby at the leader's.
    rejoinMs: 3 * (ttl + 2 * loop),
  };
}

/** SIGCONT, then the node's replay reaches the leader's WAL position taken after it. */
async function continueAndCatchUp(
  state: ClusterState,
  name: NodeName,
  resume: () => void,
  timeoutMs: number,
): Promise<string> {
  resume();
  const leader = (await currentLeader(state)).name;
  const [head] = await onNode<{ lsn: string }>(state, leader, 'SELECT pg_current_wal_lsn()::text AS lsn');
  const lsn = head?.lsn ?? '';
  await waitFor(`${name} replaying up to ${lsn}`, timeoutMs, async () => {
    const [row] = await onNode<{ caught: boolean }>(
      state,
      name,
      `SELECT pg_wal_lsn_diff(pg_last_wal_replay_lsn(), '${lsn}') >= 0 AS caught`,
    );
    return row?.caught ? true : undefined;
  });
  return lsn;
}
