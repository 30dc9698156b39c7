import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import type pg from 'pg';
import pino from 'pino';
import { hashSecret } from '../../app/auth/credentials.ts';
import { createSession } from '../../app/auth/sessions.ts';
import { registerUser } from '../../app/auth/users.service.ts';
import { ensureAdmin } from '../../app/bootstrap/accounts.ts';
import { accountDecider, accountStream } from '../../domain/accounts/account.ts';
import { distributionCommand } from '../../domain/accounts/testing.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import { appendBatch, type EventStore, type StreamAppend } from '../../infra/eventStore/eventStore.ts';
import { loadConfig } from '../../runtime/config.ts';
import { startServices } from '../../runtime/services.ts';
import { startApp, startProjectionWorker } from '../../testing/processes.ts';
import { BENCH_ENV, log, results } from '../lib/context.ts';

/** What the HTTP groups (3-5) share: the API and worker processes, the funded users and the load's request. */
export type TransferLoad = Awaited<ReturnType<typeof startTransferLoad>>;

/** A bench user: its id and its session's cookie (set by signInFresh before each run). */
type BenchUser = { id: UserId; cookie: string };
type Services = Awaited<ReturnType<typeof startServices>>;

/** A bench projection worker's environment: the API's keys, so that the worker opens what the API seals. */
export const BENCH_WORKER_ENV = {
  LOG_LEVEL: 'silent',
  PERSONAL_DATA_KEY: BENCH_ENV.PERSONAL_DATA_KEY,
  PSEUDONYM_KEY: BENCH_ENV.PSEUDONYM_KEY,
  // One ledger signing key for every process of a database (the key history refuses a second one).
  LEDGER_SIGNING_KEY: BENCH_ENV.LEDGER_SIGNING_KEY,
};

/**
 * The admin the bench's distributions name as their minter: a real one, registered as the app registers
 * its admin (the money audit holds every distribution to an admin: docs/ledger.md invariant 11).
 */
export async function benchMinter(deps: Parameters<typeof ensureAdmin>[0]): Promise<UserId> {
  return (
    await ensureAdmin(deps, 'bench-admin@example.com', 'bench-admin-password', { resetPassword: false })
  ).userId;
}

/**
 * 3-5's setting: the services that prepare users and read the results, the API as its own process, the
 * projection worker (as BENCH_PROJECTIONS says), and 1,000 registered and funded users with Zipf senders.
 * `shape` fixes the deployment whatever BENCH_PROJECTIONS says (and leaves the machine's description
 * alone): 'split' the API with PROJECTIONS=off and the worker, 'default' `npm start`'s one API process
 * with PROJECTIONS=on and no worker.
 */
export async function startTransferLoad(url: string, options: { shape?: 'default' | 'split' } = {}) {
  const config = loadConfig({ ...BENCH_ENV, DATABASE_URL: url, RATE_LIMITS: 'off' });
  const projections = options.shape
    ? { default: 'inline', split: 'worker' }[options.shape]
    : process.env.BENCH_PROJECTIONS;
  // Production shape: the API with PROJECTIONS=off and the read models built by `npm run
  // projections:worker` in its own process (BENCH_PROJECTIONS=inline runs them inside the API instead).
  const inline = projections === 'inline';
  const services = await startServices(config, pino({ level: 'silent' }), {
    databaseUrl: url,
    runProjections: false,
  });
  // BENCH_PROJECTIONS=none measures the command path alone (no read models are built meanwhile; the
  // worker starts after the load to catch up), to show what the projections cost.
  const none = projections === 'none';
  const startWorker = () =>
    startProjectionWorker({
      databaseUrl: url,
      env: BENCH_WORKER_ENV,
      // BENCH_WORKER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the projection worker.
      nodeArgs: process.env.BENCH_WORKER_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
    });
  const worker = inline || none ? null : await startWorker();
  if (!options.shape)
    results.machine!.projections = inline
      ? 'inside the API process'
      : none
        ? 'none during the load'
        : 'a separate worker process';
  const { deps } = services;
  // The API under load runs as its own process (`npm start`'s entry point), so the load generator
  // does not share its event loop; the services above only prepare users and read the results.
  const api = await startApp({
    databaseUrl: url,
    env: { ...BENCH_ENV, PROJECTIONS: inline ? 'on' : 'off' },
    // BENCH_API_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the API under load.
    nodeArgs: process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
  });
  log('bench: registering and funding 1,000 users');
  const users = await registerBenchUsers(deps);
  const minter = await benchMinter(deps);
  await fundUsers(
    deps.store,
    users.map((u) => u.id),
    minter,
  );
  const zipf = zipfIndex(users.length);
  const pickSender = () => {
    // BENCH_SENDERS=uniform spreads senders evenly (to tell hot-account contention from the rest).
    if (process.env.BENCH_SENDERS === 'uniform') return users[Math.floor(Math.random() * users.length)]!;
    return users[zipf()]!;
  };
  const countTransfers = () => countTransfersIn(deps.pool);
  const transferRequest = transferRequestOf(users, pickSender);
  const freshSignedIn = () => signInFresh(deps, users, api.url);
  return {
    minter,
    services,
    deps,
    api,
    worker,
    none,
    startWorker,
    users,
    transferRequest,
    countTransfers,
    freshSignedIn,
    async stop() {
      await api.stop();
      await services.stop();
      await this.worker?.stop();
    },
  };
}

