/**
 * The shared pieces of the cluster shape (docs/architecture/cluster.md): where it lives, its ports, the
 * daemons it runs (started detached, so `npm run cluster:up` can exit and leave them running, each with
 * its log file under the root), how each is stopped, and Patroni's REST API: waiting for a leader and two
 * streaming replicas, and which node leads now (for a failover test that kills it).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const NODE_NAMES = ['pg1', 'pg2', 'pg3'] as const;
export type NodeName = (typeof NODE_NAMES)[number];

/** A daemon started here: enough to find it again from another process (down.ts) and not a recycled pid. */
export interface Daemon {
  name: string;
  pid: number;
  /** Field 22 of /proc/<pid>/stat when it started: a pid the kernel gave to another process is not ours. */
  startTime: string;
  log: string;
}

export interface NodePorts {
  postgres: number;
  rest: number;
}

export interface ClusterPorts {
  etcdClient: number;
  etcdPeer: number;
  nodes: Record<NodeName, NodePorts>;
  haproxyWrite: number;
  haproxyRead: number;
  haproxyStats: number;
  pgbouncer: number;
  apis: [number, number];
}

/** Everything down.ts and a later test need, written to the state file once the cluster is up. */
export interface ClusterState {
  root: string;
  ports: ClusterPorts;
  superuserPassword: string;
  /** The product's database URL through HAProxy's write endpoint (the Patroni leader). */
  writeUrl: string;
  /** The same database through the read endpoint (the replicas). */
  readUrl: string;
  /** PgBouncer's URL when the APIs go through it (ClusterOptions.pgbouncer). */
  bouncerUrl?: string;
  apiUrls: string[];
  admin: { email: string; password: string };
  /** In the order they were started; down.ts stops them in reverse. */
  daemons: Daemon[];
  /** The product's environment (every product process's but PORT and DATA_DIR), for a tool run on it. */
  env: Record<string, string>;
}

/** Where up.ts records the cluster for down.ts: SAI_CLUSTER_STATE, or one file in the system's temp folder. */
export function stateFile(): string {
  return process.env.SAI_CLUSTER_STATE ?? path.join(os.tmpdir(), 'sai-cluster.state.json');
}

/** A test file's own state file (its pid in the name): a cluster another file or person runs keeps its own. */
export function ownStateFile(tag: string): void {
  process.env.SAI_CLUSTER_STATE = path.join(os.tmpdir(), `sai-cluster-${tag}-${process.pid}.json`);
}

export async function writeState(state: ClusterState): Promise<void> {
  await writeFile(stateFile(), `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}

export async function readState(): Promise<ClusterState | null> {
  try {
    return JSON.parse(await readFile(stateFile(), 'utf8')) as ClusterState;
  } catch {
    return null;
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a `waitFor` check throws when waiting longer cannot help (the process it waits for has exited). */
export class GaveUp extends Error {}

/**
 * Polls `check` until it returns a value (not undefined); throws with the last problem at the deadline,
 * or at once when the check throws GaveUp.
 */
export async function waitFor<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>) {
  const deadline = Date.now() + timeoutMs;
  let problem = 'not yet';
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      if (error instanceof GaveUp) throw new Error(`${what}: ${error.message}`);
      problem = error instanceof Error ? error.message : String(error);
    }
    await sleep(250);
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s (${problem})`);
}

/** Whether the server at `url` takes writes now (it answers, and is out of recovery); throws if it cannot be reached. */
export async function acceptsWrites(url: string): Promise<true | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ recovery: boolean }>('SELECT pg_is_in_recovery() AS recovery');
    return rows[0]?.recovery === false ? true : undefined;
  } finally {
    await client.end();
  }
}

/** Who runs Postgres (through Patroni): as root the `postgres` user, since Postgres refuses root. */
export function serverUser(): { uid: number; gid: number } | null {
  if (os.userInfo().uid !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error('as root the cluster needs a `postgres` user to run Patroni (Debian makes one)');
  }
}

