import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDecider, accountStream, INSUFFICIENT_SAI } from '../../domain/accounts/account.ts';
import { allProjections } from '../../projections/index.ts';
import { ledgerProjection } from '../../projections/ledger/ledger.projection.ts';
import { applyEvent, handledTypes, oneHandlerFor, type Projection } from '../../projections/projection.ts';
import { ensureAdmin } from '../bootstrap/accounts.ts';
import { handleCommand } from '../commands/handleCommand.ts';
import { createTestApp, signedUpClient, type TestApp, type TestClient } from '../testing/testApp.ts';
import { CREDIT_GRACE_MS } from './followUps.ts';

async function adminClient(t: TestApp, email = `admin-${randomUUID().slice(0, 8)}@example.com`) {
  await ensureAdmin(t.deps, email, 'admin-password-1', { resetPassword: true });
  const client = t.client();
  const reply = await client.post('/api/auth/login', { email, password: 'admin-password-1' });
  expect(reply.status).toBe(200);
  return client;
}

async function fund(admin: TestClient, userId: string, amount: string | number) {
  const reply = await admin.post('/api/transactions', {
    type: 'admin_deposit',
    receiver_id: userId,
    amount,
    description: 'Funding',
  });
  expect(reply.status, reply.text).toBe(201);
  return reply.body;
}

async function balance(client: TestClient): Promise<string> {
  const me = await client.get('/api/auth/user');
  return me.body.balance;
}

