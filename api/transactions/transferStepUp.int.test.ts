import { type Secret, TOTP, URI } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventText } from '../../testing/accountApp.ts';
import { balance, fund, fundEth } from '../../testing/ledgerApp.ts';
import { setUpAdminClient, setUpTestApp, signedUpClient, type TestClient } from '../../testing/testApp.ts';

/**
 * A stolen session must not empty the account by transfer (docs/security.md, "Step-up for transfers"): a
 * transfer to someone not yet paid with a proof asks the password (the code with 2FA on) above 30 SAI, or
 * once the unconfirmed transfers since the last confirmed one pass 100 SAI; a recipient paid with a proof
 * is trusted from then on.
 */
const t = setUpTestApp({
  RATE_LIMITS: 'login=1000/60,register=1000/60,money=1000/60,password=10/60,totp=5/300',
});

const admin = setUpAdminClient(t, 'stepup-admin@example.com');

let clock = Date.now();

beforeAll(() => {
  t.deps.now = () => new Date(clock);
});

async function funded(amount = '500.00') {
  const user = await signedUpClient(t);
  await fund(admin, user.user.id, amount);
  return user;
}

const balanceOf = async (client: TestClient) => {
  await t.settle();
  return await balance(client);
};

const send = (client: TestClient, receiverId: string, amount: string, extra: object = {}, key?: string) =>
  client.post(
    '/api/transactions',
    { type: 'transfer', receiver_id: receiverId, amount, ...extra },
    key ? { 'Idempotency-Key': key } : {},
  );

/** A refusal that wrote nothing: the log has the same length after it. */
async function refusedWritingNothing(
  reply: () => Promise<{ status: number; body: Record<string, unknown> }>,
) {
  const before = await t.settledEventCount();
  const answer = await reply();
  expect(await t.settledEventCount()).toBe(before);
  return answer;
}

describe('step-up for transfers', () => {
  it("refuses to move a victim's balance to a new recipient on the session alone", async () => {
    const victim = await funded();
    const thief = await signedUpClient(t);
    const all = await refusedWritingNothing(() => send(victim.client, thief.user.id, '500.00'));
    expect(all.status).toBe(401);
    expect(all.body).toMatchObject({
      type: 'reauthentication-required',
      code: 'reauthentication_required',
      fieldErrors: { password: 'Enter your password to confirm' },
    });
    // Small amounts go through until their total would pass 100 SAI.
    for (const amount of ['30.00', '25.00', '25.00', '20.00'])
      expect((await send(victim.client, thief.user.id, amount)).status).toBe(201);
    const over = await refusedWritingNothing(() => send(victim.client, thief.user.id, '0.01'));
    expect(over.status).toBe(401);
    expect(await balanceOf(victim.client)).toBe('400.00');
    expect(await balanceOf(thief.client)).toBe('100.00');
  });
  it('checks the password when asked, and then trusts that recipient', async () => {
    const owner = await funded();
    const friend = await signedUpClient(t);
    const wrong = await refusedWritingNothing(() =>
      send(owner.client, friend.user.id, '200.00', { password: 'not-the-password' }),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ type: 'reauthentication-failed', code: 'reauthentication_failed' });
    const right = await send(owner.client, friend.user.id, '200.00', {
      password: owner.registration.password,
    });
    expect(right.status, JSON.stringify(right.body)).toBe(201);
    // Paid with a proof: the next transfer to the same person needs none, whatever the amount.
    expect((await send(owner.client, friend.user.id, '250.00')).status).toBe(201);
    expect(await balanceOf(friend.client)).toBe('450.00');
    // Trust is the sender's: the friend paying the owner back is a first payment all the same.
    expect((await send(friend.client, owner.user.id, '300.00')).status).toBe(401);
    // A proof sent when none is needed is not checked: a wrong one does not stop a small transfer.
    expect((await send(friend.client, owner.user.id, '1.00', { password: 'typo' })).status).toBe(201);
    const log = await eventText(t);
    expect(log).not.toContain(owner.registration.password);
    expect(log).not.toContain('not-the-password');
    expect(t.logs.join('\n')).not.toContain('not-the-password');
  });
  it('asks a user with 2FA for the code, not the password', async () => {
    const owner = await funded();
    const setup = await owner.client.post('/api/account/2fa/setup', {
      password: owner.registration.password,
    });
    const secret = (URI.parse(setup.body.otpauthUri) as TOTP).secret as Secret;
    const code = () => TOTP.generate({ secret, timestamp: clock });
    expect((await owner.client.post('/api/account/2fa/enable', { code: code() })).status).toBe(200);
    clock += 30_000;
    const other = await signedUpClient(t);
    const withPassword = await send(owner.client, other.user.id, '100.00', {
      password: owner.registration.password,
    });
    expect(withPassword.status).toBe(401);
    expect(withPassword.body).toMatchObject({
      type: 'reauthentication-required',
      fieldErrors: { totpCode: 'Enter the 6-digit code from your authenticator app to confirm' },
    });
    expect((await send(owner.client, other.user.id, '100.00', { totpCode: code() })).status).toBe(201);
    // The code is spent: the same code does not confirm a second first payment.
    const third = await signedUpClient(t);
    const again = await send(owner.client, third.user.id, '100.00', { totpCode: code() });
    expect(again.status).toBe(401);
    expect(again.body.type).toBe('reauthentication-failed');
  });
});

describe('step-up for transfers', () => {
  it('keeps the Idempotency-Key over a 401, and a retry after the transfer replays it without a proof', async () => {
    const owner = await funded();
    const friend = await signedUpClient(t);
    const key = crypto.randomUUID();
    expect((await send(owner.client, friend.user.id, '150.00', {}, key)).status).toBe(401);
    const proven = await send(
      owner.client,
      friend.user.id,
      '150.00',
      { password: owner.registration.password },
      key,
    );
    expect(proven.status).toBe(201);
    const before = await t.settledEventCount();
    const retry = await send(owner.client, friend.user.id, '150.00', {}, key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.id).toBe(proven.body.id);
    expect(await t.settledEventCount()).toBe(before);
    expect(await balanceOf(owner.client)).toBe('350.00');
  });
  it('lets racing small transfers use the allowance once: four of six 25 SAI transfers go through', async () => {
    const owner = await funded();
    const others = await Promise.all(Array.from({ length: 6 }, () => signedUpClient(t)));
    const replies = await Promise.all(others.map((other) => send(owner.client, other.user.id, '25.00')));
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 201, 201, 201, 401, 401]);
    expect(await balanceOf(owner.client)).toBe('400.00');
  });
  it('applies to crypto transfers, in the asset of the transfer', async () => {
    const owner = await signedUpClient(t);
    await fundEth(admin, owner.client, '1');
    const other = await signedUpClient(t);
    const body = { recipientEmail: other.registration.email, currency: 'ETH', amount: '0.25' };
    const refused = await refusedWritingNothing(() => owner.client.post('/api/crypto/transfer', body));
    expect(refused.status).toBe(401);
    expect(refused.body.type).toBe('reauthentication-required');
    // 0.01 ETH is a small transfer.
    const small = await owner.client.post('/api/crypto/transfer', { ...body, amount: '0.01' });
    expect(small.status, JSON.stringify(small.body)).toBe(201);
    const proven = await owner.client.post('/api/crypto/transfer', {
      ...body,
      password: owner.registration.password,
    });
    expect(proven.status, JSON.stringify(proven.body)).toBe(201);
    expect((await owner.client.post('/api/crypto/transfer', { ...body, amount: '0.5' })).status).toBe(201);
  });
});
