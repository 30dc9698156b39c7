import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServices } from '../../runtime/services.ts';
import { fund } from '../../testing/ledgerApp.ts';
import {
  adminClient,
  createTestApp,
  signedUpClient,
  type TestApp,
  TestClient,
} from '../../testing/testApp.ts';
import { testConfig } from '../../testing/testConfig.ts';
import { createApp } from '../app.ts';

/**
 * Two API processes on one database (two apps, each with its own services and pool, as two processes have):
 * with the Postgres store they share one budget; in memory each would allow the whole limit.
 */
async function twoApis(store: 'postgres' | 'memory') {
  const env = {
    TRUST_PROXY: '1',
    RATE_LIMITS: 'login=4/60,register=1000/60,money=3/60',
    RATE_LIMIT_STORE: store,
  };
  const first = await createTestApp(env);
  // One database, one set of keys: each process opens what the other sealed.
  const config = testConfig(first.db.url, { LOG_LEVEL: 'silent', ...env });
  const services = await startServices(config, pino({ level: 'silent' }), {
    databaseUrl: first.db.url,
    runProjections: false,
    scheduledJobs: false,
  });
  const secondApp = createApp(services.deps);
  return { first, second: new TestClient(secondApp), secondApp, services };
}

/** Wrong-password sign-ins from one address, alternating between the two APIs: their statuses. */
/** Two API processes on one database for the describe block: the object is filled before its tests run. */
function setUpTwoApis(store: 'postgres' | 'memory'): Awaited<ReturnType<typeof twoApis>> {
  const api = {} as Awaited<ReturnType<typeof twoApis>>;
  beforeAll(async () => {
    Object.assign(api, await twoApis(store));
  });
  afterAll(async () => {
    await api.services.stop();
    await api.first.stop();
  });
  return api;
}

async function alternateSignIns(api: { first: TestApp; second: TestClient }, address: string, n: number) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) {
    const client = i % 2 === 0 ? api.first.client() : api.second;
    const reply = await client.post(
      '/api/auth/login',
      { email: `nobody-${address}@example.com`, password: `wrong-guess-${i}` },
      { 'X-Forwarded-For': address },
    );
    statuses.push(reply.status);
  }
  return statuses;
}

describe('rate limits with RATE_LIMIT_STORE=postgres', () => {
  const api = setUpTwoApis('postgres');

  it('two API processes share one budget: the limit is reached across both', async () => {
    // login=4/60: four sign-ins per address and minute, whichever process answers them.
    expect(await alternateSignIns(api, '203.0.113.50', 6)).toEqual([401, 401, 401, 401, 429, 429]);
    // Counted in the shared table, one row per limit and key.
    const { rows } = await api.first.db.pool.query<{ key: string; points: number }>(
      "SELECT key, points FROM rate_limits WHERE key = 'login:203.0.113.50'",
    );
    expect(rows).toEqual([{ key: 'login:203.0.113.50', points: 6 }]);
  });

  it("the sign-in throttle's counters are shared too: five free failures in all, not per process", async () => {
    const { first, second } = api;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      // A new address each time (under the burst limit); the same /64, so one key for the pair throttle.
      const address = `2001:db8:0:1::${i + 1}`;
      const client = i % 2 === 0 ? first.client() : second;
      const reply = await client.post(
        '/api/auth/login',
        { email: 'someone@example.com', password: `wrong-guess-${i}` },
        { 'X-Forwarded-For': address },
      );
      statuses.push(reply.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it("a sender's transfers count once across both: money=3/60 allows three, whichever process takes them", async () => {
    const { first } = api;
    const sender = await signedUpClient(first);
    const receiver = await signedUpClient(first);
    await fund(await adminClient(first), sender.user.id, '100');
    // The same session on the other process (one database, one session secret).
    const elsewhere = new TestClient(api.secondApp);
    for (const [name, value] of sender.client.cookies) elsewhere.cookies.set(name, value);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const client = i % 2 === 0 ? sender.client : elsewhere;
      const reply = await client.post('/api/transactions', {
        type: 'transfer',
        amount: '1',
        receiver_id: receiver.user.id,
      });
      statuses.push(reply.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });
});

describe('rate limits with RATE_LIMIT_STORE=memory', () => {
  const api = setUpTwoApis('memory');

  it('each process counts alone: two processes allow twice the limit (why several APIs need postgres)', async () => {
    expect(await alternateSignIns(api, '203.0.113.51', 10)).toEqual([
      401, 401, 401, 401, 401, 401, 401, 401, 429, 429,
    ]);
    const { rows } = await api.first.db.pool.query('SELECT key FROM rate_limits');
    expect(rows).toEqual([]);
  });
});