describe('token ledger over HTTP', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminClient(t);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('turns an approved deposit proof into tokens and a notification, once', async () => {
    const { client, user } = await signedUpClient(t);
    const submitted = await client.post('/api/payments/verify', {
      paymentMethod: 'USDT',
      amount: 250,
      notes: 'tx 0xabc',
      proofImageUrl: '',
    });
    expect(submitted.status).toBe(201);
    expect(submitted.body).toMatchObject({ status: 'pending', amount: '250.00', paymentMethod: 'USDT' });
    const mine = await client.get(`/api/payments/user/${user.id}`);
    expect(mine.body.map((p: { id: string }) => p.id)).toContain(submitted.body.id);

    const pending = await admin.get('/api/payments/pending');
    expect(pending.body.map((p: { id: string }) => p.id)).toContain(submitted.body.id);
    const approved = await admin.patch(`/api/payments/${submitted.body.id}/verify`, { approved: true });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('verified');
    await t.settle();
    expect(await balance(client)).toBe('250.00');

    const twice = await admin.patch(`/api/payments/${submitted.body.id}/verify`, { approved: true });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This payment has already been approved');
    const rejectLate = await admin.patch(`/api/payments/${submitted.body.id}/verify`, {
      approved: false,
      reason: 'x',
    });
    expect(rejectLate.status).toBe(409);
    expect(await balance(client)).toBe('250.00');
    expect((await admin.get('/api/payments/pending')).body.map((p: { id: string }) => p.id)).not.toContain(
      submitted.body.id,
    );

    const notifications = await client.get('/api/notifications');
    expect(notifications.body.map((n: { title: string }) => n.title)).toEqual(
      expect.arrayContaining(['Payment approved', 'Deposit submitted']),
    );
  });

  it('rejects a proof with a reason the user is told, and moves nothing', async () => {
    const { client } = await signedUpClient(t);
    const submitted = await client.post('/api/payments/verify', {
      paymentMethod: 'ETH',
      amount: '100',
      notes: '',
    });
    const rejected = await admin.patch(`/api/payments/${submitted.body.id}/verify`, {
      approved: false,
      reason: 'No funds arrived',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', rejectionReason: 'No funds arrived' });
    await t.settle();
    expect(await balance(client)).toBe('0.00');
    const notes = await client.get('/api/notifications');
    const rejection = notes.body.find((n: { title: string }) => n.title === 'Payment rejected');
    expect(rejection.message).toContain('No funds arrived');
    expect((await admin.patch(`/api/payments/${randomUUID()}/verify`, { approved: true })).status).toBe(404);
  });

  it('lets only admins distribute, only to existing users, only positive amounts', async () => {
    const { client, user } = await signedUpClient(t);
    const denied = await client.post('/api/transactions', {
      type: 'admin_deposit',
      receiver_id: user.id,
      amount: 5,
    });
    expect(denied.status).toBe(403);
    expect(
      (await admin.post('/api/transactions', { type: 'admin_deposit', receiver_id: 'nobody00', amount: 5 }))
        .status,
    ).toBe(404);
    expect(
      (await admin.post('/api/transactions', { type: 'admin_deposit', receiver_id: user.id, amount: 0 }))
        .status,
    ).toBe(400);
    await fund(admin, user.id, '12.34');
    await t.settle();
    expect(await balance(client)).toBe('12.34');
    const notes = await client.get('/api/notifications');
    expect(notes.body[0].title).toBe('Tokens received');
  });

  it('transfers between users with the spec rules, and refuses bad amounts without appending', async () => {
    const alice = await signedUpClient(t);
    const bob = await signedUpClient(t);
    await fund(admin, alice.user.id, 10);
    const lookup = await alice.client.get(
      `/api/users/by-email?email=${encodeURIComponent(bob.user.email.toUpperCase())}`,
    );
    expect(lookup.status).toBe(200);
    expect(lookup.body).toEqual({ id: bob.user.id, email: bob.user.email, username: bob.user.username });
    const missing = await alice.client.get('/api/users/by-email?email=nobody%40example.com');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Recipient not found');

    const sent = await alice.client.post('/api/transactions', {
      type: 'transfer',
      amount: 2.5,
      sender_id: alice.user.id,
      receiver_id: bob.user.id,
      description: 'Lunch',
      status: 'pending',
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      amount: '2.50',
      status: 'completed',
      sender_id: alice.user.id,
      receiver_id: bob.user.id,
    });
    await t.settle();
    expect(await balance(alice.client)).toBe('7.50');
    expect(await balance(bob.client)).toBe('2.50');

    const before = await t.eventCount();
    const bad: [unknown, number][] = [
      ['0.001', 400],
      ['1e3', 400],
      [-5, 400],
      [0, 400],
      ['', 400],
      ['NaN', 400],
      [1e21, 400],
      ['99999999999999999', 400],
      [null, 400],
      [{ value: 1 }, 400],
    ];
    for (const [amount, status] of bad) {
      const reply = await alice.client.post('/api/transactions', {
        type: 'transfer',
        amount,
        receiver_id: bob.user.id,
      });
      expect(reply.status, JSON.stringify(amount)).toBe(status);
      expect(reply.body.fieldErrors?.amount ?? reply.body.message).toBeTruthy();
    }
    const over = await alice.client.post('/api/transactions', {
      type: 'transfer',
      amount: '7.51',
      receiver_id: bob.user.id,
    });
    expect(over.status).toBe(422);
    expect(over.body.message).toBe(INSUFFICIENT_SAI);
    const self = await alice.client.post('/api/transactions', {
      type: 'transfer',
      amount: 1,
      receiver_id: alice.user.id,
    });
    expect(self.status).toBe(400);
    const forged = await alice.client.post('/api/transactions', {
      type: 'transfer',
      amount: 1,
      receiver_id: bob.user.id,
      sender_id: bob.user.id,
    });
    expect(forged.status).toBe(403);
    const nobody = await alice.client.post('/api/transactions', {
      type: 'transfer',
      amount: 1,
      receiver_id: 'nobody00',
    });
    expect(nobody.status).toBe(404);
    expect(await t.eventCount()).toBe(before);
    expect(await balance(alice.client)).toBe('7.50');
  });

  it('lets exactly 33 of 50 concurrent 3.00 transfers from 100.00 through', async () => {
    const sender = await signedUpClient(t);
    const receiver = await signedUpClient(t);
    await fund(admin, sender.user.id, '100.00');
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        sender.client.post('/api/transactions', {
          type: 'transfer',
          amount: '3.00',
          receiver_id: receiver.user.id,
        }),
      ),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(33);
    expect(statuses.filter((s) => s === 422)).toHaveLength(17);
    for (const r of replies.filter((x) => x.status === 422)) expect(r.body.message).toBe(INSUFFICIENT_SAI);
    await t.settle();
    expect(await balance(sender.client)).toBe('1.00');
    expect(await balance(receiver.client)).toBe('99.00');
  });

  it('moves money once for requests replayed with their idempotency keys', async () => {
    const sender = await signedUpClient(t);
    const receiver = await signedUpClient(t);
    await fund(admin, sender.user.id, '500.00');
    const keys = Array.from({ length: 100 }, () => randomUUID());
    const send = (key: string) =>
      sender.client.post(
        '/api/transactions',
        { type: 'transfer', amount: '1.25', receiver_id: receiver.user.id },
        { 'Idempotency-Key': key },
      );
    // 200 requests: every key twice, the copies racing each other.
    const replies = await Promise.all([...keys, ...keys].map(send));
    const ok = replies.filter((r) => r.status === 201);
    const inFlight = replies.filter((r) => r.status === 409);
    expect(ok.length + inFlight.length).toBe(200);
    // Retry the ones told to wait: they get the first answer.
    for (const key of keys) {
      const again = await send(key);
      expect(again.status).toBe(201);
    }
    expect(new Set(ok.map((r) => r.body.id)).size).toBe(keys.length);
    await t.settle();
    expect(await balance(sender.client)).toBe('375.00');
    expect(await balance(receiver.client)).toBe('125.00');
    const replay = await send(keys[0]!);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const other = await sender.client.post(
      '/api/transactions',
      { type: 'transfer', amount: '9.99', receiver_id: receiver.user.id },
      { 'Idempotency-Key': keys[0]! },
    );
    expect(other.status).toBe(422);
    expect(await balance(sender.client)).toBe('375.00');
  });

  it('shows a user their history newest first, signed by direction, with the balance after each row', async () => {
    const alice = await signedUpClient(t);
    const bob = await signedUpClient(t);
    await fund(admin, alice.user.id, '20.00');
    await alice.client.post('/api/transactions', {
      type: 'transfer',
      amount: '5.00',
      receiver_id: bob.user.id,
      description: 'one',
    });
    await bob.client.post('/api/transactions', {
      type: 'transfer',
      amount: '1.50',
      receiver_id: alice.user.id,
      description: 'two',
    });
    await t.settle();
    const history = await alice.client.get('/api/transactions');
    expect(history.status).toBe(200);
    const rows = history.body.transactions;
    expect(rows.map((r: { signedAmount: string }) => r.signedAmount)).toEqual(['+1.50', '-5.00', '+20.00']);
    expect(rows.map((r: { balanceAfter: string }) => r.balanceAfter)).toEqual(['16.50', '15.00', '20.00']);
    expect(rows[0].balanceAfter).toBe(await balance(alice.client));
    expect(rows[1]).toMatchObject({
      type: 'transfer',
      direction: 'sent',
      receiverName: bob.user.username,
      status: 'completed',
    });

    const transfersOnly = await alice.client.get('/api/transactions?type=transfer');
    expect(transfersOnly.body.transactions).toHaveLength(2);
    const future = await alice.client.get('/api/transactions?from=2999-01-01');
    expect(future.body.transactions).toHaveLength(0);
    const page1 = await alice.client.get('/api/transactions?limit=2');
    expect(page1.body.transactions).toHaveLength(2);
    const page2 = await alice.client.get(`/api/transactions?limit=2&cursor=${page1.body.nextCursor}`);
    expect(page2.body.transactions.map((r: { signedAmount: string }) => r.signedAmount)).toEqual(['+20.00']);
    expect(page2.body.nextCursor).toBeNull();
    expect((await alice.client.get('/api/transactions?limit=1000')).status).toBe(400);
    expect((await alice.client.get('/api/transactions?type=bogus')).status).toBe(400);
  });

  it('gives admins every transaction with search, filters, a total and paging', async () => {
    const alice = await signedUpClient(t);
    const bob = await signedUpClient(t);
    const tag = `needle-${randomUUID().slice(0, 6)}`;
    const funded = await fund(admin, alice.user.id, '9.00');
    await alice.client.post('/api/transactions', {
      type: 'transfer',
      amount: '1.00',
      receiver_id: bob.user.id,
      description: `${tag} a`,
    });
    await alice.client.post('/api/transactions', {
      type: 'transfer',
      amount: '2.00',
      receiver_id: bob.user.id,
      description: `${tag} b`,
    });
    await t.settle();
    const found = await admin.get(`/api/transactions/all?q=${tag}`);
    expect(found.body.total).toBe(2);
    expect(found.body.transactions.map((r: { amount: string }) => r.amount)).toEqual(['2.00', '1.00']);
    const byId = await admin.get(`/api/transactions/all?q=${funded.id.slice(0, 13)}`);
    expect(byId.body.transactions[0].id).toBe(funded.id);
    const deposits = await admin.get('/api/transactions/all?type=admin_deposit&limit=1');
    expect(deposits.body.transactions).toHaveLength(1);
    expect(deposits.body.total).toBeGreaterThan(1);
    const next = await admin.get(
      `/api/transactions/all?type=admin_deposit&limit=1&cursor=${deposits.body.nextCursor}`,
    );
    expect(next.body.transactions[0].id).not.toBe(deposits.body.transactions[0].id);
    expect((await admin.get('/api/transactions/all?status=failed')).body.total).toBe(0);
    expect((await alice.client.get('/api/transactions/all')).status).toBe(403);
    expect((await alice.client.get('/api/transactions/all?q=%25')).status).toBe(403);
  });

  it('keeps notifications private and marks them read one by one or all at once', async () => {
    const alice = await signedUpClient(t);
    const bob = await signedUpClient(t);
    await fund(admin, alice.user.id, '3.00');
    await fund(admin, alice.user.id, '4.00');
    await t.settle();
    expect((await alice.client.get('/api/notifications/unread-count')).body).toEqual({ count: 2 });
    const list = (await alice.client.get('/api/notifications')).body;
    expect(list).toHaveLength(2);
    expect((await bob.client.patch(`/api/notifications/${list[0].id}/read`)).status).toBe(404);
    expect((await bob.client.get('/api/notifications')).body).toHaveLength(0);
    expect((await alice.client.patch(`/api/notifications/${list[0].id}/read`)).status).toBe(200);
    expect((await alice.client.get('/api/notifications/unread-count')).body).toEqual({ count: 1 });
    expect((await alice.client.patch('/api/notifications/mark-all-read')).status).toBe(200);
    expect((await alice.client.get('/api/notifications/unread-count')).body).toEqual({ count: 0 });
    await fund(admin, alice.user.id, '1.00');
    await t.settle();
    expect((await alice.client.get('/api/notifications/unread-count')).body).toEqual({ count: 1 });
    expect((await alice.client.patch('/api/notifications/not-a-uuid/read')).status).toBe(400);
  });

  it('lists users with real dates, status and balances, and real stats, for admins only', async () => {
    const { client, user } = await signedUpClient(t);
    await fund(admin, user.id, '42.00');
    await t.settle();
    const users = await admin.get(`/api/users?q=${encodeURIComponent(user.email)}`);
    expect(users.body.users).toEqual([
      expect.objectContaining({
        id: user.id,
        status: 'active',
        balance: '42.00',
        createdAt: expect.stringMatching(/^\d{4}-/),
      }),
    ]);
    const stats = await admin.get('/api/admin/stats');
    expect(stats.body.totalUsers).toBeGreaterThan(1);
    expect(Number(stats.body.tokensInCirculation)).toBeGreaterThanOrEqual(42);
    expect(stats.body.transactionsLast24h).toBeGreaterThan(0);
    expect(stats.body.trends).toHaveProperty('users');
    expect((await client.get('/api/users')).status).toBe(403);
    expect((await client.get('/api/admin/stats')).status).toBe(403);
    expect((await t.client().get('/api/admin/stats')).status).toBe(401);
  });

  it('computes the giveaway progress from the tokens in circulation', async () => {
    await t.settle();
    const before = (await t.client().get('/api/campaign')).body;
    expect(before).toMatchObject({ target: '25000.00', prizeValueUsd: 58500 });
    expect(Date.parse(before.startsAt)).toBeLessThan(Date.parse(before.endsAt));
    expect(Date.parse(before.endsAt)).toBeLessThan(Date.parse(before.drawAt));
    const { user } = await signedUpClient(t);
    await fund(admin, user.id, '250.00');
    await t.settle();
    const after = (await t.client().get('/api/campaign')).body;
    expect(Number(after.current) - Number(before.current)).toBeCloseTo(250, 2);
    expect(after.progressPercent).toBe(
      Math.min(100, Math.floor((Number(after.current) * 1000) / 25000) / 10),
    );
  });

  it('finishes a transfer whose credit was interrupted (follow-up worker)', async () => {
    const alice = await signedUpClient(t);
    const bob = await signedUpClient(t);
    const carol = await signedUpClient(t);
    await fund(admin, alice.user.id, '10.00');
    // A crash after the debit: append only the sender's side, as a dying request would leave it.
    const transactionId = randomUUID();
    const debit = await handleCommand(
      t.deps,
      accountStream(alice.user.id),
      accountDecider,
      {
        type: 'TransferTokens',
        data: {
          transactionId,
          fromUserId: alice.user.id,
          toUserId: bob.user.id,
          receiverExists: true,
          receiverSuspended: false,
          fromLabel: 'alice',
          toLabel: 'bob',
          asset: 'SAI',
          units: 600n,
          description: 'interrupted',
        },
        now: new Date(),
      },
      { actorId: alice.user.id, correlationId: randomUUID(), causationId: null },
    );
    // The follow-up worker has seen the debit and gives the request its grace before crediting.
    expect(await t.deps.runner.waitFor(debit.position!, ['ledgerFollowUps'], 5_000)).toBe(true);
    const due = await t.db.pool.query('SELECT 1 FROM ledger_follow_ups_due WHERE transaction_id = $1', [
      transactionId,
    ]);
    expect(due.rowCount).toBe(1);
    // Bob can spend it once the follow-up applied the credit to his stream.
    const deadline = Date.now() + 10_000;
    let reply = await bob.client.post('/api/transactions', {
      type: 'transfer',
      amount: '6.00',
      receiver_id: carol.user.id,
    });
    while (reply.status === 422 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      reply = await bob.client.post('/api/transactions', {
        type: 'transfer',
        amount: '6.00',
        receiver_id: carol.user.id,
      });
    }
    expect(reply.status).toBe(201);
    await t.settle();
    expect(await balance(carol.client)).toBe('6.00');
    // Credited by the worker (caused by the debit), once, no sooner than the grace after the debit.
    const { rows } = await t.db.pool.query<{ caused_by: string; after_ms: number }>(
      `SELECT c.metadata->>'causationId' AS caused_by,
              (extract(epoch FROM c.created_at - d.created_at) * 1000)::float8 AS after_ms
         FROM es_events c JOIN es_events d ON d.event_type = 'TokensTransferred' AND d.data->>'transactionId' = $1
        WHERE c.event_type = 'TransferReceived' AND c.data->>'transactionId' = $1`,
      [transactionId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.caused_by).toBe(await debitEventId(t, transactionId));
    expect(rows[0]!.after_ms).toBeGreaterThanOrEqual(CREDIT_GRACE_MS);
    await expect
      .poll(
        async () =>
          (
            await t.db.pool.query('SELECT 1 FROM ledger_follow_ups_due WHERE transaction_id = $1', [
              transactionId,
            ])
          ).rowCount,
      )
      .toBe(0);
  });

  it('leaves the credits to their requests: the follow-up worker writes none of them', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => signedUpClient(t)));
    await Promise.all(users.map((u) => fund(admin, u.user.id, '10.00')));
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        users[i % 6]!.client.post('/api/transactions', {
          type: 'transfer',
          amount: '0.10',
          receiver_id: users[(i + 1 + (i % 5)) % 6]!.user.id,
        }),
      ),
    );
    for (const reply of replies) expect(reply.status, reply.text).toBe(201);
    const ids = replies.map((reply) => reply.body.id as string);
    await t.settle();
    expect(
      await t.deps.runner.waitFor((await t.deps.store.headPosition())!, ['ledgerFollowUps'], 5_000),
    ).toBe(true);
    // Every credit was written by its request (actor: the sender), none by the worker (actor: none).
    const { rows } = await t.db.pool.query<{ actor: string | null; sender: string }>(
      `SELECT metadata->>'actorId' AS actor, data->>'fromUserId' AS sender FROM es_events
        WHERE event_type = 'TransferReceived' AND data->>'transactionId' = ANY($1::text[])`,
      [ids],
    );
    expect(rows).toHaveLength(30);
    for (const row of rows) expect(row.actor).toBe(row.sender);
    const due = await t.db.pool.query(
      'SELECT 1 FROM ledger_follow_ups_due WHERE transaction_id = ANY($1::text[])',
      [ids],
    );
    expect(due.rowCount).toBe(0);
  });
});

