import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { balance, fund, transfer } from '../../testing/ledgerApp.ts';
import { setUpAdminClient, setUpTestApp, signedUpClient } from '../../testing/testApp.ts';

/** What users and admins read back: histories, the admin list, notifications, stats and the giveaway. */
const t = setUpTestApp();

const admin = setUpAdminClient(t);

describe('token ledger over HTTP', () => {
  it('shows a user their history newest first, signed by direction, with the balance after each row', async () => {
    const alice = await signedUpClient(t);
    const bob = await signedUpClient(t);
    await fund(admin, alice.user.id, '20.00');
    await transfer(alice.client, bob.user.id, '5.00', 'one');
    await transfer(bob.client, alice.user.id, '1.50', 'two');
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
    await transfer(alice.client, bob.user.id, '1.00', `${tag} a`);
    await transfer(alice.client, bob.user.id, '2.00', `${tag} b`);
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
});

describe('token ledger over HTTP', () => {
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
});