/**
 * One bench user, registered as the app registers a person (its address verified, nothing else filled in);
 * no session yet: the groups sign their users in afresh before each run (signInFresh, readsSetup's).
 */
export async function registerBenchUser(
  deps: Services['deps'],
  passwordHash: string,
  who: { email: string; username: string; firstName: string; lastName: string },
): Promise<BenchUser> {
  const { user } = await registerUser(
    deps,
    {
      email: who.email,
      username: who.username,
      password: 'x',
      passwordHash,
      firstName: who.firstName,
      lastName: who.lastName,
      bio: '',
      profileImageUrl: '',
      isAdmin: false,
      emailVerified: true,
    },
    { actorId: null, correlationId: randomUUID(), causationId: null },
  );
  return { id: user.userId, cookie: '' };
}

/** The 1,000 users of 3-5, registered as the app registers them, 25 at a time; signed in by signInFresh. */
async function registerBenchUsers(deps: Services['deps']): Promise<BenchUser[]> {
  const passwordHash = await hashSecret('bench-password');
  const users: { id: UserId; cookie: string }[] = [];
  for (let i = 0; i < 1000; i += 25) {
    const created = await Promise.all(
      Array.from({ length: 25 }, (_, j) =>
        registerBenchUser(deps, passwordHash, {
          email: `b${i + j}@bench.example`,
          username: `bench${i + j}`,
          firstName: '',
          lastName: '',
        }),
      ),
    );
    users.push(...created);
  }
  return users;
}

/** Anyone but `sender`, at random: the receiver of a load's transfer. */
export function receiverFor<U extends { id: UserId }>(users: readonly U[], sender: U): U {
  const receiver = users[Math.floor(Math.random() * users.length)]!;
  return receiver.id === sender.id ? users[(users.indexOf(sender) + 1) % users.length]! : receiver;
}

/**
 * A load's transfer (0.01 SAI unless told), as JSON. The password goes along: once a hot sender's small transfers pass
 * the step-up rule's 100 SAI, a first payment to someone asks for it (docs/security.md, "Step-up for
 * transfers"), checked only then.
 */
export function transferBody(receiverId: UserId, amount = '0.01'): string {
  return JSON.stringify({ type: 'transfer', amount, receiver_id: receiverId, password: 'bench-password' });
}

/** The load's request: a transfer of 0.01 SAI from a sender `pickSender` draws to anyone else at random. */
function transferRequestOf(users: BenchUser[], pickSender: () => BenchUser): autocannon.Request {
  return {
    method: 'POST',
    path: '/api/transactions',
    setupRequest: (request) => {
      const sender = pickSender();
      return {
        ...request,
        headers: { 'content-type': 'application/json', cookie: sender.cookie },
        body: transferBody(receiverFor(users, sender).id),
      };
    },
  };
}

/** A new session for `user` (signed here, no password hashed), its cookie kept as a browser keeps it. */
export async function freshSession(deps: Services['deps'], user: BenchUser): Promise<void> {
  const session = await createSession(deps.pool, deps.sessions, { userId: user.id, isAdmin: false }, true);
  user.cookie = `sai_session=${session.token}`;
}

