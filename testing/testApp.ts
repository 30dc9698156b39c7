import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { apiDeps, createApp } from '../api/app.ts';
import type { Deps } from '../api/deps.ts';
import { ensureAdmin } from '../app/bootstrap/accounts.ts';
import { issueToken } from '../app/mail/accountTokens.table.ts';
import { openEvents } from '../app/privacy/sealedEvents.ts';
import { seedDepositAddresses } from '../app/settings/depositAddresses.service.ts';
import { parseUserId, type UserId } from '../domain/shared/ids.ts';
import { waitForTreeSize } from '../projections/ledgerTree/ledgerTree.queries.ts';
import type { Projection } from '../projections/projection.ts';
import { depositAddressSeeds } from '../runtime/config.ts';
import { startServices } from '../runtime/services.ts';
import { withAdminProof } from './adminProof.ts';
import { beforeAllValue } from './beforeAllValue.ts';
import { cookieHeader, keepCookies, parseBody } from './cookieJar.ts';
import { TEST_DEPOSIT_ADDRESSES } from './depositAddresses.ts';
import { loggedLines, testConfig } from './testConfig.ts';
import { createTestDatabase, type TestDatabase } from './testDb.ts';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: Deps;
  db: TestDatabase;
  /** Every log line the app wrote, for "no secret in the logs" checks. */
  logs: string[];
  client(): TestClient;
  eventCount(): Promise<number>;
  /**
   * The events of one type as the application reads them, personal fields opened (the log holds them
   * sealed: app/privacy/sealedEvents.ts), in log order; `where` filters on es_events in SQL ($2…).
   */
  loggedEvents<Data = Record<string, unknown>>(
    type: string,
    where?: string,
    params?: unknown[],
  ): Promise<{ id: string; streamName: string; data: Data; metadata: Record<string, unknown> }[]>;
  /** Waits until every projection has caught up with the log (for reads across sessions). */
  settle(): Promise<void>;
  /** The log's length once every projection and follow-up has caught up (settle, then eventCount). */
  settledEventCount(): Promise<number>;
  /** Settles, then waits for the ledger tree follower to hold every event of the log. */
  treeCaughtUp(): Promise<void>;
  /** Stops the app but keeps its database (to copy it: testDb.ts copyDatabase); `stop` then only drops it. */
  stopServices(): Promise<void>;
  stop(): Promise<void>;
}