function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** Whether the daemon is still the process it was (same pid, same start time) and not a zombie. */
export function daemonAlive(daemon: Pick<Daemon, 'pid' | 'startTime'>): boolean {
  if (startTimeOf(daemon.pid) !== daemon.startTime) return false;
  try {
    const state = readFileSync(`/proc/${daemon.pid}/stat`, 'utf8');
    return state.slice(state.lastIndexOf(')') + 2, state.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

export interface DaemonOptions {
  name: string;
  command: string;
  args: string[];
  logDir: string;
  env?: Record<string, string>;
  cwd?: string;
  user?: { uid: number; gid: number } | null;
}

/**
 * Starts a daemon in its own session (detached: a Ctrl-C to the terminal does not reach it, and it
 * outlives up.ts), its stdout and stderr appended to `<logDir>/<name>.log`.
 */
export function startDaemon(options: DaemonOptions): Daemon {
  const log = path.join(options.logDir, `${options.name}.log`);
  const fd = openSync(log, 'a');
  const child = spawn(options.command, options.args, {
    cwd: options.cwd ?? options.logDir,
    env: options.env ?? { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    stdio: ['ignore', fd, fd],
    detached: true,
    ...(options.user ?? {}),
  });
  child.unref();
  if (child.pid === undefined) throw new Error(`${options.command} did not start`);
  const startTime = startTimeOf(child.pid);
  if (startTime === null) throw new Error(`${options.name} exited at once; see ${log}`);
  return { name: options.name, pid: child.pid, startTime, log };
}

/** The last lines of a daemon's log, for an error message. */
export function logTail(daemon: Daemon, lines = 30): string {
  try {
    return readFileSync(daemon.log, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** SIGTERM (Patroni then stops its Postgres cleanly), SIGKILL after `graceMs`; never a process not ours. */
export async function stopDaemon(daemon: Daemon, graceMs = 30_000): Promise<void> {
  if (!daemonAlive(daemon)) return;
  process.kill(daemon.pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (daemonAlive(daemon) && Date.now() < deadline) await sleep(100);
  if (daemonAlive(daemon)) process.kill(daemon.pid, 'SIGKILL');
  while (daemonAlive(daemon)) await sleep(50);
}

export function nodeDir(root: string, name: NodeName): string {
  return path.join(root, name);
}

export function dataDir(root: string, name: NodeName): string {
  return path.join(nodeDir(root, name), 'data');
}

/** The postmaster's pid of a node, from its `postmaster.pid` (null when no server runs there). */
export function postmasterPid(root: string, name: NodeName): number | null {
  const file = path.join(dataDir(root, name), 'postmaster.pid');
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** The parent's pid of a process, from /proc (null once it is gone). */
function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/**
 * A node's postmaster and every process it forked (startup, walreceiver, checkpointer, backends), postmaster
 * first: a stall test stops them all with SIGSTOP and leaves the node's Patroni running.
 */
export function postgresProcesses(root: string, name: NodeName): number[] {
  const postmaster = postmasterPid(root, name);
  if (postmaster === null) return [];
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => parentOf(pid) === postmaster);
  return [postmaster, ...children];
}

/**
 * A postmaster left behind by a Patroni that had to be killed: the same fast shutdown `pg_ctl stop -m
 * fast` sends (SIGINT), then SIGQUIT. Only the pid its own `postmaster.pid` names.
 */
export async function stopOrphanedPostmaster(root: string, name: NodeName): Promise<void> {
  const pid = postmasterPid(root, name);
  if (pid === null) return;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (postmasterPid(root, name) !== null && Date.now() < deadline) await sleep(100);
  if (postmasterPid(root, name) !== null) process.kill(pid, 'SIGQUIT');
}

export interface PatroniMember {
  name: string;
  role: 'leader' | 'replica' | 'sync_standby' | 'standby_leader';
  state: string;
  host?: string;
  port?: number;
  timeline?: number;
  lag?: number | 'unknown';
}

/** GET /cluster from the first node's REST API that answers (any member knows the whole cluster). */
export async function clusterMembers(ports: ClusterPorts): Promise<PatroniMember[]> {
  let problem: unknown = null;
  for (const name of NODE_NAMES) {
    try {
      const response = await fetch(`http://127.0.0.1:${ports.nodes[name].rest}/cluster`, {
        signal: AbortSignal.timeout(2_000),
      });
      const body = (await response.json()) as { members: PatroniMember[] };
      return body.members;
    } catch (error) {
      problem = error;
    }
  }
  throw new Error(`no Patroni REST API answered: ${String(problem)}`);
}

/** The shape up.ts waits for: a running leader and two running replicas, one of them the sync standby. */
export function healthyShape(members: readonly PatroniMember[]): boolean {
  const running = members.filter((member) => member.state === 'running');
  const leaders = running.filter((member) => member.role === 'leader');
  const sync = running.filter((member) => member.role === 'sync_standby');
  const replicas = running.filter((member) => member.role === 'replica' || member.role === 'sync_standby');
  return members.length === 3 && leaders.length === 1 && replicas.length === 2 && sync.length === 1;
}

/**
 * Which node leads now (Patroni's leader key), its postmaster's pid and its Patroni daemon. A failover
 * test kills both: Patroni restarts a Postgres that dies under it on the same node (no failover), and only
 * once the leader's Patroni stops renewing its key does a replica take over (docs/architecture/cluster.md).
 */
export async function currentLeader(
  state: ClusterState,
): Promise<{ name: NodeName; pid: number; patroni: Daemon }> {
  const members = await clusterMembers(state.ports);
  const leader = members.find((member) => member.role === 'leader');
  if (!leader) throw new Error(`no leader now: ${JSON.stringify(members)}`);
  const name = leader.name as NodeName;
  const pid = postmasterPid(state.root, name);
  if (pid === null) throw new Error(`the leader ${name} has no running postmaster`);
  const patroni = state.daemons.find((daemon) => daemon.name === name);
  if (!patroni) throw new Error(`no Patroni recorded for ${name}`);
  return { name, pid, patroni };
}

/** The superuser's connection straight to one node (not through HAProxy). */
export function nodeUrl(state: ClusterState, name: NodeName, database = 'postgres'): string {
  const password = encodeURIComponent(state.superuserPassword);
  return `postgres://postgres:${password}@127.0.0.1:${state.ports.nodes[name].postgres}/${database}`;
}

/** One statement on one node, as the superuser, on a connection of its own. */
export async function onNode<R extends pg.QueryResultRow>(
  state: ClusterState,
  name: NodeName,
  sql: string,
  database = 'postgres',
): Promise<R[]> {
  const client = new pg.Client({ connectionString: nodeUrl(state, name, database) });
  await client.connect();
  try {
    return (await client.query<R>(sql)).rows;
  } finally {
    await client.end();
  }
}

export interface ReplicationRow {
  application_name: string;
  state: string;
  sync_state: string;
}

/** The leader's `pg_stat_replication`: one row per connected standby, with its sync state. */
export async function replicationOnLeader(state: ClusterState): Promise<ReplicationRow[]> {
  const { name } = await currentLeader(state);
  const client = new pg.Client({ connectionString: nodeUrl(state, name) });
  await client.connect();
  try {
    const { rows } = await client.query<ReplicationRow>(
      'SELECT application_name, state, sync_state FROM pg_stat_replication ORDER BY application_name',
    );
    return rows;
  } finally {
    await client.end();
  }
}

/**
 * HAProxy's view, from its stats page: the servers that are UP behind each endpoint. HAProxy counts a
 * server UP from its start until `fall` checks have failed, so right after a start every node is UP behind
 * both endpoints for a few seconds: up.ts waits for this to match Patroni's roles before any use.
 */
export async function haproxyUp(ports: ClusterPorts): Promise<{ write: string[]; read: string[] }> {
  const response = await fetch(`http://127.0.0.1:${ports.haproxyStats}/;csv`, {
    signal: AbortSignal.timeout(2_000),
  });
  const [header = '', ...rows] = (await response.text()).trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const at = (name: string) => columns.indexOf(name);
  const up = { write: [] as string[], read: [] as string[] };
  for (const row of rows) {
    const cells = row.split(',');
    const proxy = cells[at('pxname')];
    const server = cells[at('svname')] ?? '';
    // The read endpoint's replicas are its backend `replicas` (its fallback to the leader is not counted).
    const endpoint = proxy === 'write' ? 'write' : proxy === 'replicas' ? 'read' : null;
    if (endpoint && NODE_NAMES.includes(server as NodeName) && cells[at('status')] === 'UP') {
      up[endpoint].push(server);
    }
  }
  return up;
}

/** Removes the root (the data of all three nodes, etcd's, the logs and the keys) and the state file. */
export async function removeRoot(root: string): Promise<void> {
  await rm(root, { recursive: true, force: true });
  await rm(stateFile(), { force: true });
}
