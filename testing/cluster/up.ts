/**
 * `npm run cluster:up`: the cluster shape of docs/architecture/cluster.md on this machine, loopback only.
 * etcd (one member), three Patroni-managed PostgreSQL 15 nodes with synchronous replication, HAProxy
 * (write endpoint on the leader, read endpoint on the replicas), the product's database and migrations,
 * two APIs with PROJECTIONS=off and two projection workers. Everything lives under one temporary root,
 * recorded in the state file (cluster.ts) for `npm run cluster:down`. The daemons outlive this script.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../processes.ts';
import { setUpBackups } from './backups.ts';
import {
  acceptsWrites,
  type ClusterPorts,
  type ClusterState,
  clusterMembers,
  type Daemon,
  daemonAlive,
  haproxyUp,
  healthyShape,
  logTail,
  NODE_NAMES,
  type NodeName,
  nodeDir,
  nodeUrl,
  readState,
  replicationOnLeader,
  serverUser,
  startDaemon,
  stateFile,
  waitFor,
  writeState,
} from './cluster.ts';
import { clusterDown } from './down.ts';
import { PGBOUNCER, startPgBouncer } from './pgbouncer.ts';
import {
  createProductDatabase,
  productEnv,
  runTool,
  startApi,
  startWorker,
  writeProductKeys,
} from './product.ts';
import { etcdArgs, haproxyConfig, PGBACKREST, patroniConfig } from './settings.ts';

const PROGRAMS = {
  patroni: '/usr/bin/patroni',
  etcd: '/usr/bin/etcd',
  haproxy: '/usr/sbin/haproxy',
  pgbackrest: PGBACKREST,
  pgbouncer: PGBOUNCER,
};
const APT_GET = '/usr/bin/apt-get';
const POLICY_RC = '/usr/sbin/policy-rc.d';

/**
 * Debian's patroni, etcd-server, haproxy, pgbackrest and pgbouncer, installed when missing. Installing must not start the
 * packages' system services (ours run as our children with our files): without a policy-rc.d, one that
 * refuses every start is put in place for the install and removed after.
 */
function ensurePackages(): void {
  if (Object.values(PROGRAMS).every((program) => existsSync(program))) return;
  if (os.userInfo().uid !== 0) {
    throw new Error(
      'patroni, etcd, haproxy, pgbackrest or pgbouncer is missing: apt-get install -y patroni etcd-server haproxy pgbackrest pgbouncer',
    );
  }
  const ownPolicy = !existsSync(POLICY_RC);
  if (ownPolicy)
    writeFileSync(POLICY_RC, '#!/bin/sh\n# cluster:up: no service starts\nexit 101\n', { mode: 0o755 });
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync(APT_GET, ['update', '-qq'], { env, stdio: 'inherit' });
    execFileSync(
      APT_GET,
      ['install', '-y', '-qq', 'patroni', 'etcd-server', 'haproxy', 'pgbackrest', 'pgbouncer'],
      { env, stdio: 'inherit' },
    );
  } finally {
    if (ownPolicy) rmSync(POLICY_RC, { force: true });
  }
}

export function installedVersions(): Record<string, string> {
  const first = (command: string, args: string[]) =>
    execFileSync(command, args, { encoding: 'utf8' }).split('\n')[0]!.trim();
  return {
    patroni: first(PROGRAMS.patroni, ['--version']),
    etcd: first(PROGRAMS.etcd, ['--version']),
    haproxy: first(PROGRAMS.haproxy, ['-v']),
    pgbackrest: first(PROGRAMS.pgbackrest, ['version']),
    pgbouncer: first(PROGRAMS.pgbouncer, ['--version']),
    postgres: first('/usr/lib/postgresql/15/bin/postgres', ['--version']),
  };
}

async function choosePorts(): Promise<ClusterPorts> {
  // Each port once: a free port is free again the moment its check closes.
  const taken = new Set<number>();
  const take = async () => {
    for (;;) {
      const port = await freePort();
      if (taken.has(port)) continue;
      taken.add(port);
      return port;
    }
  };
  const nodes = {} as ClusterPorts['nodes'];
  for (const name of NODE_NAMES) nodes[name] = { postgres: await take(), rest: await take() };
  return {
    etcdClient: await take(),
    etcdPeer: await take(),
    nodes,
    haproxyWrite: await take(),
    haproxyRead: await take(),
    haproxyStats: await take(),
    pgbouncer: await take(),
    apis: [await take(), await take()],
  };
}