/** The real app on a fresh database, driven through app.request() (no network). */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    projections?: readonly Projection[];
    /** The URL the app's services connect with, from the test database's (a proxy in between). */
    connectVia?: (databaseUrl: string) => string;
    /** READ_DATABASE_URL, from the test database's URL (api/http/readReplica.ts). */
    readVia?: (databaseUrl: string) => string;
  } = {},
): Promise<TestApp> {
  const db = await createTestDatabase('api');
  const databaseUrl = options.connectVia ? options.connectVia(db.url) : db.url;
  const config = testConfig(databaseUrl, {
    LOG_LEVEL: 'info',
    // Tests edit the log under a live app; the stored-tree check would record that as lasting damage.
    LEDGER_TREE_CHECK_INTERVAL_MS: '0',
    // Liabilities statements only when a test makes one (its scheduled job, or the admin route).
    LIABILITIES_INTERVAL: '0',
    ...TEST_DEPOSIT_ADDRESSES,
    ...(options.readVia ? { READ_DATABASE_URL: options.readVia(db.url) } : {}),
    ...env,
  });
  const { logger, lines: logs } = loggedLines();
  const services = await startServices(config, logger, {
    databaseUrl,
    projections: options.projections,
    // The verifiable ledger over a replay of the log with a test key (testing/ledgerReplay.ts).
  });
  // As api/main.ts does at start: the variables seed the deposit addresses no event has touched.
  await seedDepositAddresses(services.deps, depositAddressSeeds(config));
  const deps = apiDeps(services.deps);
  const app = createApp(deps);
  let stopped = false;
  const testApp: TestApp = {
    app,
    deps,
    db,
    logs,
    client: () => new TestClient(app),
    async eventCount() {
      const { rows } = await db.pool.query<{ n: string }>('SELECT count(*)::text AS n FROM es_events');
      return Number(rows[0]?.n ?? 0);
    },
    async loggedEvents(type, where, params = []) {
      const { rows } = await db.pool.query<{
        id: string;
        stream_name: string;
        data: unknown;
        metadata: Record<string, unknown>;
      }>(
        `SELECT event_id::text AS id, stream_name, data, metadata FROM es_events
          WHERE event_type = $1 ${where ? `AND (${where})` : ''} ORDER BY global_position`,
        [type, ...params],
      );
      const events = rows.map((row) => ({
        id: row.id,
        type,
        streamName: row.stream_name,
        data: row.data,
        metadata: row.metadata,
      }));
      // biome-ignore lint/suspicious/noExplicitAny: the caller names the data's shape
      return (await openEvents(services.deps.privacy.ring, events)) as any;
    },
    async settle() {
      // The follow-up worker appends while it catches up: wait until the head stops moving.
      for (let round = 0; round < 20; round++) {
        const head = await services.deps.store.headPosition();
        if (!head) return;
        if (!(await services.deps.runner.waitFor(head, services.deps.runner.names, 15_000))) {
          throw new Error('projections did not catch up within 15 s');
        }
        const after = await services.deps.store.headPosition();
        if (after && after.commit === head.commit && after.prepare === head.prepare) return;
      }
      throw new Error('the log kept growing while settling');
    },
    async treeCaughtUp() {
      const events = await testApp.settledEventCount();
      if (!(await waitForTreeSize(services.deps.pool, BigInt(events), 15_000)))
        throw new Error('the ledger tree did not catch up within 15 s');
    },
    async settledEventCount() {
      await testApp.settle();
      return await testApp.eventCount();
    },
    async stopServices() {
      if (stopped) return;
      stopped = true;
      await services.stop();
    },
    async stop() {
      await testApp.stopServices();
      await db.drop();
    },
  };
  return testApp;
}

/** The test app of the calling describe: started before its tests, stopped after them. */
export function setUpTestApp(...args: Parameters<typeof createTestApp>): TestApp {
  return beforeAllValue(
    () => createTestApp(...args),
    (t) => t.stop(),
  );
}

export interface Reply<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/**
 * A browser-like client: keeps cookies between requests; JSON in, JSON out. Like the admin web, it
 * remembers the password it signed in with and sends it as the fresh proof of the admin money commands
 * (testing/adminProof.ts); `autoProof = false` sends bodies as they are.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  autoProof = true;
  private signInPassword: string | null = null;
  constructor(private readonly app: ReturnType<typeof createApp>) {}

  // biome-ignore lint/suspicious/noExplicitAny: test replies are asserted field by field; a cast per call adds nothing
  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> {
    const init: RequestInit = { method, headers: { ...headers } };
    const h = init.headers as Record<string, string>;
    if (this.autoProof) body = withAdminProof(method, path, body, this.signInPassword);
    if (body !== undefined) {
      h['content-type'] ??= 'application/json';
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const cookie = cookieHeader(this.cookies);
    if (cookie) h.cookie = cookie;
    const response = await this.app.request(`http://localhost${path}`, init);
    keepCookies(this.cookies, response.headers);
    if (path === '/api/auth/login' && response.status === 200 && typeof body === 'object' && body !== null) {
      const password = (body as { password?: unknown }).password;
      if (typeof password === 'string') this.signInPassword = password;
    }
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: parseBody(text) as T, text };
  }

  /**
   * A GET as the web client makes it (web/src/lib/api.ts): when the server says its read models are still
   * behind this session's own last write (it waited its bound, a busy moment), ask again shortly, up to
   * four times. `request('GET', …)` gives the first answer as it is.
   */
  // biome-ignore lint/suspicious/noExplicitAny: as above
  async get<T = any>(path: string, headers?: Record<string, string>) {
    for (let attempt = 1; ; attempt++) {
      const reply = await this.request<T>('GET', path, undefined, headers);
      if (reply.headers.get('x-read-your-writes') !== 'behind' || attempt >= 4) return reply;
      await new Promise((resolve) => setTimeout(resolve, 400 * attempt));
    }
  }
  // biome-ignore lint/suspicious/noExplicitAny: as above
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body, headers);
  }
  // biome-ignore lint/suspicious/noExplicitAny: as above
  patch<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PATCH', path, body, headers);
  }
}

