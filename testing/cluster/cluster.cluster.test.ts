import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepCookies } from '../cookieJar.ts';
import { FaultClient } from '../faults/faultClient.ts';
import {
  type ClusterState,
  clusterMembers,
  currentLeader,
  daemonAlive,
  NODE_NAMES,
  type NodeName,
  nodeUrl,
  onNode,
  replicationOnLeader,
  waitFor,
} from './cluster.ts';
import { clusterDown } from './down.ts';
import { DATABASE } from './product.ts';
import { clusterUp, describeCluster, installedVersions } from './up.ts';

/** A browser through `target`, registered as `cluster.<name>@example.com`: its credentials and user id. */
async function registeredBrowser(target: () => string, name: string) {
  const browser = new FaultClient(target, () => {});
  const credentials = { email: `cluster.${name}@example.com`, password: 'correct-horse' };
  const registered = await browser.send('POST', '/api/auth/register', {
    ...credentials,
    username: `cluster_${name}`,
    confirmPassword: credentials.password,
    firstName: 'Cluster',
    lastName: name,
    isAdmin: false,
    profileImageUrl: '',
    bio: '',
    termsAgreed: true,
  });
  expect(registered.status).toBe(201);
  return { browser, credentials, userId: String(registered.body.id) };
}

/** A person signed in twice, through each API: a writer and another browser of theirs. */
async function twoBrowsers(state: ClusterState) {
  const [first, second] = state.apiUrls as [string, string];
  const { browser: writer, credentials } = await registeredBrowser(() => first, 'reader');
  // The same person in another browser, through the other API: no write of its own to wait for.
  const otherBrowser = new FaultClient(
    () => second,
    () => {},
  );
  expect((await otherBrowser.send('POST', '/api/auth/login', credentials)).status).toBe(200);
  // The writer keeps the read-your-writes cookie a browser keeps (FaultClient drops it).
  const write = async (bio: string) => {
    const reply = await writer.once('PATCH', '/api/account/profile', { bio });
    expect(reply.status).toBe(200);
    keepCookies(writer.cookies, reply.headers);
    expect(writer.cookies.has('sai_rw')).toBe(true);
  };
  // As the web client does, a read answered `X-Read-Your-Writes: behind` (the projection worker had not
  // reached the write within the second) is asked again.
  const me = (client: FaultClient) =>
    waitFor('a read that is not behind', 30_000, async () => {
      const reply = await client.once('GET', '/api/auth/me');
      expect(reply.status).toBe(200);
      if (reply.headers.get('x-read-your-writes') === 'behind') return undefined;
      return { bio: reply.body.bio as string, from: reply.headers.get('x-read-from') };
    });

  return { writer, otherBrowser, write, me };
}

/**
 * READ_DATABASE_URL on the cluster (docs/architecture/replica-reads.md): the APIs' read pools sit on the
 * replicas; a writer's next read waits for a replica or is answered by the primary (`X-Read-From`), while
 * another browser reads the replica as it stands.
 */
