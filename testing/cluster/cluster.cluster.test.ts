import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaultClient } from '../faults/faultClient.ts';
import {
  type ClusterState,
  clusterMembers,
  currentLeader,
  daemonAlive,
  NODE_NAMES,
  nodeUrl,
  replicationOnLeader,
  waitFor,
} from './cluster.ts';
import { clusterDown } from './down.ts';
import { DATABASE } from './product.ts';
import { clusterUp, describeCluster, installedVersions } from './up.ts';

/**
 * The cluster shape (docs/architecture/cluster.md) brought up for real: etcd, three Patroni nodes of
 * PostgreSQL 15 with synchronous replication, HAProxy, two APIs with PROJECTIONS=off and two projection
 * workers. A user registered through one API is signed in through the other, and its session reaches
 * both replicas; the leader streams to two replicas, one synchronous. `npm run test:cluster`.
 */
describe('the cluster shape: Patroni, HAProxy, two APIs and two workers', () => {
  let state: ClusterState;
  const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

  beforeAll(async () => {
    // Its own state file, so a cluster someone brought up by hand is neither found nor stopped.
    process.env.SAI_CLUSTER_STATE = path.join(os.tmpdir(), `sai-cluster-test-${process.pid}.json`);
    console.info(Object.values(installedVersions()).join('\n'));
    const started = Date.now();
    state = await clusterUp();
    console.info(`cluster up in ${seconds(started)} s\n${describeCluster(state)}`);
  });
  afterAll(async () => {
    await clusterDown();
  });

  it('serves a write made through one API from the other, and replicates it to both replicas', async () => {
    const [first, second] = state.apiUrls as [string, string];
    let target = first;
    const client = new FaultClient(
      () => target,
      () => {},
    );
    const email = 'cluster.smoke@example.com';
    const registered = await client.send('POST', '/api/auth/register', {
      username: 'cluster_smoke',
      email,
      password: 'correct-horse',
      confirmPassword: 'correct-horse',
      firstName: 'Cluster',
      lastName: 'Smoke',
      isAdmin: false,
      profileImageUrl: '',
      bio: '',
      termsAgreed: true,
    });
    expect(registered.status).toBe(201);
    const userId = String(registered.body.id);

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