let counter = 0;
export function newRegistration(overrides: Record<string, unknown> = {}) {
  counter++;
  const tag = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    username: `user_${tag}`,
    email: `user.${tag}@example.com`,
    password: 'correct-horse',
    confirmPassword: 'correct-horse',
    firstName: 'Test',
    lastName: 'User',
    isAdmin: false,
    profileImageUrl: '',
    bio: '',
    termsAgreed: true,
    ...overrides,
  };
}

/**
 * Registers through the API and returns a signed-in client with the new user's id. The address is then
 * verified (unless `verified: false`): the client opens a verification link in its own session, through
 * the route and the command the mailed link uses (POST /api/auth/verify-email/confirm). The link is one
 * the harness issues itself with the mail's own function (issueToken), so that tests whose mail goes to
 * an SMTP server or a replaced mailer need not fish it out; api/auth/emailVerification.int.test.ts follows
 * the link of the real mail.
 */
export async function signedUpClient(
  t: TestApp,
  overrides: Record<string, unknown> = {},
  options: { verified?: boolean } = {},
) {
  const client = t.client();
  const registration = newRegistration(overrides);
  const reply = await client.post('/api/auth/register', registration);
  if (reply.status !== 201) throw new Error(`registration failed: ${reply.status} ${reply.text}`);
  const user = reply.body as { id: string; email: string; username: string };
  const id = parseUserId(user.id);
  if (options.verified !== false) await verifyEmailOf(t, client, id);
  return { client, user: { ...user, id }, registration };
}

/** Verifies `userId`'s address as its signed-in `client` would by opening the mailed link (see above). */
export async function verifyEmailOf(t: TestApp, client: TestClient, userId: UserId): Promise<void> {
  const token = await issueToken(t.deps.pool, userId, 'email_verification', t.deps.now());
  const reply = await client.post('/api/auth/verify-email/confirm', { token });
  if (reply.status !== 200) throw new Error(`verification failed: ${reply.status} ${reply.text}`);
}

/** An admin (made, or its password reset) signed in on a fresh client, with the admin's user id. */
export async function signedInAdmin(
  t: TestApp,
  email = `admin-${randomUUID().slice(0, 8)}@example.com`,
  password = 'admin-password-1',
) {
  const { userId } = await ensureAdmin(t.deps, email, password, { resetPassword: true });
  const client = t.client();
  const reply = await client.post('/api/auth/login', { email, password });
  expect(reply.status, reply.text).toBe(200);
  return { client, userId };
}

/** An admin's signed-in client (see signedInAdmin). */
export async function adminClient(t: TestApp, email?: string) {
  return (await signedInAdmin(t, email)).client;
}

/** A newly signed-up user's client for the calling describe, made before its tests on `t`. */
export function setUpUserClient(t: TestApp): TestClient {
  return beforeAllValue(
    async () => (await signedUpClient(t)).client,
    async () => {},
  );
}

/** A signed-in admin's client for the calling describe, made before its tests on `t`. */
export function setUpAdminClient(t: TestApp, email?: string): TestClient {
  return beforeAllValue(
    () => adminClient(t, email),
    async () => {},
  );
}