/**
 * Fresh sessions for every user, then each one's first request (the sign-in a browser's session begins
 * with), before the measured seconds.
 */
async function signInFresh(deps: Services['deps'], users: BenchUser[], apiUrl: string): Promise<void> {
  // A warm-up, not measured: the processes' code is compiled by V8 and the API's caches hold the
  // users' streams by the first measured second (the first of three runs was a third slower without).
  // Each user's cookie as a browser holds it: the API renews a session token older than a minute with
  // every answer (Set-Cookie), and a browser keeps the new one; autocannon cannot, so a run more than a
  // minute after sign-in would renew on every request (an UPDATE and a signature each: measured at
  // 14,335 renewals in 10 s, stop 18). Fresh sessions before each run keep every token younger than that.
  const freshSessions = async () => {
    for (let i = 0; i < users.length; i += 50)
      await Promise.all(users.slice(i, i + 50).map((user) => freshSession(deps, user)));
  };
  // Each fresh session's first request, before the measured seconds. A browser's session begins with a
  // sign-in the API answers, and the API trusts a token it signed itself (app/auth/sessions.ts); these
  // tokens are signed here instead, to spare 1,000 password hashes, so without this each session's first
  // use (its token's HMAC check on the API's thread pool, its new row's first read) fell inside the
  // measured run, spread over it by the Zipf senders. Measured (stop 25, alternating, two pairs): the
  // first 2 s of a run at 1,700-1,800 transfers/s without it against 2,300-2,400 with it, and the runs'
  // p99 56 and 78 ms against 42 and 47 ms.
  const signIn = async () => {
    for (let i = 0; i < users.length; i += 64)
      await Promise.all(
        users.slice(i, i + 64).map(async (user) => {
          const answer = await fetch(`${apiUrl}/api/auth/user`, { headers: { cookie: user.cookie } });
          if (answer.status !== 200) throw new Error(`bench: sign-in check answered ${answer.status}`);
          await answer.arrayBuffer();
        }),
      );
  };
  await freshSessions();
  await signIn();
}

/** Funds each user's account with 100,000 SAI in one distribution, through the decider, in one batch. */
export async function fundUsers(
  store: EventStore,
  userIds: readonly UserId[],
  minter: UserId,
  units = 10_000_000n,
): Promise<void> {
  const funding: StreamAppend[] = userIds.map((userId) => ({
    streamName: accountStream(userId),
    expectedRevision: 'no_stream' as const,
    events: accountDecider
      .decide(
        distributionCommand(
          { transactionId: randomUUID(), userId, units, description: 'bench', mintedBy: minter },
          new Date(),
        ),
        accountDecider.initialState(),
      )
      .map((e) => ({
        id: randomUUID(),
        type: e.type,
        data: e.data,
        metadata: { actorId: null, correlationId: randomUUID(), causationId: null },
      })),
  }));
  await appendBatch(store, funding);
}

/** Draws indexes 0..n-1 Zipf-distributed (exponent 1.1): the bench's hot senders are the first users. */
export function zipfIndex(n: number): () => number {
  const weights = Array.from({ length: n }, (_, k) => 1 / (k + 1) ** 1.1);
  const total = weights.reduce((sum, w) => sum + w, 0);
  let acc = 0;
  const cdf = weights.map((w) => {
    acc += w / total;
    return acc;
  });
  return () => {
    const r = Math.random();
    let lo = 0;
    let hi = cdf.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid]! < r) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** Transfers in the log: debits, distinct debits (a doubled one shows here) and credits. */
export async function countTransfersIn(pool: pg.Pool) {
  const { rows } = await pool.query<{ sent: string; received: string; distinct_sent: string }>(
    `SELECT count(*) FILTER (WHERE event_type = 'TokensTransferred')::text AS sent,
            count(DISTINCT data->>'transactionId') FILTER (WHERE event_type = 'TokensTransferred')::text AS distinct_sent,
            count(*) FILTER (WHERE event_type = 'TransferReceived')::text AS received FROM es_events`,
  );
  return {
    sent: Number(rows[0]!.sent),
    distinctSent: Number(rows[0]!.distinct_sent),
    received: Number(rows[0]!.received),
  };
}
