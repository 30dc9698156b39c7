import { describe, expect, it } from 'vitest';
import { creditsTo, declareEthDeposit, fund, fundEth } from '../../testing/ledgerApp.ts';
import { setUpAdminClient, setUpTestApp, signedUpClient, type TestClient } from '../../testing/testApp.ts';

const RECEIVER_SUSPENDED = "The recipient's account is suspended and cannot receive funds.";
const OWNER_SUSPENDED =
  "This user's account is suspended and cannot receive funds: reactivate it first, or reject the request.";

/** A suspended account cannot receive: every way money reaches it is refused with 422, appending nothing. */
describe('a suspended account cannot receive', () => {
  const t = setUpTestApp();
  const admin = setUpAdminClient(t, 'susp-admin@example.com');

  const setStatus = async (userId: string, status: 'suspended' | 'active') => {
    const reply = await admin.patch(`/api/admin/users/${userId}/status`, { status });
    expect(reply.status, reply.text).toBe(200);
  };
  const saiBalance = async (client: TestClient) => (await client.get('/api/auth/user')).body.balance;
  const ethBalance = async (client: TestClient) =>
    (await client.get('/api/crypto/balances')).body.find((b: { currency: string }) => b.currency === 'ETH')
      .balance;

  it('refuses transfers, crypto transfers and distributions to it, and its proofs and deposits wait', async () => {
    const alice = await signedUpClient(t);
    const bob = await signedUpClient(t);
    await fund(admin, alice.user.id, '100.00');
    await fundEth(admin, alice.client, '2');
    // Bob's own deposit proof and crypto deposit, submitted while active.
    const proof = await bob.client.post('/api/payments/verify', { paymentMethod: 'USDT', amount: '25' });
    expect(proof.status, proof.text).toBe(201);
    const deposit = await declareEthDeposit(bob.client, 'base');
    expect(deposit.status).toBe(201);
    await setStatus(bob.user.id, 'suspended');

    const before = await t.settledEventCount();
    const refused = await creditsTo(alice.client, admin, bob.user, 'rent');
    for (const reply of refused) {
      expect(reply.status, reply.text).toBe(422);
      expect(reply.body.message).toBe(RECEIVER_SUSPENDED);
    }
    const approve = await admin.patch(`/api/payments/${proof.body.id}/verify`, { approved: true });
    expect(approve.status, approve.text).toBe(422);
    expect(approve.body.message).toBe(OWNER_SUSPENDED);
    const confirm = await admin.patch(`/api/admin/crypto/deposits/${deposit.body.id}`, {
      action: 'confirm',
      amount: '1',
    });
    expect(confirm.status, confirm.text).toBe(422);
    expect(confirm.body.message).toBe(OWNER_SUSPENDED);
    expect(await t.settledEventCount()).toBe(before);
    expect(await saiBalance(alice.client)).toBe('100.00');
    expect(await ethBalance(alice.client)).toBe('2.00000000');
    const pending = (await admin.get('/api/admin/crypto/deposits')).body.map((d: { id: string }) => d.id);
    expect(pending).toContain(deposit.body.id);

    // Reactivated, Bob receives again, and what waited can be decided.
    await setStatus(bob.user.id, 'active');
    const sent = await alice.client.post('/api/transactions', {
      type: 'transfer',
      amount: '10.00',
      receiver_id: bob.user.id,
    });
    expect(sent.status, sent.text).toBe(201);
    expect((await admin.patch(`/api/payments/${proof.body.id}/verify`, { approved: true })).status).toBe(200);
    expect(
      (await admin.patch(`/api/admin/crypto/deposits/${deposit.body.id}`, { action: 'confirm', amount: '1' }))
        .status,
    ).toBe(200);
    await t.settle();
    // The suspension ended Bob's sessions: he signs in again.
    const again = t.client();
    const login = await again.post('/api/auth/login', {
      email: bob.user.email,
      password: bob.registration.password,
    });
    expect(login.status, login.text).toBe(200);
    expect(await saiBalance(again)).toBe('35.00');
    expect(await ethBalance(again)).toBe('1.00000000');
  });

  it("lets an admin reject a suspended user's pending proof", async () => {
    const carol = await signedUpClient(t);
    const proof = await carol.client.post('/api/payments/verify', { paymentMethod: 'ETH', amount: '5' });
    await setStatus(carol.user.id, 'suspended');
    const rejected = await admin.patch(`/api/payments/${proof.body.id}/verify`, {
      approved: false,
      reason: 'Account under review',
    });
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.body.status).toBe('rejected');
  });
});
