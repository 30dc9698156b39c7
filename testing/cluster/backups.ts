/**
 * Backups of the cluster shape with pgBackRest (Debian's package; docs/architecture/cluster.md
 * "Backups and restore"): every node archives its WAL into one repository under the root while it leads,
 * `backup` takes a full backup from the leader, and `restoreToTime` restores the repository into a new
 * data folder at a point in time and starts a lone PostgreSQL 15 there, as an operator's drill would.
 * Nothing here copies a file or decides what to replay: that is pgBackRest's and Postgres's recovery.
 */
import { execFile as execFileCallback } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { chown } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../processes.ts';
import {
  acceptsWrites,
  type ClusterPorts,
  type ClusterState,
  type Daemon,
  daemonAlive,
  GaveUp,
  logTail,
  serverUser,
  startDaemon,
  stopDaemon,
  waitFor,
} from './cluster.ts';
import { backupConfig, backupConfigFile, PGBACKREST, POSTGRES_BIN, STANZA } from './settings.ts';

const execFile = promisify(execFileCallback);

/** Runs pgBackRest with the cluster's configuration, as the user that runs Postgres; its output. */
export async function pgbackrest(root: string, args: string[]): Promise<string> {
  const user = serverUser();
  try {
    const { stdout } = await execFile(
      PGBACKREST,
      [`--config=${backupConfigFile(root)}`, `--stanza=${STANZA}`, ...args],
      { env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, ...(user ?? {}) },
    );
    return stdout;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`pgbackrest ${args.join(' ')} failed:\n${stdout}${stderr}`);
  }
}

/**
 * The repository and its stanza, once the leader runs: the archive command fails (and Postgres retries
 * it, keeping the WAL) until `stanza-create` has run; `check` then proves a WAL file reaches the repository.
 */
export async function setUpBackups(root: string, ports: ClusterPorts): Promise<void> {
  const folder = path.join(root, 'backup');
  mkdirSync(folder, { mode: 0o750 });
  writeFileSync(backupConfigFile(root), backupConfig(root, ports), { mode: 0o640 });
  const user = serverUser();
  if (user) {
    await chown(folder, user.uid, user.gid);
    await chown(backupConfigFile(root), user.uid, user.gid);
  }
  await pgbackrest(root, ['stanza-create']);
  await pgbackrest(root, ['check']);
}

/** A lone PostgreSQL restored from the repository: its product URL, and how to stop it. */
export interface RestoredServer {
  url: string;
  daemon: Daemon;
  stop(): Promise<void>;
}

/**
 * Restores the latest backup into `<root>/<name>/data` and replays the archived WAL up to `target` (a
 * timestamp Postgres reads, e.g. from `now()::text`), then promotes it: the data as it was at that time.
 * The server is a lone copy: no archiving, no replication, on a port of its own.
 */
export async function restoreToTime(
  state: ClusterState,
  target: string,
  name: string,
): Promise<RestoredServer> {
  const folder = path.join(state.root, name);
  const data = path.join(folder, 'data');
  mkdirSync(data, { recursive: true, mode: 0o700 });
  const user = serverUser();
  if (user) {
    await chown(folder, user.uid, user.gid);
    await chown(data, user.uid, user.gid);
  }
  await pgbackrest(state.root, [
    `--pg1-path=${data}`,
    'restore',
    '--type=time',
    `--target=${target}`,
    '--target-action=promote',
  ]);
  const port = await freePort();
  // The node's own settings came along in the backup (Patroni writes them into its data folder): these
  // override what would tie the copy to the cluster.
  const daemon = startDaemon({
    name,
    command: path.join(POSTGRES_BIN, 'postgres'),
    args: [
      '-D',
      data,
      '-c',
      `port=${port}`,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${folder}`,
      '-c',
      `hba_file=${path.join(data, 'pg_hba.conf')}`,
      '-c',
      `ident_file=${path.join(data, 'pg_ident.conf')}`,
      '-c',
      'archive_mode=off',
      '-c',
      'synchronous_standby_names=',
      '-c',
      'primary_conninfo=',
      '-c',
      'primary_slot_name=',
      '-c',
      'cluster_name=restored',
    ],
    logDir: state.root,
    user,
  });
  const url = new URL(state.writeUrl);
  url.port = String(port);
  await waitFor(`${name} restored and promoted`, 180_000, async () => {
    if (!daemonAlive(daemon)) throw new GaveUp(`${name} exited:\n${logTail(daemon)}`);
    return await acceptsWrites(url.toString());
  }).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${logTail(daemon)}`);
  });
  return { url: url.toString(), daemon, stop: () => stopDaemon(daemon) };
}
