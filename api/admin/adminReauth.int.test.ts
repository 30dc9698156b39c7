import { type Secret, TOTP, URI } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventText } from '../../testing/accountApp.ts';
import { declareEthDeposit, fundEth, withdrawEth } from '../../testing/ledgerApp.ts';
import {
  type Reply,
  setUpTestApp,
  signedInAdmin,
  signedUpClient,
  type TestClient,
} from '../../testing/testApp.ts';

const ADMIN_PASSWORD = 'admin-password-1';
const WITHDRAW_TO = '0x1234567890abcdef1234567890abcdef12345678';

/**
 * Every admin money command carries a fresh proof of the admin (docs/security.md, "Admin
 * re-authentication and four-eyes"), with the withdrawal's contract: 401 `reauthentication-required`
 * without it, `reauthentication-failed` when wrong, nothing appended either way.
 */
const t = setUpTestApp({ RATE_LIMITS: 'login=1000/60,money=1000/60,password=100/60,totp=100/300' });

let clock = Date.now();

beforeAll(() => {
  t.deps.now = () => new Date(clock);
});

/** An admin whose client sends bodies exactly as written (no proof added for it). */
async function bareAdmin() {
  const admin = await signedInAdmin(t);
  admin.client.autoProof = false;
  return admin;
}

/** A user with 1 ETH, a pending withdrawal of 0.25, a pending ETH deposit and a pending purchase. */
async function requests(funder: TestClient) {
  const user = await signedUpClient(t);
  await fundEth(funder, user.client, '1');
  const withdrawal = await withdrawEth(user, '0.25', { address: WITHDRAW_TO });
  expect(withdrawal.status, withdrawal.text).toBe(201);
  const deposit = await declareEthDeposit(user.client);
  expect(deposit.status, deposit.text).toBe(201);
  const payment = await user.client.post('/api/payments/verify', { paymentMethod: 'USDT', amount: '25' });
  expect(payment.status, payment.text).toBe(201);
  await t.settle();
  return {
    user,
    withdrawalId: withdrawal.body.id as string,
    depositId: deposit.body.id as string,
    paymentId: payment.body.id as string,
  };
}

type Pending = Awaited<ReturnType<typeof requests>>;

const COMMANDS: {
  name: string;
  send: (admin: TestClient, p: Pending, proof: object) => Promise<Reply>;
  ok: number;
}[] = [
  {
    name: 'a distribution',
    send: (admin, p, proof) =>
      admin.post('/api/transactions', {
        type: 'admin_deposit',
        amount: '10.00',
        receiver_id: p.user.user.id,
        ...proof,
      }),
    ok: 201,
  },
  {
    name: 'a deposit confirmation',
    send: (admin, p, proof) =>
      admin.patch(`/api/admin/crypto/deposits/${p.depositId}`, {
        action: 'confirm',
        amount: '0.5',
        ...proof,
      }),
    ok: 200,
  },
  {
    name: 'a payment approval',
    send: (admin, p, proof) =>
      admin.patch(`/api/payments/${p.paymentId}/verify`, { approved: true, ...proof }),
    ok: 200,
  },
  {
    name: 'a withdrawal completion',
    send: (admin, p, proof) =>
      admin.patch(`/api/admin/crypto/withdrawals/${p.withdrawalId}`, {
        action: 'complete',
        txHash: '0xfeedbeef00112233',
        ...proof,
      }),
    ok: 200,
  },
  {
    name: 'a withdrawal failure',
    send: (admin, p, proof) =>
      admin.patch(`/api/admin/crypto/withdrawals/${p.withdrawalId}`, {
        action: 'fail',
        reason: 'Address refused',
        ...proof,
      }),
    ok: 200,
  },
];

async function appendsNothing(reply: Promise<Reply>) {
  await t.settle();
  const before = await t.eventCount();
  const answer = await reply;
  await t.settle();
  expect(await t.eventCount()).toBe(before);
  return answer;
}

