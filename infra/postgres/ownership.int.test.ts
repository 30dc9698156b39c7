import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureOutput, repoRoot } from '../../testing/processes.ts';
import { type EmbeddedPostgresHandle, startEmbeddedPostgres } from './embedded.ts';
import {
  claimDataDir,
  DataDirInUseError,
  identify,
  isRunning,
  ownerFileOf,
  type ProcessIdentity,
  readOwner,
  readPostmasterLock,
  releaseAtExit,
  releaseClaim,
} from './ownership.ts';

/**
 * The owner file and the watchdog of the embedded Postgres (ownership.ts, watchdog.mjs), with real
 * processes: an owner (testing/embeddedOwner.ts) is started on a data directory, and killed with
 * SIGKILL as a crashed `npm start` would be. One data directory through the whole file, so its data must
 * survive every step.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Owner {
  child: ChildProcess;
  url: string;
  /** The server it started, as the data directory's own lock file names it. */
  postmaster: ProcessIdentity;
  port: number;
  /** Its watchdog's pid, from its owner record. */
  watchdog: number | null;
}

async function startOwner(dataDir: string): Promise<Owner> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'testing/embeddedOwner.ts', dataDir], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = captureOutput(child);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ready = /^ready (\S+)$/m.exec(output.text());
    if (ready) {
      const lock = await readPostmasterLock(dataDir);
      if (!lock) throw new Error('no postmaster.pid after the start');
      const watchdog = (await readOwner(dataDir))?.watchdog ?? null;
      return { child, url: ready[1]!, postmaster: identify(lock.pid), port: lock.port, watchdog };
    }
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline)
      throw new Error(`the owner did not start:\n${output.text()}`);
    await sleep(100);
  }
}

async function killOwner(owner: Owner) {
  if (owner.child.exitCode !== null || owner.child.signalCode !== null) return;
  const exited = new Promise((resolve) => owner.child.once('exit', resolve));
  owner.child.kill('SIGKILL');
  await exited;
}

async function query(url: string, sql: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}

async function waitUntil(what: string, condition: () => boolean | Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(100);
  }
}

describe('the embedded Postgres and its owner', () => {
  let dir: string;
  let dataDir: string;
  const owners: Owner[] = [];
  const handles: EmbeddedPostgresHandle[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sai-owner-'));
    dataDir = path.join(dir, 'pg');
  });
  afterAll(async () => {
    for (const owner of owners) await killOwner(owner);
    for (const handle of handles) await handle.stop().catch(() => {});
    // Every server an owner started, should a test have failed before it was stopped.
    const servers = owners.map((owner) => owner.postmaster);
    for (const server of servers) if (isRunning(server)) process.kill(server.pid, 'SIGINT');
    await waitUntil('every server stopped', () => !servers.some(isRunning));
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses to start while the owner runs, naming it, and leaves its server alone', async () => {
    const owner = await startOwner(dataDir);
    owners.push(owner);
    await query(owner.url, 'CREATE TABLE kept (n int PRIMARY KEY)');
    await query(owner.url, 'INSERT INTO kept SELECT generate_series(1, 100)');

    const refusal = await startEmbeddedPostgres({ dataDir }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(DataDirInUseError);
    const message = (refusal as Error).message;
    expect(message).toContain(`belongs to process ${owner.child.pid}`);
    expect(message).toContain('still running');
    expect(message).toContain(`127.0.0.1:${owner.port}`);
    // The owner's server and claim are untouched.
    expect(await query(owner.url, 'SELECT count(*)::int AS n FROM kept')).toEqual([{ n: 100 }]);
    const record = await readOwner(dataDir);
    expect(record?.pid).toBe(owner.child.pid);
    // Its program and script, never its arguments (a tool may take a password on its command line).
    expect(record?.command).toMatch(/^node .*\/testing\/embeddedOwner\.ts$/);
  });

  it('stops the server through its watchdog when the owner is killed with SIGKILL', async () => {
    const owner = owners[0]!;
    const { postmaster } = owner;
    expect(isRunning(postmaster)).toBe(true);
    await killOwner(owner);
    await waitUntil('the orphaned server stopped', () => !isRunning(postmaster));
    expect(existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false);
    // The watchdog never outlives both.
    expect(owner.watchdog).not.toBeNull();
    await waitUntil('the watchdog exited', () => !isRunning({ pid: owner.watchdog!, start: null }), 5_000);
  });

  it('stops a server whose owner and watchdog are gone at the next start, cleanly, and keeps its data', async () => {
    // A second owner takes over the dead first one's claim (its server is already stopped).
    const owner = await startOwner(dataDir);
    owners.push(owner);
    await query(owner.url, 'INSERT INTO kept SELECT generate_series(101, 250)');
    const { postmaster } = owner;
    // Owner and watchdog die together (an OOM kill, a `kill -9` of both): nothing stops the server...
    if (owner.watchdog) process.kill(owner.watchdog, 'SIGKILL');
    await killOwner(owner);
    await sleep(1_500);
    expect(isRunning(postmaster)).toBe(true);

    // ...until the next start, which stops it (a fast shutdown) and starts its own on the same data.
    const lines: string[] = [];
    const handle = await startEmbeddedPostgres({ dataDir, log: (line) => lines.push(line) });
    handles.push(handle);
    expect(isRunning(postmaster)).toBe(false);
    expect(lines.join('\n')).toContain(
      `stopping the Postgres server (pid ${postmaster.pid}) left running on ${dataDir} by process ${owner.child.pid}, which is gone`,
    );
    expect(lines.join('\n')).toMatch(/database system was shut down at/); // clean: no crash recovery
    const rows = await query(handle.url, 'SELECT count(*)::int AS n, max(n) AS top FROM kept');
    expect(rows).toEqual([{ n: 250, top: 250 }]);
    const record = await readOwner(dataDir);
    expect(record?.pid).toBe(process.pid);

    // A clean stop ends the server, the watchdog and the claim.
    await handle.stop();
    handles.pop();
    expect(isRunning(record!.postmaster!)).toBe(false);
    await waitUntil('the watchdog exited', () => !isRunning({ pid: record!.watchdog!, start: null }), 5_000);
    expect(existsSync(ownerFileOf(dataDir))).toBe(false);
  });

  it('leaves alone a server no recorded owner started, and says how to stop it', async () => {
    const owner = await startOwner(dataDir);
    owners.push(owner);
    const { postmaster } = owner;
    if (owner.watchdog) process.kill(owner.watchdog, 'SIGKILL');
    await killOwner(owner);
    // As if started by hand, or by a version without owner files.
    await unlink(ownerFileOf(dataDir)).catch(() => {});

    const refusal = await startEmbeddedPostgres({ dataDir }).then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(refusal?.message).toContain(`A Postgres server (pid ${postmaster.pid}) is running on ${dataDir}`);
    expect(refusal?.message).toContain(`kill -INT ${postmaster.pid}`);
    expect(isRunning(postmaster)).toBe(true);
    // The refused start leaves no claim of its own behind.
    expect(existsSync(ownerFileOf(dataDir))).toBe(false);
  });
});

