/**
 * Starts the real API (`api/main.ts`, as `npm start` does) and the projection worker
 * (`scripts/projectionWorker.ts`) as child processes against a database URL: for browser tests and for
 * fault tests that kill, restart and starve them. Every process started here is stopped by its `stop()`
 * (SIGTERM, then SIGKILL after 10 s); `kill()` sends a signal without waiting for a clean exit.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { apiProcessArgs } from '../runtime/nodeFlags.ts';
import { TEST_DEPOSIT_ADDRESSES } from './depositAddresses.ts';
import { RUN_PRIVACY_KEYS } from './privacyKeys.ts';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export interface RunningProcess {
  pid: number;
  /** Everything the process printed so far (stdout and stderr, interleaved). */
  output(): string;
  /** Whether the process is still running. */
  alive(): boolean;
  /** Resolves with the exit code (null when killed by a signal) once the process has exited. */
  exited: Promise<number | null>;
  /** Sends a signal (e.g. SIGKILL) and waits for the process to be gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** A clean stop: SIGTERM, then SIGKILL if it has not exited within 10 s. */
  stop(): Promise<void>;
}

export interface RunningApp extends RunningProcess {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  port: number;
}

export interface StartAppOptions {
  /** null: no DATABASE_URL, so the API starts the embedded Postgres under DATA_DIR (`npm start`'s default). */
  databaseUrl: string | null;
  /** Listen on this port (a restarted API keeps its address); a free one when absent. */
  port?: number;
  /** Extra or overriding environment variables. */
  env?: Record<string, string>;
  /** Node flags before the script, e.g. --cpu-prof for a benchmark's profile. */
  nodeArgs?: string[];
  /** How long to wait for /readyz to answer 200. */
  timeoutMs?: number;
  /** The answer of /readyz that counts as started. */
  ready?: (status: number) => boolean;
}

/** Env passed through from the test runner; everything else the server sees is set explicitly. */
const INHERITED_ENV = ['PATH', 'HOME', 'TMPDIR', 'TMP', 'TEMP', 'LANG', 'LC_ALL', 'TZ', 'SystemRoot'];

function baseEnv(
  databaseUrl: string | null,
  extra: Record<string, string> | undefined,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of INHERITED_ENV) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return Object.assign(env, {
    ...(databaseUrl === null ? {} : { DATABASE_URL: databaseUrl }),
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn',
    DEMO_USERS: 'off',
    BUILD_WEB: 'off',
    // A fresh key per run, so the server never writes one into the working tree's data dir.
    SESSION_SECRET: randomBytes(32).toString('hex'),
    // One pair per test run, shared by every process it starts (they share databases), never written.
    ...RUN_PRIVACY_KEYS,
    ...TEST_DEPOSIT_ADDRESSES,
    ...extra,
  });
}

function track(child: ChildProcess): RunningProcess {
  const output = captureOutput(child);
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    pid: child.pid ?? -1,
    output: output.text,
    alive,
    exited,
    async kill(signal) {
      if (!alive()) return;
      child.kill(signal);
      await exited;
    },
    async stop() {
      if (!alive()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The same process `npm start` runs (`node <apiProcessArgs()>`), without npm in between so signals reach it. */
export async function startApp(options: StartAppOptions): Promise<RunningApp> {
  const port = options.port ?? (await freePort());
  const env = baseEnv(options.databaseUrl, { BUILD_WEB: 'auto', PORT: String(port), ...options.env });
  const child = spawn(process.execPath, apiProcessArgs(options.nodeArgs), {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const running = track(child);
  const url = `http://127.0.0.1:${port}`;
  const ready = options.ready ?? ((status: number) => status === 200);

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (!running.alive()) {
      throw new Error(`The server exited (code ${child.exitCode}) before it was ready:\n${running.output()}`);
    }
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (ready(response.status)) return { ...running, url, port };
      lastProblem = `GET /readyz answered ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await running.stop();
  throw new Error(`The server was not ready within the deadline (${lastProblem}):\n${running.output()}`);
}

/** `npm run projections:worker`: every projection runner, no HTTP. Resolves once it reports running. */
export async function startProjectionWorker(options: {
  databaseUrl: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  nodeArgs?: string[];
}): Promise<RunningProcess> {
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), 'scripts/tool.mjs', 'projectionWorker'],
    {
      cwd: repoRoot,
      env: baseEnv(options.databaseUrl, options.env),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const running = track(child);
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (!running.output().includes('projection worker running')) {
    if (!running.alive())
      throw new Error(`The projection worker exited (code ${child.exitCode}):\n${running.output()}`);
    if (Date.now() > deadline) {
      await running.stop();
      throw new Error(`The projection worker did not start in time:\n${running.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return running;
}

export function captureOutput(child: ChildProcess, limit = 256 * 1024): { text: () => string } {
  // Chunks kept as they come and cut back to the limit only once they hold twice as much: a process that
  // logs every request (a benchmark's API at the default level) costs its reader a copy per chunk otherwise.
  let chunks: string[] = [];
  let length = 0;
  const trimmed = () => {
    const text = chunks.join('').slice(-limit);
    chunks = [text];
    length = text.length;
    return text;
  };
  const append = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    chunks.push(text);
    length += text.length;
    if (length > 2 * limit) trimmed();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  return { text: trimmed };
}

/**
 * A port free to listen on, below the kernel's ephemeral range: a port handed out by `listen(0)` comes
 * from that range, where any outgoing connection may take it as its local port before the caller binds
 * it (the cluster's HAProxy once failed to bind a port chosen seconds earlier). Random within
 * 10000 to the range's start, checked by binding it; `listen(0)` when none is found.
 */
export async function freePort(): Promise<number> {
  const ephemeralStart = ephemeralRangeStart();
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 10_000 + Math.floor(Math.random() * (ephemeralStart - 10_000));
    if (await canListen(port)) return port;
  }
  return await listenOnce(0);
}

function ephemeralRangeStart(): number {
  try {
    const start = Number(
      readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
    );
    return Number.isInteger(start) && start > 11_000 ? start : 32_768;
  } catch {
    return 32_768;
  }
}

async function canListen(port: number): Promise<boolean> {
  return await listenOnce(port).then(
    () => true,
    () => false,
  );
}

/** Listens on `port` of 127.0.0.1 (0: any) and closes again; the port it had. */
function listenOnce(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (bound ? resolve(bound) : reject(new Error('no free port'))));
    });
  });
}