describe('admin re-authentication', () => {
  for (const command of COMMANDS) {
    it(`asks the password for ${command.name}: missing is required, wrong is failed, right is done`, async () => {
      const { client } = await bareAdmin();
      const pending = await requests((await signedInAdmin(t)).client);
      const missing = await appendsNothing(command.send(client, pending, {}));
      expect(missing.status, missing.text).toBe(401);
      expect(missing.body).toMatchObject({
        type: 'reauthentication-required',
        code: 'reauthentication_required',
        fieldErrors: { password: 'Enter your password to confirm' },
      });
      const wrong = await appendsNothing(command.send(client, pending, { password: 'not-the-password' }));
      expect(wrong.status, wrong.text).toBe(401);
      expect(wrong.body).toMatchObject({ type: 'reauthentication-failed', code: 'reauthentication_failed' });
      const right = await command.send(client, pending, { password: ADMIN_PASSWORD });
      expect(right.status, right.text).toBe(command.ok);
    });
  }
  it('needs no proof to reject: a rejection moves no money', async () => {
    const { client } = await bareAdmin();
    const pending = await requests((await signedInAdmin(t)).client);
    const deposit = await client.patch(`/api/admin/crypto/deposits/${pending.depositId}`, {
      action: 'reject',
      reason: 'No such transaction',
    });
    expect(deposit.status, deposit.text).toBe(200);
    const payment = await client.patch(`/api/payments/${pending.paymentId}/verify`, {
      approved: false,
      reason: 'No payment arrived',
    });
    expect(payment.status, payment.text).toBe(200);
  });
  it('keeps the proof out of the key: a 401 releases it, a retry with another proof replays', async () => {
    const { client } = await bareAdmin();
    const pending = await requests((await signedInAdmin(t)).client);
    const key = { 'Idempotency-Key': `reauth-${pending.depositId}` };
    const path = `/api/admin/crypto/deposits/${pending.depositId}`;
    const body = { action: 'confirm', amount: '0.5' };
    expect((await client.patch(path, body, key)).status).toBe(401);
    const done = await client.patch(path, { ...body, password: ADMIN_PASSWORD }, key);
    expect(done.status, done.text).toBe(200);
    // The same request with the proof again (or a wrong one: the outcome is recorded, nothing is decided).
    const again = await client.patch(path, { ...body, password: 'whatever-it-is' }, key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(done.body);
    await t.settle();
    expect(await eventText(t)).not.toContain(ADMIN_PASSWORD);
    expect(t.logs.join('\n')).not.toContain(ADMIN_PASSWORD);
  });
  it('asks an admin with 2FA for the code, not the password; a code works once', async () => {
    const { client } = await bareAdmin();
    const setup = await client.post('/api/account/2fa/setup', { password: ADMIN_PASSWORD });
    const secret: Secret = (URI.parse(setup.body.otpauthUri) as TOTP).secret;
    const code = () => TOTP.generate({ secret, timestamp: clock });
    expect((await client.post('/api/account/2fa/enable', { code: code() })).status).toBe(200);
    clock += 30_000;
    const user = await signedUpClient(t);
    const distribute = (proof: object) =>
      client.post('/api/transactions', {
        type: 'admin_deposit',
        amount: '5.00',
        receiver_id: user.user.id,
        ...proof,
      });
    const password = await appendsNothing(distribute({ password: ADMIN_PASSWORD }));
    expect(password.status).toBe(401);
    expect(password.body).toMatchObject({
      type: 'reauthentication-required',
      fieldErrors: { totpCode: expect.any(String) },
    });
    const first = code();
    expect((await distribute({ totpCode: first })).status).toBe(201);
    const reused = await appendsNothing(distribute({ totpCode: first }));
    expect(reused.status).toBe(401);
    expect((reused.body as { type: string }).type).toBe('reauthentication-failed');
  });
});