describe('the owner file', () => {
  let dir: string;
  let dataDir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sai-owner-file-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const fresh = async (name: string) => {
    dataDir = path.join(dir, name);
    return dataDir;
  };
  const deadProcess = async (): Promise<ProcessIdentity> => {
    const child = spawn(process.execPath, ['-e', '']);
    const who = identify(child.pid!);
    await new Promise((resolve) => child.once('exit', resolve));
    return who;
  };
  const record = (who: ProcessIdentity) =>
    JSON.stringify({ ...who, command: 'node x', since: '', port: 5, postmaster: null, watchdog: null });

  it('is claimed by one process at a time; a second claim, even from the same process, is refused', async () => {
    await fresh('one');
    const claim = await claimDataDir(dataDir);
    expect(claim.previous).toBeNull();
    expect(await readOwner(dataDir)).toMatchObject({ pid: process.pid, start: identify(process.pid).start });
    const second = await Promise.allSettled([claimDataDir(dataDir), claimDataDir(dataDir)]);
    for (const outcome of second)
      expect(outcome.status === 'rejected' && outcome.reason).toBeInstanceOf(DataDirInUseError);
    releaseClaim(dataDir, claim.record);
    expect(existsSync(ownerFileOf(dataDir))).toBe(false);
  });

  it('is taken over from a dead owner, from a recycled pid (another start time), and from a damaged file', async () => {
    await fresh('two');
    const dead = await deadProcess();
    await writeFile(ownerFileOf(dataDir), record(dead));
    expect((await claimDataDir(dataDir)).previous?.pid).toBe(dead.pid);

    // This very pid, started at another time: a recycled pid is not the owner. Without /proc (no start
    // times) the pid alone decides, and the claim is refused.
    const recycled = { pid: process.pid, start: '1' };
    await writeFile(ownerFileOf(dataDir), record(recycled));
    if (existsSync('/proc/self/stat'))
      expect((await claimDataDir(dataDir)).previous).toEqual(expect.objectContaining(recycled));
    else await expect(claimDataDir(dataDir)).rejects.toBeInstanceOf(DataDirInUseError);

    await writeFile(ownerFileOf(dataDir), '{"pid":');
    expect((await claimDataDir(dataDir)).previous).toBeNull();
    expect((await readOwner(dataDir))?.pid).toBe(process.pid);
  });

  it('is released only by its own owner', async () => {
    await fresh('three');
    const claim = await claimDataDir(dataDir);
    releaseClaim(dataDir, { ...claim.record, start: 'another' });
    releaseClaim(dataDir, { ...claim.record, pid: claim.record.pid + 1 });
    expect((await readOwner(dataDir))?.pid).toBe(process.pid);
    // At exit, not while its server runs (the watchdog and the next start need to know whose it was).
    releaseAtExit(dataDir, () => ({ ...claim.record, postmaster: identify(process.pid) }))();
    expect(existsSync(ownerFileOf(dataDir))).toBe(true);
    const dead = await deadProcess();
    releaseAtExit(dataDir, () => ({ ...claim.record, postmaster: dead }))();
    expect(existsSync(ownerFileOf(dataDir))).toBe(false);
  });
});