async function readsFromReplicas(state: ClusterState) {
  const { writer, otherBrowser, write, me } = await twoBrowsers(state);
  await write('first');
  expect((await me(writer)).bio).toBe('first');
  await waitFor('the replicas replaying the first change', 30_000, async () =>
    (await me(otherBrowser)).bio === 'first' ? true : undefined,
  );
  // The APIs' read pools are connected to the replicas, not to the leader.
  const leader = await currentLeader(state);
  const readSessions = async (name: NodeName) => {
    const [row] = await onNode<{ n: number }>(
      state,
      name,
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'sai-reads'",
    );
    return row!.n;
  };
  const replicas = NODE_NAMES.filter((name) => name !== leader.name);
  expect(await readSessions(leader.name)).toBe(0);
  expect((await Promise.all(replicas.map(readSessions))).reduce((a, b) => a + b)).toBeGreaterThan(0);

  // Both replicas replay up to the leader's WAL as it stands, then stop replaying (the WAL still reaches
  // them, so commits are acknowledged as before).
  const [{ lsn }] = (await onNode<{ lsn: string }>(
    state,
    leader.name,
    'SELECT pg_current_wal_lsn()::text AS lsn',
  )) as [{ lsn: string }];
  for (const name of replicas) {
    await waitFor(`${name} replaying ${lsn}`, 30_000, async () => {
      const [row] = await onNode<{ done: boolean }>(
        state,
        name,
        `SELECT pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn AS done`,
      );
      return row?.done ? true : undefined;
    });
  }
  const replay = (action: 'pause' | 'resume') =>
    Promise.all(replicas.map((name) => onNode(state, name, `SELECT pg_wal_replay_${action}()`)));
  await replay('pause');
  try {
    await write('second');
    // The writer's read cannot be answered by a replica in time: the primary answers it, and says so.
    expect(await me(writer)).toEqual({ bio: 'second', from: 'primary' });
    // The other browser reads the replica as it stands: not yet the change, and no fallback.
    expect(await me(otherBrowser)).toEqual({ bio: 'first', from: null });
  } finally {
    await replay('resume');
  }
  const caughtUp = await waitFor('the replicas replaying the second change', 30_000, async () => {
    const seen = await me(otherBrowser);
    return seen.bio === 'second' ? seen : undefined;
  });
  expect(caughtUp).toEqual({ bio: 'second', from: null });
}

/**
 * What PgBouncer's transaction mode breaks (docs/architecture/pgbouncer.md), shown on two raw connections
 * through it: each transaction gets whichever server connection is free (the last one used first), so a
 * session's state belongs to no client.
 */
async function transactionModeBreaks(bouncerUrl: string) {
  const a = new pg.Client({ connectionString: bouncerUrl });
  const b = new pg.Client({ connectionString: bouncerUrl });
  await a.connect();
  await b.connect();
  try {
    // A named statement prepared for A lives on the server connection A had.
    await a.query({ name: 'probe', text: 'SELECT 1 AS one' });
    // B now holds that connection in a transaction, so A's next statement gets another one.
    await b.query('BEGIN');
    await b.query('SELECT 1');
    const missing = await a
      .query({ name: 'probe', text: 'SELECT 1 AS one' })
      .catch((error: unknown) => error);
    await b.query('COMMIT');
    expect((missing as { code?: string }).code).toBe('26000');
    // A session advisory lock taken by A belongs to a server connection, which B is handed next.
    const key = 4242;
    const { rows: took } = await a.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [key]);
    expect(took[0]!.ok).toBe(true);
    const { rows: also } = await b.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [key]);
    expect(also[0]!.ok).toBe(true);
    await b.query('SELECT pg_advisory_unlock_all()');
  } finally {
    await a.end();
    await b.end();
  }
}

/**
 * The product through PgBouncer (DATABASE_POOLER=transaction): the APIs' pools go through it, their
 * LISTEN and session locks to DATABASE_SESSION_URL. A sign-out through one API is refused at once by the
 * other: the session cache's revocation travels by NOTIFY on the direct connection.
 */
async function revocationThroughPooler(state: ClusterState) {
  const [first, second] = state.apiUrls as [string, string];
  const { browser } = await registeredBrowser(() => first, 'revoked');
  // The other API checks the session (and keeps it in its cache).
  const elsewhere = new FaultClient(
    () => second,
    () => {},
  );
  for (const [name, value] of browser.cookies) elsewhere.cookies.set(name, value);
  expect((await elsewhere.once('GET', '/api/auth/me')).status).toBe(200);
  expect((await browser.once('POST', '/api/auth/logout')).status).toBe(204);
  expect((await elsewhere.once('GET', '/api/auth/me')).status).toBe(401);
  // The APIs' listeners are on the leader directly, not behind PgBouncer: Postgres sees them.
  const leader = await currentLeader(state);
  const [row] = await onNode<{ n: number }>(
    state,
    leader.name,
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'sai-session-cache'",
    DATABASE,
  );
  expect(row!.n).toBeGreaterThanOrEqual(2);
}

