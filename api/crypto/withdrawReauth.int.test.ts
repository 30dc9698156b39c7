import { type Secret, TOTP, URI } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventText } from '../../testing/accountApp.ts';
import { fundEth } from '../../testing/ledgerApp.ts';
import { setUpAdminClient, setUpTestApp, signedUpClient, type TestClient } from '../../testing/testApp.ts';

/** Withdrawals ask the account holder again: the authenticator code with 2FA on, else the password. */
const t = setUpTestApp({ RATE_LIMITS: 'login=1000/60,money=1000/60,password=3/60,totp=5/300' });

const admin = setUpAdminClient(t, 'reauth-admin@example.com');

// A clock the test moves in whole TOTP steps, so codes are not at the mercy of a step boundary.
let clock = Date.now();

const codeAt = (secret: Secret, offsetSteps = 0) =>
  TOTP.generate({ secret, timestamp: clock + offsetSteps * 30_000 });

beforeAll(() => {
  t.deps.now = () => new Date(clock);
});

const order = {
  currency: 'ETH',
  amount: '0.25',
  address: '0x1234567890abcdef1234567890abcdef12345678',
  chain: 'ethereum',
};

async function funded() {
  const user = await signedUpClient(t);
  await fundEth(admin, user.client, '1');
  await t.settle();
  return user;
}

async function withTwoFactor() {
  const user = await funded();
  const setup = await user.client.post('/api/account/2fa/setup', {
    password: user.registration.password,
  });
  const secret = (URI.parse(setup.body.otpauthUri) as TOTP).secret;
  expect((await user.client.post('/api/account/2fa/enable', { code: codeAt(secret) })).status).toBe(200);
  // The enrolment spent this step's code: the tests start on the next one.
  clock += 30_000;
  return { ...user, secret };
}

const ethOf = async (client: TestClient) =>
  (await client.get('/api/crypto/balances')).body.find((b: { currency: string }) => b.currency === 'ETH');

/** A refusal that wrote nothing: same log length, same balance, nothing on hold. */
async function refusedWithNothingHeld(client: TestClient, reply: Promise<{ status: number; body: unknown }>) {
  await t.settle();
  const before = await t.eventCount();
  const answer = await reply;
  await t.settle();
  expect(await t.eventCount()).toBe(before);
  expect(await ethOf(client)).toMatchObject({ balance: '1.00000000', onHold: '0.00000000' });
  return answer as { status: number; body: Record<string, unknown> };
}

