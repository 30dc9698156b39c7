import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../app/auth/credentials.ts';
import { createSession } from '../../app/auth/sessions.ts';
import { registerUser } from '../../app/auth/users.service.ts';
import type { PoolClient } from '../../infra/postgres/pool.ts';
import { setUpTestApp, type TestClient } from '../../testing/testApp.ts';

/**
 * REQUEST_TIMEOUT_MS, on real routes made slow for a real reason: another session holds a table lock
 * (as a maintenance job or a long migration would). Nothing is stubbed; the timeout is short for the test.
 */
const TIMEOUT_MS = 300;

describe('request timeout', () => {
  const t = setUpTestApp({ REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) });
  let alice: { client: TestClient; user: { id: string } };

  /** Runs `during` while another session holds `lock`, then lets the blocked work go on. */
  async function whileLocked<T>(lock: string, during: () => Promise<T>): Promise<T> {
    const holder: PoolClient = await t.db.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(lock);
      return await during();
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
  }

  beforeAll(async () => {
    // Registered and signed in through the services, not HTTP: hashing a password can itself take longer
    // than this test's short timeout on a busy machine.
    const { user } = await registerUser(
      t.deps,
      {
        email: 'timeout.alice@example.com',
        username: 'timeout_alice',
        password: 'correct-horse',
        passwordHash: await hashSecret('correct-horse'),
        firstName: 'Alice',
        lastName: 'Timeout',
        bio: '',
        profileImageUrl: '',
        isAdmin: false,
        emailVerified: true,
      },
      { actorId: null, correlationId: randomUUID(), causationId: null },
    );
    const session = await createSession(
      t.deps.pool,
      t.deps.sessions,
      { userId: user.userId, isAdmin: false },
      false,
    );
    const client = t.client();
    client.cookies.set('sai_session', session.token);
    alice = { client, user: { id: user.userId } };
    await t.settle();
  });

  it('answers a request stuck behind a lock with a 503 Problem once the timeout passes', async () => {
    const started = performance.now();
    const reply = await whileLocked('LOCK TABLE notifications IN ACCESS EXCLUSIVE MODE', () =>
      alice.client.get('/api/notifications'),
    );
    const elapsed = performance.now() - started;
    expect(reply.status).toBe(503);
    expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(reply.headers.get('retry-after')).toBe('1');
    expect(reply.body).toMatchObject({ status: 503, title: 'Service Unavailable', code: 'timeout' });
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 2_000);
    // The lock is gone: the same route answers again, and the abandoned query ended without a crash.
    expect((await alice.client.get('/api/notifications')).status).toBe(200);
    expect(t.logs.some((line) => line.includes('request timed out'))).toBe(true);
    // The warning names the request it was about, by the id its answer carried.
    const requestId = reply.headers.get('x-request-id');
    expect(requestId).toBeTruthy();
    const warning = t.logs
      .flatMap((chunk) => chunk.split('\n').filter(Boolean))
      .map((line) => JSON.parse(line) as { msg?: string; reqId?: string })
      .find((line) => line.msg === 'request timed out' && line.reqId === requestId);
    expect(warning).toBeDefined();
  });

  it('leaves a timed-out command to finish, and a retry with its Idempotency-Key gets its one outcome', async () => {
    const before = await t.eventCount();
    const key = `timeout-${Date.now()}`;
    const proof = { paymentMethod: 'USDT', amount: '12.50' };
    // SHARE mode lets the command read its stream but not append: it is stuck at the append.
    const first = await whileLocked('LOCK TABLE es_events IN SHARE MODE', async () => {
      const reply = await alice.client.post('/api/payments/verify', proof, { 'Idempotency-Key': key });
      expect(await t.eventCount()).toBe(before);
      return reply;
    });
    expect(first.status).toBe(503);
    expect(first.body.code).toBe('timeout');
    // Retries while the first attempt still runs are told to wait; then they get its answer, once.
    let retry = await alice.client.post('/api/payments/verify', proof, { 'Idempotency-Key': key });
    for (let i = 0; retry.status === 409 && i < 50; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      retry = await alice.client.post('/api/payments/verify', proof, { 'Idempotency-Key': key });
    }
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    await t.settle();
    const pending = await alice.client.get(`/api/payments/user/${alice.user.id}`);
    expect(pending.body.filter((p: { amount: string }) => p.amount === '12.50')).toHaveLength(1);
    expect(await t.eventCount()).toBe(before + 1);
    // The abandoned attempt finished in the background without tripping the error boundary.
    expect(t.logs.filter((line) => line.includes('unhandled error'))).toEqual([]);
  });

  it('does not cut off a streamed download that outlasts the timeout', async () => {
    let download: Promise<Awaited<ReturnType<TestClient['get']>>> | undefined;
    await whileLocked('LOCK TABLE ledger_postings IN ACCESS EXCLUSIVE MODE', async () => {
      // The response starts at once; its rows wait for the lock, three timeouts long.
      download = alice.client.get('/api/transactions/statement.csv?from=2020-01-01&to=2999-01-01');
      await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 3));
    });
    const reply = await download!;
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(reply.text).toContain('opening_balance');
    expect(reply.text).toContain('closing_balance');
  });
});