async function debitEventId(t: TestApp, transactionId: string): Promise<string> {
  const { rows } = await t.db.pool.query<{ id: string }>(
    `SELECT event_id::text AS id FROM es_events WHERE event_type = 'TokensTransferred' AND data->>'transactionId' = $1`,
    [transactionId],
  );
  return rows[0]!.id;
}

describe('read-your-writes', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The ledger projection made slow on purpose: without the wait, the balance read right after a
    // command would still be the old one.
    const slowLedger: Projection = {
      ...ledgerProjection,
      // Event by event, so every event pays the delay.
      applyBatch: undefined,
      handlers: oneHandlerFor(handledTypes(ledgerProjection), async (event, tx) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await applyEvent(ledgerProjection, event, tx);
      }),
    };
    t = await createTestApp(
      {},
      { projections: allProjections.map((p) => (p.name === 'ledger' ? slowLedger : p)) },
    );
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('shows the sender their own new balance on the very next read', async () => {
    const admin = await adminClient(t);
    const alice = await signedUpClient(t);
    const bob = await signedUpClient(t);
    await fund(admin, alice.user.id, '10.00');
    expect(await balance(admin)).toBe('0.00');
    // Alice's session did not write the funding, so she may wait; her own transfer must show at once.
    await new Promise((resolve) => setTimeout(resolve, 700));
    const sent = await alice.client.post('/api/transactions', {
      type: 'transfer',
      amount: '4.00',
      receiver_id: bob.user.id,
    });
    expect(sent.status).toBe(201);
    expect(sent.headers.get('x-log-position')).toMatch(/^\d+-\d+$/);
    expect(await balance(alice.client)).toBe('6.00');
  });
});

