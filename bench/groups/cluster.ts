import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { type ClusterState, clusterMembers, currentLeader, nodeUrl } from '../../testing/cluster/cluster.ts';
import { clusterDown } from '../../testing/cluster/down.ts';
import { clusterUp } from '../../testing/cluster/up.ts';
import { startApp } from '../../testing/processes.ts';
import { BENCH_ENV, log, RUNS, results, SECONDS } from '../lib/context.ts';
import { repeat } from '../lib/measure.ts';
import { figures, stat } from '../stat.ts';
import { receiverFor, startTransferLoad, type TransferLoad, transferBody } from './httpSetup.ts';

/**
 * 15 (`cluster`, only when BENCH_ONLY names it: it installs Debian packages and runs nine daemons). The
 * transfer load of 3 (64 connections, 1,000 funded users, Zipf senders) on the cluster shape
 * (docs/architecture/cluster.md: HAProxy's write endpoint to the Patroni leader, every commit waiting for
 * the synchronous replica's disk) against the same load on the run's single server, runs alternating in
 * the same minutes; each side has its own API process and projection worker, and only one side is loaded
 * at a time. During the cluster's runs the leader's `pg_stat_replication` is sampled every 200 ms: how far
 * the replicas' replay trails (time and bytes). Then the reads: the signed-in users' history pages
 * (`GET /api/transactions`) on the cluster, through its API as it stands (the leader answers) against a
 * second API process with READ_DATABASE_URL on the read endpoint (the replicas answer,
 * docs/architecture/replica-reads.md), alternating. Last, once: the leader's Patroni and Postgres killed
 * under 16 senders' transfers, and the gap between the last transfer acknowledged before the kill and the
 * first after it.
 */
export async function clusterGroup(singleUrl: string) {
  process.env.SAI_CLUSTER_STATE = path.join(os.tmpdir(), `sai-cluster-bench-${process.pid}.json`);
  log('bench: bringing the cluster up');
  const state = await clusterUp({ product: false });
  const setups: TransferLoad[] = [];
  try {
    const cluster = await startTransferLoad(state.writeUrl, { shape: 'split' });
    setups.push(cluster);
    const single = await startTransferLoad(singleUrl, { shape: 'split' });
    setups.push(single);
    for (const setup of setups) await run(setup, 3);
    const before = await Promise.all(setups.map((setup) => setup.countTransfers()));
    let acknowledged = [0, 0];
    const runs = await repeat(RUNS, async () => {
      const one = await run(single, SECONDS);
      const lag = await sampleReplication(state);
      const replicated = await run(cluster, SECONDS).finally(lag.stop);
      acknowledged = [acknowledged[0]! + replicated.accepted, acknowledged[1]! + one.accepted];
      log(`cluster run: replay lag max ${lag.maxMs().toFixed(0)} ms`);
      return {
        ...sideBySide('transfers', ['singleServer', one], ['cluster', replicated]),
        replayLagMax: lag.maxMs(),
        replayLagMaxBytes: lag.maxBytes(),
      };
    });
    results['15. the cluster shape (transfers, sync replication)'] = figures(runs, {
      singleServer: 'transfers/s',
      cluster: 'transfers/s',
      ratio: '× single',
      singleServerP99: 'ms',
      clusterP99: 'ms',
      replayLagMax: 'ms',
      replayLagMaxBytes: 'bytes',
      errors: 'requests',
    });
    // Every acknowledged transfer is in its log (the rest were cut off at a run's end).
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    for (const [i, setup] of setups.entries()) {
      const after = await setup.countTransfers();
      if (after.sent - before[i]!.sent < acknowledged[i]! || after.sent !== after.distinctSent)
        throw new Error(
          `cluster: ${acknowledged[i]} transfers acknowledged, ${after.sent - before[i]!.sent} debits`,
        );
    }
    await replicaReads(state, cluster);
    // Last: it kills the leader.
    await failoverGap(state, cluster);
  } finally {
    for (const setup of setups) await setup.stop();
    await clusterDown();
  }
}

/** The history pages read through the leader against through the replicas, on the same cluster. */
async function replicaReads(state: ClusterState, cluster: TransferLoad) {
  const onReplicas = await startApp({
    databaseUrl: state.writeUrl,
    env: { ...BENCH_ENV, PROJECTIONS: 'off', READ_DATABASE_URL: state.readUrl },
  });
  try {
    const request: autocannon.Request = {
      method: 'GET',
      path: '/api/transactions?limit=20',
      setupRequest: (base) => {
        const user = cluster.users[Math.floor(Math.random() * cluster.users.length)]!;
        return { ...base, headers: { cookie: user.cookie } };
      },
    };
    const read = (url: string, seconds: number) => load(url, request, seconds);
    await cluster.freshSignedIn();
    await read(onReplicas.url, 3);
    const runs = await repeat(RUNS, async () => {
      await cluster.freshSignedIn();
      const leader = await read(cluster.api.url, SECONDS);
      const replicas = await read(onReplicas.url, SECONDS);
      return sideBySide('reads', ['leader', leader], ['replicas', replicas]);
    });
    results['15. the cluster shape (history reads, leader against replicas)'] = figures(runs, {
      leader: 'reads/s',
      replicas: 'reads/s',
      ratio: '× leader',
      leaderP99: 'ms',
      replicasP99: 'ms',
      errors: 'requests',
    });
  } finally {
    await onReplicas.stop();
  }
}

