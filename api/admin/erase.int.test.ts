import { describe, expect, it } from 'vitest';
import { liveSessions } from '../../testing/accountApp.ts';
import {
  declareEthDeposit,
  fund,
  fundEth,
  fundedPerson,
  transfer,
  withdrawEth,
} from '../../testing/ledgerApp.ts';
import { setUpTestApp, signedInAdmin, signedUpClient, type TestApp } from '../../testing/testApp.ts';

/**
 * POST /api/admin/users/{id}/erase: the contract other work builds on (the admin screen, the CLI). A
 * person holding money is refused with what must happen first; an erased person is unknown to sign-in,
 * to every command and to anyone sending them money; other users' histories name them "Erased user".
 */
const t = setUpTestApp();

const erase = (admin: { client: ReturnType<TestApp['client']> }, id: string, body: object = {}) =>
  admin.client.post(`/api/admin/users/${id}/erase`, {
    reason: 'Art. 17 request',
    confirm: 'ERASE',
    ...body,
  });

describe('POST /api/admin/users/{id}/erase', () => {
  it('refuses while the person holds money, naming each blocker, and appends nothing', async () => {
    const { admin, person } = await fundedPerson(t, '20.00');
    await fundEth(admin.client, person.client, '1');
    // A withdrawal (a hold and a pending withdrawal), a declared deposit, a payment proof: all still open.
    const withdrawal = await withdrawEth(person, '0.25');
    expect(withdrawal.status, withdrawal.text).toBe(201);
    const deposit = await declareEthDeposit(person.client);
    expect(deposit.status, deposit.text).toBe(201);
    const proof = await person.client.post('/api/payments/verify', { paymentMethod: 'USDT', amount: 300 });
    expect(proof.status, proof.text).toBe(201);
    await t.settle();
    const before = await t.eventCount();

    const refused = await erase(admin, person.user.id);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(refused.body.type).toBe('person-holds-money');
    const withdrawalId = withdrawal.body.id as string;
    expect(refused.body.blockers).toEqual(
      expect.arrayContaining([
        { kind: 'balance', asset: 'SAI', amount: '20.00' },
        { kind: 'balance', asset: 'ETH', amount: '0.75000000' },
        { kind: 'hold', asset: 'ETH', amount: '0.25000000', id: withdrawalId },
        { kind: 'pendingWithdrawal', id: withdrawalId },
        { kind: 'pendingDeposit', id: deposit.body.id },
        { kind: 'pendingPayment', id: proof.body.id },
      ]),
    );
    expect(refused.body.blockers).toHaveLength(6);
    expect(refused.body.detail).toContain('withdrawal');
    // Moving the balances to dormant does not lift the holds and the pending movements.
    const stillRefused = await erase(admin, person.user.id, { moveBalancesToDormant: true });
    expect(stillRefused.status).toBe(409);
    expect(stillRefused.body.blockers.map((b: { kind: string }) => b.kind).sort()).toEqual([
      'hold',
      'pendingDeposit',
      'pendingPayment',
      'pendingWithdrawal',
    ]);
    await t.settle();
    expect(await t.eventCount()).toBe(before);
    // Still a live user who may sign in.
    const login = await t.client().post('/api/auth/login', {
      email: person.registration.email,
      password: person.registration.password,
    });
    expect(login.status).toBe(200);
  }, 120_000);
  it('counts a card stake as money held: refused until the stake is released, even moving balances to dormant', async () => {
    const { admin, person } = await fundedPerson(t, '300.00');
    const card = await person.client.post('/api/cards', {});
    expect((await person.client.post(`/api/cards/${card.body.id}/stake`, { tier: 'ruby' })).status).toBe(200);
    await t.settle();
    const before = await t.eventCount();
    const refused = await erase(admin, person.user.id, { moveBalancesToDormant: true });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.blockers).toEqual([
      { kind: 'hold', asset: 'SAI', amount: '250.00', id: 'card-stake' },
    ]);
    expect(refused.body.detail).toContain('250.00 SAI staked for the card (release the stake first)');
    await t.settle();
    expect(await t.eventCount()).toBe(before);
  }, 120_000);
});