describe('read-your-writes past its bound', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Slower than the 1 s bound: the read after a write cannot be up to date in time.
    const verySlowLedger: Projection = {
      ...ledgerProjection,
      // Event by event, so every event pays the delay.
      applyBatch: undefined,
      handlers: oneHandlerFor(handledTypes(ledgerProjection), async (event, tx) => {
        await new Promise((resolve) => setTimeout(resolve, 1_200));
        await applyEvent(ledgerProjection, event, tx);
      }),
    };
    t = await createTestApp(
      {},
      { projections: allProjections.map((p) => (p.name === 'ledger' ? verySlowLedger : p)) },
    );
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('tells the client the answer is behind its own write, and stops saying so once caught up', async () => {
    const admin = await adminClient(t);
    const alice = await signedUpClient(t);
    await t.settle();
    const funded = await admin.post('/api/transactions', {
      type: 'admin_deposit',
      amount: '3.00',
      receiver_id: alice.user.id,
    });
    expect(funded.status).toBe(201);
    // The first answer as it is (admin.get would ask again, as the web client does).
    const behind = await admin.request('GET', '/api/transactions/all');
    expect(behind.headers.get('x-read-your-writes')).toBe('behind');
    await t.settle();
    const current = await admin.get('/api/transactions/all');
    expect(current.headers.get('x-read-your-writes')).toBeNull();
    expect(current.body.transactions[0].amount).toBe('3.00');
  }, 60_000);
});