/** One load run against the setup's API (fresh sessions first, as group 3 does). */
async function run(setup: TransferLoad, seconds: number) {
  await setup.freshSignedIn();
  return await load(setup.api.url, setup.transferRequest, seconds);
}

/**
 * One alternating run's two sides as figures: each side's rate and p99 under its name, the second's rate
 * over the first's, and the failures of both; logged as it goes.
 */
function sideBySide(
  what: string,
  [firstName, first]: [string, Load],
  [secondName, second]: [string, Load],
): Record<string, number> {
  log(
    `cluster ${what}: ${firstName} ${first.rate.toFixed(0)}/s (p99 ${first.p99} ms), ${secondName} ${second.rate.toFixed(0)}/s (p99 ${second.p99} ms)`,
  );
  return {
    [firstName]: first.rate,
    [secondName]: second.rate,
    ratio: second.rate / first.rate,
    [`${firstName}P99`]: first.p99,
    [`${secondName}P99`]: second.p99,
    errors: first.errors + second.errors,
  };
}

type Load = Awaited<ReturnType<typeof load>>;

/** `request` from 64 connections for `seconds`: what was accepted, its rate, the p99 and the failures. */
async function load(url: string, request: autocannon.Request, seconds: number) {
  const result = await autocannon({ url, connections: 64, duration: seconds, requests: [request] });
  return {
    accepted: result['2xx'],
    rate: result['2xx'] / seconds,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** Samples the leader's view of its replicas' replay every 200 ms until stopped; the largest seen. */
async function sampleReplication(state: ClusterState) {
  const leader = await currentLeader(state);
  const client = new pg.Client({ connectionString: nodeUrl(state, leader.name) });
  await client.connect();
  let ms = 0;
  let bytes = 0;
  const timer = setInterval(() => {
    client
      .query<{ ms: number | null; bytes: string | null }>(
        `SELECT max(extract(epoch FROM replay_lag) * 1000)::float8 AS ms,
                max(pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn))::text AS bytes
           FROM pg_stat_replication`,
      )
      .then(
        ({ rows }) => {
          ms = Math.max(ms, rows[0]?.ms ?? 0);
          bytes = Math.max(bytes, Number(rows[0]?.bytes ?? 0));
        },
        () => {},
      );
  }, 200);
  return {
    maxMs: () => ms,
    maxBytes: () => bytes,
    stop: async () => {
      clearInterval(timer);
      await client.end();
    },
  };
}

/**
 * 16 senders transfer in a loop through the cluster's API; 3 s in, the leader's Patroni and postmaster are
 * killed with SIGKILL (as the failover test does). The gap: from the last transfer acknowledged before the
 * kill to the first acknowledged of those sent after it; and when Patroni reported the new leader.
 */
async function failoverGap(state: ClusterState, cluster: TransferLoad) {
  await cluster.freshSignedIn();
  const sentBefore = await cluster.countTransfers();
  // Each acknowledged transfer: when it was sent and when its answer came.
  const acknowledged: { sent: number; done: number }[] = [];
  let stopAt = Number.POSITIVE_INFINITY;
  const send = async () => {
    while (Date.now() < stopAt) {
      const sender = cluster.users[Math.floor(Math.random() * cluster.users.length)]!;
      const sent = Date.now();
      const answer = await fetch(`${cluster.api.url}/api/transactions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: sender.cookie },
        body: transferBody(receiverFor(cluster.users, sender).id),
        signal: AbortSignal.timeout(30_000),
      }).catch(() => null);
      await answer?.arrayBuffer().catch(() => {});
      if (answer && answer.status >= 200 && answer.status < 300)
        acknowledged.push({ sent, done: Date.now() });
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const senders = Array.from({ length: 16 }, send);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const leader = await currentLeader(state);
  const killedAt = Date.now();
  process.kill(leader.patroni.pid, 'SIGKILL');
  process.kill(leader.pid, 'SIGKILL');
  let ledAt = 0;
  const deadline = killedAt + 180_000;
  while (Date.now() < deadline && (ledAt === 0 || !acknowledged.some((ack) => ack.sent > ledAt))) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (ledAt === 0) {
      const members = await clusterMembers(state.ports).catch(() => []);
      if (members.some((m) => m.role === 'leader' && m.state === 'running' && m.name !== leader.name))
        ledAt = Date.now();
    }
  }
  stopAt = Date.now() + 3_000;
  await Promise.all(senders);
  // An answer in flight at the kill may still arrive after it: the first after is the first sent after.
  const before = acknowledged.filter((ack) => ack.done <= killedAt).at(-1)?.done;
  const after = acknowledged.find((ack) => ack.sent > killedAt)?.done;
  if (before === undefined || after === undefined || ledAt === 0)
    throw new Error('bench: cluster: no transfer acknowledged on one side of the failover');
  // Every transfer acknowledged across the failover is in the log, once.
  const sentAfter = await cluster.countTransfers();
  if (sentAfter.sent - sentBefore.sent < acknowledged.length || sentAfter.sent !== sentAfter.distinctSent)
    throw new Error(
      `bench: cluster failover: ${acknowledged.length} transfers acknowledged, ${sentAfter.sent - sentBefore.sent} debits`,
    );
  log(
    `cluster failover: ${after - before} ms without an acknowledged transfer; new leader ${ledAt - killedAt} ms after the kill`,
  );
  results['15. the cluster shape (failover under transfers)'] = {
    acknowledgedGap: stat([after - before], 'ms'),
    newLeaderAfterKill: stat([ledAt - killedAt], 'ms'),
  };
}