const secret = () => randomBytes(18).toString('base64url');

/**
 * One node's Patroni (as the `postgres` user when run as root), from the configuration under its folder:
 * at the start, and again for a node whose Patroni was killed (a failover test brings the old leader back).
 */
export function startPatroni(root: string, name: NodeName): Daemon {
  const dir = nodeDir(root, name);
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: dir };
  const config = path.join(dir, 'patroni.yml');
  return startDaemon({
    name,
    command: PROGRAMS.patroni,
    args: [config],
    logDir: root,
    env,
    user: serverUser(),
  });
}

async function startDatabaseTier(state: ClusterState, record: (d: Daemon) => Promise<void>) {
  const { root, ports } = state;
  const user = serverUser();
  const etcd = startDaemon({
    name: 'etcd',
    command: PROGRAMS.etcd,
    args: etcdArgs(root, ports),
    logDir: root,
  });
  await record(etcd);
  await waitFor('etcd healthy', 30_000, async () => {
    const response = await fetch(`http://127.0.0.1:${ports.etcdClient}/health`);
    return ((await response.json()) as { health?: string }).health === 'true' ? true : undefined;
  });
  const passwords = { superuser: state.superuserPassword, replication: secret(), rewind: secret() };
  for (const name of NODE_NAMES) {
    const dir = nodeDir(root, name);
    mkdirSync(dir, { mode: 0o700 });
    const config = path.join(dir, 'patroni.yml');
    writeFileSync(config, JSON.stringify(patroniConfig(root, ports, name, passwords), null, 2), {
      mode: 0o600,
    });
    if (user) {
      await chown(dir, user.uid, user.gid);
      await chown(config, user.uid, user.gid);
    }
    await record(startPatroni(root, name));
  }
  const members = await waitFor('a leader and two streaming replicas, one synchronous', 240_000, async () => {
    const now = await clusterMembers(ports);
    return healthyShape(now) ? now : undefined;
  });
  await waitFor('pg_stat_replication: two streaming, one sync', 60_000, async () => {
    const rows = await replicationOnLeader(state);
    const streaming = rows.filter((row) => row.state === 'streaming');
    return streaming.length === 2 && streaming.some((row) => row.sync_state === 'sync') ? true : undefined;
  });
  const haproxyCfg = path.join(root, 'haproxy.cfg');
  writeFileSync(haproxyCfg, haproxyConfig(ports));
  const haproxy = startDaemon({
    name: 'haproxy',
    command: PROGRAMS.haproxy,
    args: ['-db', '-f', haproxyCfg],
    logDir: root,
  });
  await record(haproxy);
  const leader = members.find((member) => member.role === 'leader')!.name;
  await waitFor('HAProxy: the leader alone behind write, the two replicas behind read', 60_000, async () => {
    const up = await haproxyUp(ports);
    const ok = up.write.join() === leader && up.read.length === 2 && !up.read.includes(leader);
    return ok ? true : undefined;
  });
  return members;
}

/** What a test may set: the admin's credentials (a random password by default), and more product settings. */
export interface ClusterOptions {
  admin?: { email: string; password: string };
  env?: Record<string, string>;
  /**
   * false: the database tier and the product's empty database only, no API, worker or migrations (a
   * benchmark starts processes of its own on `writeUrl`, with its own keys).
   */
  product?: boolean;
  /**
   * true: the APIs reach the write endpoint through PgBouncer in transaction mode (DATABASE_POOLER,
   * docs/architecture/pgbouncer.md); the workers and tools connect to it directly.
   */
  pgbouncer?: boolean;
}