describe('POST /api/admin/users/{id}/erase', () => {
  it('erases: sessions end, sign-in fails like a wrong password, nobody can send them money', async () => {
    const admin = await signedInAdmin(t);
    const person = await signedUpClient(t, { firstName: 'Zelda', lastName: 'Quartermain' });
    const sender = await signedUpClient(t);
    await fund(admin.client, sender.user.id, '10.00');
    expect(await liveSessions(t, person.user.id)).toBe(1);

    const erased = await erase(admin, person.user.id);
    expect(erased.status, erased.text).toBe(200);
    expect(erased.body).toEqual({ userId: person.user.id, erasedAt: expect.any(String), movedToDormant: [] });
    expect(await liveSessions(t, person.user.id)).toBe(0);
    expect((await person.client.get('/api/auth/user')).status).toBe(401);

    const wrongPassword = await t.client().post('/api/auth/login', {
      email: sender.registration.email,
      password: 'not-the-password',
    });
    const signIn = await t.client().post('/api/auth/login', {
      email: person.registration.email,
      password: person.registration.password,
    });
    expect(signIn.status).toBe(401);
    expect(signIn.body.message).toBe(wrongPassword.body.message);

    const toErased = await transfer(sender.client, person.user.id, '1.00');
    const unknown = await transfer(sender.client, 'zzzzzzz9', '1.00');
    expect(toErased.status).toBe(404);
    expect(toErased.body.message).toBe(unknown.body.message);
    const distribution = await admin.client.post('/api/transactions', {
      type: 'admin_deposit',
      amount: '1.00',
      receiver_id: person.user.id,
    });
    expect(distribution.status).toBe(404);
    // Every other command on them is refused too (an admin's included).
    const suspend = await admin.client.patch(`/api/admin/users/${person.user.id}/status`, {
      status: 'suspended',
    });
    expect(suspend.status).toBe(404);

    // Again: the same answer, the first erasure's time, nothing appended.
    await t.settle();
    const before = await t.eventCount();
    const again = await erase(admin, person.user.id, { reason: 'a second request' });
    expect(again.status).toBe(200);
    expect(again.body.erasedAt).toBe(erased.body.erasedAt);
    await t.settle();
    expect(await t.eventCount()).toBe(before);

    // The read model keeps no personal data, and the e-mail may be registered again.
    const { rows } = await t.db.pool.query('SELECT * FROM users WHERE id = $1', [person.user.id]);
    expect(rows[0]).toMatchObject({
      status: 'erased',
      username: 'Erased user',
      email: '',
      email_lower: '',
      first_name: '',
      last_name: '',
      bio: '',
      profile_image_url: '',
    });
    const again201 = await t.client().post('/api/auth/register', {
      ...person.registration,
      username: `${person.registration.username}x`,
    });
    expect(again201.status, again201.text).toBe(201);
  }, 120_000);
});

describe('POST /api/admin/users/{id}/erase', () => {
  it('shows other users "Erased user" where the person was, without the text they wrote', async () => {
    const admin = await signedInAdmin(t);
    const person = await signedUpClient(t);
    const friend = await signedUpClient(t);
    await fund(admin.client, person.user.id, '5.00');
    const sent = await transfer(person.client, friend.user.id, '5.00', 'rent for flat 4B, Zelda');
    expect(sent.status, sent.text).toBe(201);
    await t.settle();
    const notice = async () =>
      (await friend.client.get('/api/notifications?limit=5')).body.find(
        (n: { title: string }) => n.title === 'Money received',
      ).message;
    expect(await notice()).toContain('rent for flat 4B');

    expect((await erase(admin, person.user.id)).status).toBe(200);
    await t.settle();
    const history = (await friend.client.get('/api/transactions')).body as {
      transactions: { id: string; senderName: string; description: string }[];
    };
    const row = history.transactions.find((r) => r.id === sent.body.id)!;
    expect(row).toMatchObject({ senderName: 'Erased user', description: '' });
    const receipt = await friend.client.get(`/api/transactions/${sent.body.id}`);
    expect(receipt.body).toMatchObject({ counterparty: 'Erased user', description: '' });
    expect(await notice()).toBe('You received 5.00 SAI from Erased user.');
    // Their own notifications are gone.
    const { rows } = await t.db.pool.query(
      'SELECT count(*)::int AS n FROM notifications WHERE user_id = $1',
      [person.user.id],
    );
    expect(rows[0].n).toBe(0);
  }, 120_000);
  it('refuses a bad body (400), an unknown user (404), oneself and a reason naming the person (422)', async () => {
    const admin = await signedInAdmin(t);
    const person = await signedUpClient(t, { firstName: 'Ottilie', lastName: 'Brandsma' });
    const user = await signedUpClient(t);
    expect((await erase(admin, person.user.id, { confirm: 'erase' })).status).toBe(400);
    expect((await erase(admin, person.user.id, { reason: '   ' })).status).toBe(400);
    expect((await erase(admin, person.user.id, { reason: 'x'.repeat(501) })).status).toBe(400);
    expect((await erase(admin, person.user.id, { moveBalancesToDormant: 'yes' })).status).toBe(400);
    expect((await erase(admin, 'zzzzzzz9')).status).toBe(404);
    const self = await erase(admin, admin.userId);
    expect(self.status).toBe(422);
    for (const reason of [
      `asked by ${person.registration.email}`,
      `user ${person.registration.username.toUpperCase()} asked`,
      'Ottilie wrote to support',
      'request from Mrs brandsma',
    ]) {
      const named = await erase(admin, person.user.id, { reason });
      expect(named.status, reason).toBe(422);
    }
    expect((await erase(user, person.user.id)).status).toBe(403);
    const visitor = await t.client().post(`/api/admin/users/${person.user.id}/erase`, {
      reason: 'x',
      confirm: 'ERASE',
    });
    expect(visitor.status).toBe(401);
    expect(await liveSessions(t, person.user.id)).toBe(1);
    // A name inside another word is not the name ("Ottilie" in "Ottilies" is, as a word, another).
    const erased = await erase(admin, person.user.id, { reason: 'Ottilies and brandsmaxx are not names' });
    expect(erased.status, erased.text).toBe(200);
  }, 120_000);
});
