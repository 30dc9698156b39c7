import pino from 'pino';
import { verifyLedger } from '../../app/audit/verifyLedger.ts';
import { hashSecret } from '../../app/auth/credentials.ts';
import { userAccount } from '../../domain/ledger/postings.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import { loadConfig } from '../../runtime/config.ts';
import { startServices } from '../../runtime/services.ts';
import { startApp, startProjectionWorker } from '../../testing/processes.ts';
import { BENCH_ENV, log } from '../lib/context.ts';
import {
  BENCH_WORKER_ENV,
  benchMinter,
  countTransfersIn as countTransfers,
  freshSession,
  fundUsers,
  registerBenchUser,
} from './httpSetup.ts';

/** The readers: as many as the read measurement had, each with about this many history rows. */
export const READERS = 50;
export const HISTORY_ROWS = 80;

export type ReadsSetup = Awaited<ReturnType<typeof startReads>>;

/**
 * 11's setting, on a database of its own: the API as its own process in `npm start`'s shape (one process,
 * PROJECTIONS=on; BENCH_READS_SHAPE=split runs it with PROJECTIONS=off and the projection worker beside
 * it), and READERS users, each with about HISTORY_ROWS rows of history made by real transfers between
 * them over HTTP, the read models caught up with them, and the ledger verified.
 */
export async function startReads(url: string) {
  const split = process.env.BENCH_READS_SHAPE === 'split';
  const config = loadConfig({ ...BENCH_ENV, DATABASE_URL: url, RATE_LIMITS: 'off' });
  // These services only prepare the users and read the results: the API under load is its own process.
  const services = await startServices(config, pino({ level: 'silent' }), {
    databaseUrl: url,
    runProjections: false,
  });
  const { deps } = services;
  const worker = split
    ? await startProjectionWorker({
        databaseUrl: url,
        env: BENCH_WORKER_ENV,
      })
    : null;
  const api = await startApp({
    databaseUrl: url,
    // `npm start`'s log level (a line per request) in either shape.
    env: { ...BENCH_ENV, PROJECTIONS: split ? 'off' : 'on', LOG_LEVEL: 'info' },
    // BENCH_API_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the API under load.
    nodeArgs: process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
  });
  const stop = async () => {
    await api.stop();
    await worker?.stop();
    await services.stop();
  };
  try {
    const shape = split
      ? 'API (PROJECTIONS=off) + projection worker'
      : 'one process, PROJECTIONS=on (npm start)';
    log(`bench: reads: ${READERS} users, about ${HISTORY_ROWS} history rows each; ${shape}`);
    const users = await registerReaders(deps);
    // Funded as httpSetup funds its users (a distribution each: the first row of each history).
    await fundUsers(
      deps.store,
      users.map((u) => u.id),
      await benchMinter(deps),
    );

    const freshSignedIn = () => signInReaders(deps, users, api.url);
    await freshSignedIn();

    const accepted = await makeHistory(deps, users, api.url);
    const head = await deps.store.headPosition();
    if (!(await deps.runner.waitFor(head!, deps.runner.names, 120_000)))
      throw new Error('bench: reads: the read models did not catch up with the transfers within 2 minutes');
    const report = await verifyLedger(deps.store, deps.pool);
    if (report.problems.length > 0)
      throw new Error(`bench: reads: ledger:verify found ${JSON.stringify(report.problems.slice(0, 3))}`);
    const { rows } = await deps.pool.query<{ min: number; mean: number }>(
      `SELECT min(n)::int AS min, avg(n)::float8 AS mean
         FROM (SELECT count(*) AS n FROM account_history WHERE account_id = ANY($1) GROUP BY account_id) c`,
      [users.map((u) => userAccount(u.id))],
    );
    const history = { min: rows[0]?.min ?? 0, mean: Math.round(rows[0]?.mean ?? 0) };
    if (history.min < 1) throw new Error('bench: reads: a reader has no history in the read model');
    return { services, deps, api, worker, users, freshSignedIn, transfers: accepted, history, shape, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

type Services = Awaited<ReturnType<typeof startServices>>;
type Reader = { id: UserId; cookie: string };

/** The READERS users, registered as the app registers them; signed in by signInReaders. */
async function registerReaders(deps: Services['deps']): Promise<Reader[]> {
  const passwordHash = await hashSecret('bench-password');
  return Promise.all(
    Array.from({ length: READERS }, (_, i) =>
      registerBenchUser(deps, passwordHash, {
        email: `r${i}@reads.bench.example`,
        username: `reader${i}`,
        firstName: 'Reader',
        lastName: String(i),
      }),
    ),
  );
}

/**
 * Signed in as httpSetup's freshSignedIn does it: a fresh session (younger than the API's one-minute
 * renewal, which autocannon could not follow) and its first request, before anything is measured.
 */
async function signInReaders(deps: Services['deps'], users: Reader[], apiUrl: string): Promise<void> {
  await Promise.all(users.map((user) => freshSession(deps, user)));
  for (let i = 0; i < users.length; i += 25)
    await Promise.all(
      users.slice(i, i + 25).map(async (user) => {
        const answer = await fetch(`${apiUrl}/api/auth/user`, { headers: { cookie: user.cookie } });
        await answer.arrayBuffer();
        if (answer.status !== 200) throw new Error(`bench: reads: sign-in check answered ${answer.status}`);
      }),
    );
}

/**
 * The readers' history, made by real transfers over HTTP (16 at a time), each acknowledged one checked
 * in the log as one debit and one credit. Returns how many were accepted.
 */
async function makeHistory(deps: Services['deps'], users: Reader[], apiUrl: string): Promise<number> {
  // The history: each user sends HISTORY_ROWS / 2 transfers (0.01-1.00 SAI) to others chosen at random and
  // receives as many on average; with the distribution, about HISTORY_ROWS rows each.
  const perUser = Math.ceil((HISTORY_ROWS - 1) / 2);
  const transfers = users.flatMap((sender, s) =>
    Array.from({ length: perUser }, (_, k) => {
      let r = Math.floor(Math.random() * (users.length - 1));
      if (r >= s) r++;
      const cents = 1 + Math.floor(Math.random() * 100);
      return {
        sender,
        body: JSON.stringify({
          type: 'transfer',
          amount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
          receiver_id: users[r]!.id,
          description: `reads bench ${k}`,
        }),
      };
    }),
  );
  const before = await countTransfers(deps.pool);
  let next = 0;
  let accepted = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < transfers.length) {
        const t = transfers[next++]!;
        const answer = await fetch(`${apiUrl}/api/transactions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: t.sender.cookie },
          body: t.body,
        });
        const text = await answer.text();
        if (answer.status !== 201)
          throw new Error(`bench: reads: a transfer answered ${answer.status}: ${text.slice(0, 300)}`);
        accepted++;
      }
    }),
  );
  // Each acknowledged transfer is one debit and, once the follow-up has run, one credit in the log.
  let after = await countTransfers(deps.pool);
  for (let i = 0; i < 600 && after.received - before.received < accepted; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    after = await countTransfers(deps.pool);
  }
  const debits = after.sent - before.sent;
  const credits = after.received - before.received;
  if (debits !== accepted || credits !== accepted || after.sent !== after.distinctSent)
    throw new Error(
      `bench: reads: ${accepted} transfers acknowledged, ${debits} debits and ${credits} credits in the log`,
    );
  return accepted;
}