async function startProduct(
  state: ClusterState,
  record: (d: Daemon) => Promise<void>,
  options: ClusterOptions,
) {
  const { root, ports } = state;
  const superuserWrite = nodeUrl(state, 'pg1').replace(
    `:${ports.nodes.pg1.postgres}/`,
    `:${ports.haproxyWrite}/`,
  );
  // The write endpoint answers once HAProxy's checks have found the leader (rise 2: two checks).
  await waitFor('the write endpoint reaching the leader', 60_000, () => acceptsWrites(superuserWrite));
  state.writeUrl = await createProductDatabase(superuserWrite, ports.haproxyWrite, secret());
  state.readUrl = state.writeUrl.replace(`:${ports.haproxyWrite}/`, `:${ports.haproxyRead}/`);
  const env = productEnv(
    root,
    state.writeUrl,
    await writeProductKeys(root),
    randomBytes(32).toString('hex'),
    state.admin,
    // The APIs read the read models from the replicas (docs/architecture/replica-reads.md).
    { READ_DATABASE_URL: state.readUrl, ...options.env },
  );
  state.env = env;
  if (options.product === false) return;
  // Bundles built once here rather than by two processes racing to build the same one.
  await runTool(['--build', 'serve'], env);
  await runTool(['--build', 'projectionWorker'], env);
  process.stdout.write(await runTool(['dbMigrate'], env));
  let apiEnv = env;
  if (options.pgbouncer) {
    const bouncer = await startPgBouncer(state, ports.pgbouncer);
    await record(bouncer.daemon);
    state.bouncerUrl = bouncer.url;
    apiEnv = {
      ...env,
      DATABASE_URL: bouncer.url,
      DATABASE_POOLER: 'transaction',
      DATABASE_SESSION_URL: state.writeUrl,
    };
  }
  const apis = await Promise.all(ports.apis.map((port, i) => startApi(`api${i + 1}`, port, apiEnv, root)));
  for (const api of apis) await record(api);
  for (const name of ['worker1', 'worker2']) await record(await startWorker(name, env, root));
  state.apiUrls = ports.apis.map((port) => `http://127.0.0.1:${port}`);
}

/** Brings the whole shape up; on any failure stops what it started and removes the root. */
export async function clusterUp(options: ClusterOptions = {}): Promise<ClusterState> {
  const previous = await readState();
  if (previous?.daemons.some(daemonAlive)) {
    throw new Error(`a cluster is already up under ${previous.root} (${stateFile()}): npm run cluster:down`);
  }
  ensurePackages();
  const root = await mkdtemp(path.join(os.tmpdir(), 'sai-cluster-'));
  const user = serverUser();
  if (user) await chown(root, user.uid, user.gid);
  const state: ClusterState = {
    root,
    ports: await choosePorts(),
    superuserPassword: secret(),
    writeUrl: '',
    readUrl: '',
    apiUrls: [],
    admin: options.admin ?? { email: 'admin@cluster.example.com', password: secret() },
    daemons: [],
    env: {},
  };
  const record = async (daemon: Daemon) => {
    state.daemons.push(daemon);
    await writeState(state);
  };
  await writeState(state);
  try {
    await startDatabaseTier(state, record);
    await setUpBackups(root, state.ports);
    await startProduct(state, record, options);
    await writeState(state);
    return state;
  } catch (error) {
    const logs = state.daemons.map((daemon) => `--- ${daemon.name} ---\n${logTail(daemon)}`).join('\n');
    await clusterDown().catch(() => rm(root, { recursive: true, force: true }));
    throw new Error(`cluster:up failed: ${error instanceof Error ? error.message : String(error)}\n${logs}`);
  }
}

export function describeCluster(state: ClusterState): string {
  const { ports } = state;
  const lines = [
    `root            ${state.root}   (state: ${stateFile()})`,
    `etcd            http://127.0.0.1:${ports.etcdClient}`,
    ...NODE_NAMES.map(
      (name) =>
        `${name}             postgres 127.0.0.1:${ports.nodes[name].postgres}, Patroni REST http://127.0.0.1:${ports.nodes[name].rest}`,
    ),
    `write endpoint  ${state.writeUrl}`,
    `read endpoint   ${state.readUrl}`,
    `HAProxy stats   http://127.0.0.1:${ports.haproxyStats}/`,
    ...(state.bouncerUrl
      ? [`PgBouncer       ${state.bouncerUrl}  (transaction mode, the APIs' DATABASE_URL)`]
      : []),
    ...state.apiUrls.map((url, i) => `api${i + 1}            ${url}  (PROJECTIONS=off)`),
    'worker1, worker2  projection workers (no port)',
    `admin           ${state.admin.email} / ${state.admin.password}`,
    `logs            ${state.root}/*.log`,
  ];
  return `${lines.join('\n')}\n`;
}

async function main() {
  const started = Date.now();
  const versions = installedVersions();
  // `npm run cluster:up -- --pgbouncer`: the APIs through PgBouncer in transaction mode.
  const state = await clusterUp({ pgbouncer: process.argv.includes('--pgbouncer') });
  process.stdout.write(`cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  process.stdout.write(`${Object.values(versions).join('\n')}\n${describeCluster(state)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
