// node infra/postgres/watchdog.mjs '{"dataDir":…,"owner":{pid,start},"postmaster":{pid,start},"intervalMs":500}'
//
// Stops an embedded Postgres server when the process that started it (its owner) is gone. Started by
// infra/postgres/ownership.ts, detached, once the server runs. A child process cannot follow a parent
// killed with SIGKILL by itself (Linux's PR_SET_PDEATHSIG is not reachable from Node's spawn, and Postgres
// has no setting for it), so without this a `kill -9` of the server left Postgres running on our data.
//
// It polls both processes every intervalMs:
// - the postmaster is gone (stopped by its owner, or crashed): it exits; it never outlives both;
// - the owner is gone (or its pid now names a newer process: the start time is compared): if the data
//   directory's postmaster.pid still names the postmaster it watches, it sends SIGINT (a fast shutdown:
//   sessions end, the data is written out), SIGQUIT if that has not finished within 60 s (an immediate
//   shutdown: WAL replay on the next start, nothing committed is lost), waits for the end and exits.
// It only ever signals the one postmaster it was given, identified by pid and start time, so a server
// started later by a new owner is never touched. The owner file is left as it is: its owner being dead,
// the next start takes it over.
//
// Plain JavaScript with no imports beyond Node's: it starts in a few milliseconds and loads nothing of ours.
// The process checks repeat ownership.ts's (identify/isRunning) on purpose: this file must run on its own.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const { dataDir, owner, postmaster, intervalMs } = JSON.parse(process.argv[2] ?? '{}');
const HAS_PROC = existsSync('/proc/self/stat');

function procStat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], start: fields[19] };
  } catch {
    return null;
  }
}

function isRunning(who) {
  try {
    process.kill(who.pid, 0);
  } catch (error) {
    if (error.code !== 'EPERM') return false;
  }
  if (!HAS_PROC) return true;
  const stat = procStat(who.pid);
  if (!stat || stat.state === 'Z' || stat.state === 'X') return false;
  return who.start === null || stat.start === who.start;
}

function lockNamesPostmaster() {
  try {
    const text = readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8');
    return Number(text.split('\n')[0]) === postmaster.pid;
  } catch {
    return false;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function signal(name) {
  try {
    process.kill(postmaster.pid, name);
  } catch {
    // Gone meanwhile.
  }
}

while (isRunning(postmaster) && isRunning(owner)) await sleep(intervalMs);
if (isRunning(postmaster) && lockNamesPostmaster()) {
  signal('SIGINT');
  const quitAt = Date.now() + 60_000;
  let quit = false;
  while (isRunning(postmaster)) {
    if (!quit && Date.now() > quitAt) {
      quit = true;
      signal('SIGQUIT');
    }
    await sleep(100);
  }
}
