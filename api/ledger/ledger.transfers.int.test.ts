import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { INSUFFICIENT_SAI } from '../../domain/accounts/account.ts';
import { balance, fund } from '../../testing/ledgerApp.ts';
import { setUpAdminClient, setUpTestApp, signedUpClient } from '../../testing/testApp.ts';

/** Deposit proofs, distributions, transfers and their rules, concurrency and idempotency. */
const t = setUpTestApp();

const admin = setUpAdminClient(t);

describe('token ledger over HTTP', () => {
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
});

describe('token ledger over HTTP', () => {
  it('transfers between users with the spec rules, and refuses bad amounts without appending', async () => {
    const alice = await signedUpClient(t);
    const bob = await signedUpClient(t);
    await fund(admin, alice.user.id, 10);
    // Alice's transfers, with her password: each names what it tries.
    const send = (fields: Record<string, unknown>) =>
      alice.client.post('/api/transactions', { type: 'transfer', password: 'correct-horse', ...fields });
    const lookup = await alice.client.get(
      `/api/users/by-email?email=${encodeURIComponent(bob.user.email.toUpperCase())}`,
    );
    expect(lookup.status).toBe(200);
    expect(lookup.body).toEqual({ id: bob.user.id, email: bob.user.email, username: bob.user.username });
    const missing = await alice.client.get('/api/users/by-email?email=nobody%40example.com');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Recipient not found');

    const sent = await send({
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
      const reply = await send({ amount, receiver_id: bob.user.id });
      expect(reply.status, JSON.stringify(amount)).toBe(status);
      expect(reply.body.fieldErrors?.amount ?? reply.body.message).toBeTruthy();
    }
    const over = await send({ amount: '7.51', receiver_id: bob.user.id });
    expect(over.status).toBe(422);
    expect(over.body.message).toBe(INSUFFICIENT_SAI);
    const self = await send({ amount: 1, receiver_id: alice.user.id });
    expect(self.status).toBe(400);
    const forged = await send({ amount: 1, receiver_id: bob.user.id, sender_id: bob.user.id });
    expect(forged.status).toBe(403);
    const nobody = await send({ amount: 1, receiver_id: 'nobody00' });
    expect(nobody.status).toBe(404);
    expect(await t.eventCount()).toBe(before);
    expect(await balance(alice.client)).toBe('7.50');
  });
});

describe('token ledger over HTTP', () => {
  it('lets exactly 33 of 50 concurrent 3.00 transfers from 100.00 through', async () => {
    const sender = await signedUpClient(t);
    const receiver = await signedUpClient(t);
    await fund(admin, sender.user.id, '100.00');
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        sender.client.post('/api/transactions', {
          type: 'transfer',
          password: 'correct-horse',
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
        { type: 'transfer', password: 'correct-horse', amount: '1.25', receiver_id: receiver.user.id },
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
      { type: 'transfer', password: 'correct-horse', amount: '9.99', receiver_id: receiver.user.id },
      { 'Idempotency-Key': keys[0]! },
    );
    expect(other.status).toBe(422);
    expect(await balance(sender.client)).toBe('375.00');
  });
});
