/**
 * `npm run cluster:down`: stops what `npm run cluster:up` started, in reverse (workers, APIs, HAProxy,
 * the Patroni nodes, each stopping its Postgres, then etcd), and removes the temporary root. Only the
 * processes the state file names, and only while they are still those processes (pid and start time).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  NODE_NAMES,
  type NodeName,
  readState,
  removeRoot,
  stateFile,
  stopDaemon,
  stopOrphanedPostmaster,
} from './cluster.ts';

/** Returns the root it removed, or null when no cluster was recorded. */
export async function clusterDown(): Promise<string | null> {
  const state = await readState();
  if (!state) return null;
  const reversed = [...state.daemons].reverse();
  const patroni = reversed.filter((daemon) => (NODE_NAMES as readonly string[]).includes(daemon.name));
  const before = reversed.filter((daemon) => !patroni.includes(daemon) && daemon.name !== 'etcd');
  // The product first (its processes hold connections), then HAProxy.
  for (const daemon of before) await stopDaemon(daemon);
  // All three at once: Patroni stops its Postgres on SIGTERM; one node at a time would only make the
  // others race for the leader lock as each leader leaves.
  await Promise.all(patroni.map((daemon) => stopDaemon(daemon, 60_000)));
  for (const daemon of patroni) await stopOrphanedPostmaster(state.root, daemon.name as NodeName);
  const etcd = reversed.find((daemon) => daemon.name === 'etcd');
  if (etcd) await stopDaemon(etcd);
  await removeRoot(state.root);
  return state.root;
}

async function main() {
  const started = Date.now();
  const root = await clusterDown();
  if (root === null) process.stdout.write(`no cluster recorded in ${stateFile()}\n`);
  else
    process.stdout.write(
      `cluster down in ${((Date.now() - started) / 1000).toFixed(1)} s; removed ${root}\n`,
    );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