/**
 * The cluster shape (docs/architecture/cluster.md) brought up for real: etcd, three Patroni nodes of
 * PostgreSQL 15 with synchronous replication, HAProxy, two APIs with PROJECTIONS=off and two projection
 * workers, the APIs through PgBouncer. A user registered through one API is signed in through the other,
 * and its session reaches both replicas; the APIs read from the replicas; the leader streams to two
 * replicas, one synchronous. `npm run test:cluster`.
 */
describe('the cluster shape: Patroni, HAProxy, two APIs and two workers', () => {
  let state: ClusterState;
  const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

  beforeAll(async () => {
    // Its own state file, so a cluster someone brought up by hand is neither found nor stopped.
    process.env.SAI_CLUSTER_STATE = path.join(os.tmpdir(), `sai-cluster-test-${process.pid}.json`);
    console.info(Object.values(installedVersions()).join('\n'));
    const started = Date.now();
    state = await clusterUp({ pgbouncer: true });
    console.info(`cluster up in ${seconds(started)} s\n${describeCluster(state)}`);
  });
  afterAll(async () => {
    await clusterDown();
  });

  it('serves a write made through one API from the other, and replicates it to both replicas', async () => {
    const [first, second] = state.apiUrls as [string, string];
    let target = first;
    const registered = await registeredBrowser(() => target, 'smoke');
    const { browser: client, userId } = registered;
    const { email } = registered.credentials;

    // The session API 1 opened, and the user it made, read by API 2.
    target = second;
    const me = await client.send('GET', '/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(userId);
    expect(me.body.email).toBe(email);
    // The password's hash too: a fresh client signs in through API 2.
    const other = new FaultClient(
      () => second,
      () => {},
    );
    const signedIn = await other.send('POST', '/api/auth/login', { email, password: 'correct-horse' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.id).toBe(userId);

    // Both replicas replay it (the synchronous one has it on disk at the commit; replay may trail).
    const leader = await currentLeader(state);
    for (const name of NODE_NAMES.filter((node) => node !== leader.name)) {
      const replica = new pg.Client({ connectionString: nodeUrl(state, name, DATABASE) });
      await replica.connect();
      try {
        const sessions = await waitFor(`the sessions on ${name}`, 30_000, async () => {
          const { rows } = await replica.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM sessions WHERE user_id = $1',
            [userId],
          );
          return rows[0]!.n >= 2 ? rows[0]!.n : undefined;
        });
        expect(sessions).toBe(2);
      } finally {
        await replica.end();
      }
    }
  });

  it('reads the read models from the replicas, and a writer still reads its own write', async () => {
    await readsFromReplicas(state);
  });

  it('runs the APIs through PgBouncer in transaction mode, around what that mode breaks', async () => {
    expect(state.bouncerUrl).toBeDefined();
    await transactionModeBreaks(state.bouncerUrl!);
    await revocationThroughPooler(state);
  });

  it('streams from the leader to two replicas, one of them synchronous', async () => {
    const leader = await currentLeader(state);
    const members = await clusterMembers(state.ports);
    expect(members.find((member) => member.role === 'leader')?.name).toBe(leader.name);
    expect(() => process.kill(leader.pid, 0)).not.toThrow();
    const rows = await replicationOnLeader(state);
    expect(rows.map((row) => row.state)).toEqual(['streaming', 'streaming']);
    expect(rows.filter((row) => row.sync_state === 'sync')).toHaveLength(1);
    // The synchronous standby Postgres reports is the one Patroni names in the DCS.
    const sync = members.find((member) => member.role === 'sync_standby');
    expect(rows.find((row) => row.sync_state === 'sync')?.application_name).toBe(sync?.name);
  });

  it('comes down and leaves nothing behind', async () => {
    const started = Date.now();
    const root = await clusterDown();
    console.info(`cluster down in ${seconds(started)} s`);
    expect(root).toBe(state.root);
    expect(state.daemons.filter(daemonAlive).map((daemon) => daemon.name)).toEqual([]);
    expect(existsSync(state.root)).toBe(false);
  });
});