describe('withdrawal re-authentication', () => {
  it('asks a user without 2FA for the password: missing is required, wrong is failed, right holds', async () => {
    const { client, registration } = await funded();
    const missing = await refusedWithNothingHeld(client, client.post('/api/crypto/withdraw', order));
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({
      type: 'reauthentication-required',
      code: 'reauthentication_required',
      message: 'Enter your password to confirm',
      fieldErrors: { password: 'Enter your password to confirm' },
    });
    // A code does not stand in for the password of a user without 2FA.
    const code = await client.post('/api/crypto/withdraw', { ...order, totpCode: '123456' });
    expect(code.status).toBe(401);
    expect(code.body.type).toBe('reauthentication-required');

    const wrong = await refusedWithNothingHeld(
      client,
      client.post('/api/crypto/withdraw', { ...order, password: 'not-my-password' }),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({
      type: 'reauthentication-failed',
      code: 'reauthentication_failed',
      fieldErrors: { password: 'That password is not correct' },
    });
    expect(JSON.stringify(wrong.body)).not.toContain('not-my-password');

    const right = await client.post('/api/crypto/withdraw', { ...order, password: registration.password });
    expect(right.status, JSON.stringify(right.body)).toBe(201);
    await t.settle();
    expect(await ethOf(client)).toMatchObject({ balance: '0.75000000', onHold: '0.25000000' });
    // Neither the password nor the wrong guess is in the event log, nor in a log line.
    const log = await eventText(t);
    expect(log).not.toContain(registration.password);
    expect(log).not.toContain('not-my-password');
    expect(t.logs.length).toBeGreaterThan(0);
    expect(t.logs.join('\n')).not.toContain('not-my-password');
    expect(t.logs.join('\n')).not.toContain(registration.password);
  });
});

describe('withdrawal re-authentication', () => {
  it('asks a user with 2FA for a fresh code: the password alone is not enough, a used code never works again', async () => {
    const { client, registration, user, secret } = await withTwoFactor();
    const password = await refusedWithNothingHeld(
      client,
      client.post('/api/crypto/withdraw', { ...order, password: registration.password }),
    );
    expect(password.status).toBe(401);
    expect(password.body).toMatchObject({
      type: 'reauthentication-required',
      message: 'Enter the 6-digit code from your authenticator app to confirm',
      fieldErrors: { totpCode: 'Enter the 6-digit code from your authenticator app to confirm' },
    });
    const wrong = await refusedWithNothingHeld(
      client,
      client.post('/api/crypto/withdraw', { ...order, totpCode: codeAt(secret, 10) }),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body.type).toBe('reauthentication-failed');

    // A code used to sign in cannot then confirm a withdrawal.
    const signIn = codeAt(secret);
    const login = await t
      .client()
      .post('/api/auth/login', { email: user.email, password: registration.password, totpCode: signIn });
    expect(login.status).toBe(200);
    const reused = await refusedWithNothingHeld(
      client,
      client.post('/api/crypto/withdraw', { ...order, totpCode: signIn }),
    );
    expect(reused.status).toBe(401);
    expect(reused.body.type).toBe('reauthentication-failed');

    clock += 30_000;
    const fresh = codeAt(secret);
    const ok = await client.post('/api/crypto/withdraw', { ...order, totpCode: fresh });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    // The same code again, for another withdrawal: refused; so is the previous step's (still in the window).
    const again = await client.post('/api/crypto/withdraw', { ...order, totpCode: fresh });
    expect(again.status).toBe(401);
    expect(again.body.type).toBe('reauthentication-failed');
    const previous = await client.post('/api/crypto/withdraw', { ...order, totpCode: codeAt(secret, -1) });
    expect(previous.status).toBe(401);
    await t.settle();
    expect(await ethOf(client)).toMatchObject({ balance: '0.75000000', onHold: '0.25000000' });
    expect(await eventText(t)).not.toContain(`"${fresh}"`);
    expect(t.logs.join('\n')).not.toContain(`"${fresh}"`);
  });
  it('lets exactly one of two concurrent withdrawals with the same code through', async () => {
    const { client, secret } = await withTwoFactor();
    const code = codeAt(secret);
    const replies = await Promise.all([
      client.post('/api/crypto/withdraw', { ...order, totpCode: code }),
      client.post('/api/crypto/withdraw', { ...order, totpCode: code }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 401]);
    await t.settle();
    expect(await ethOf(client)).toMatchObject({ balance: '0.75000000', onHold: '0.25000000' });
  });
  it('answers a retry with the same Idempotency-Key with the first withdrawal, even with its spent code', async () => {
    const { client, secret } = await withTwoFactor();
    const key = { 'Idempotency-Key': 'reauth-retry-1' };
    // Refused for want of a code: not the key's outcome, so the same key with a code then goes through.
    const missing = await client.post('/api/crypto/withdraw', order, key);
    expect(missing.status).toBe(401);
    const code = codeAt(secret);
    const first = await client.post('/api/crypto/withdraw', { ...order, totpCode: code }, key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    // The same code (spent) and a fresh one both get the first answer: one withdrawal, not two, no 401.
    const spent = await client.post('/api/crypto/withdraw', { ...order, totpCode: code }, key);
    expect(spent.status).toBe(201);
    expect(spent.headers.get('idempotent-replayed')).toBe('true');
    expect(spent.body.id).toBe(first.body.id);
    clock += 30_000;
    const fresh = await client.post('/api/crypto/withdraw', { ...order, totpCode: codeAt(secret) }, key);
    expect(fresh.status).toBe(201);
    expect(fresh.body.id).toBe(first.body.id);
    await t.settle();
    expect(await ethOf(client)).toMatchObject({ balance: '0.75000000', onHold: '0.25000000' });
    // The key's row keeps a hash of what was asked, without the code: no hash of a secret is stored.
    const { rows } = await t.db.pool.query('SELECT response_body::text AS body FROM idempotency_keys');
    expect(rows.map((r) => r.body).join('\n')).not.toContain(code);
  });
});

describe('withdrawal re-authentication', () => {
  it('finishes a withdrawal whose first attempt died after holding, on a retry with its spent code', async () => {
    const { client, secret } = await withTwoFactor();
    const key = { 'Idempotency-Key': 'reauth-died-1' };
    const code = codeAt(secret);
    const first = await client.post('/api/crypto/withdraw', { ...order, totpCode: code }, key);
    expect(first.status).toBe(201);
    // As if the process died after appending, before the key's answer was saved: a running, expired lease.
    await t.db.pool.query(
      `UPDATE idempotency_keys SET state = 'running', response_status = NULL, response_body = NULL,
         locked_until = now() - interval '1 second' WHERE scope_key LIKE $1`,
      ['%:withdrawal:reauth-died-1'],
    );
    const retry = await client.post('/api/crypto/withdraw', { ...order, totpCode: code }, key);
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.body.id).toBe(first.body.id);
    await t.settle();
    expect(await ethOf(client)).toMatchObject({ balance: '0.75000000', onHold: '0.25000000' });
    // A resumed key that wrote nothing is asked for a proof like any request.
    const other = { 'Idempotency-Key': 'reauth-died-2' };
    const refused = await client.post('/api/crypto/withdraw', order, other);
    expect(refused.status).toBe(401);
    // The refusal kept the key's row (its binding to the body) and released its lease: the retry below
    // resumes it, and finds nothing written.
    const { rows } = await t.db.pool.query<{ state: string; released: boolean }>(
      `SELECT state, locked_until <= now() AS released FROM idempotency_keys WHERE scope_key LIKE $1`,
      ['%:withdrawal:reauth-died-2'],
    );
    expect(rows).toEqual([{ state: 'running', released: true }]);
    const stale = await client.post('/api/crypto/withdraw', { ...order, totpCode: code }, other);
    expect(stale.status).toBe(401);
    expect(stale.body.type).toBe('reauthentication-failed');
  });
  it('limits wrong passwords and wrong codes per user, like sign-in', async () => {
    const { client, registration } = await funded();
    for (let i = 0; i < 3; i++) {
      const wrong = await client.post('/api/crypto/withdraw', { ...order, password: `guess-${i}` });
      expect(wrong.status).toBe(401);
    }
    const limited = await client.post('/api/crypto/withdraw', { ...order, password: registration.password });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    await t.settle();
    expect(await ethOf(client)).toMatchObject({ balance: '1.00000000', onHold: '0.00000000' });

    const { client: other, secret } = await withTwoFactor();
    for (let i = 0; i < 5; i++) {
      const wrong = await other.post('/api/crypto/withdraw', { ...order, totpCode: codeAt(secret, 20 + i) });
      expect(wrong.status).toBe(401);
    }
    const blocked = await other.post('/api/crypto/withdraw', { ...order, totpCode: codeAt(secret) });
    expect(blocked.status).toBe(429);
  });
});
