import { describe, expect, it } from 'vitest';
import { DevOutbox, type OutboxMail } from '../../app/mail/mailer.ts';
import { creditsTo, declareEthDeposit, fund, fundEth } from '../../testing/ledgerApp.ts';
import {
  newRegistration,
  setUpAdminClient,
  setUpTestApp,
  signedUpClient,
  type TestApp,
} from '../../testing/testApp.ts';
import { verificationToken } from '../../testing/verificationLink.ts';

const UNVERIFIED_RECEIVER =
  "This account's e-mail address is not confirmed yet: it cannot receive funds until the link mailed to it is opened.";

function outbox(t: TestApp): DevOutbox {
  if (!(t.deps.mailer instanceof DevOutbox)) throw new Error('the test app mails to its outbox');
  return t.deps.mailer;
}
const mailsTo = (t: TestApp, address: string, subject?: string): OutboxMail[] =>
  outbox(t)
    .mailsTo(address)
    .filter((m) => m.purpose === 'email_verification' && (!subject || m.subject === subject));

/** The app and its admin each part of the e-mail verification tests runs on. */
function setUpVerificationApp() {
  const t = setUpTestApp();
  return { t, admin: setUpAdminClient(t, 'verify-admin@example.com') };
}

/** Issue 47.10 (attack N91): a registration is unverified until the link mailed to its address is opened. */
describe('e-mail verification: an unverified account', () => {
  const { t, admin } = setUpVerificationApp();

  it('an unverified account receives no money and enrols no second factor, each a 422 appending nothing', async () => {
    const alice = await signedUpClient(t);
    const squat = await signedUpClient(t, {}, { verified: false });
    expect((await squat.client.get('/api/auth/user')).body.emailVerified).toBe(false);
    expect((await alice.client.get('/api/auth/user')).body.emailVerified).toBe(true);
    await fund(admin, alice.user.id, '100.00');
    await fundEth(admin, alice.client, '2');

    const before = await t.settledEventCount();
    const receiving = [
      ...(await creditsTo(alice.client, admin, squat.user)),
      await declareEthDeposit(squat.client, 'base'),
      await squat.client.post('/api/payments/verify', { paymentMethod: 'USDT', amount: '25' }),
    ];
    for (const reply of receiving) {
      expect(reply.status, reply.text).toBe(422);
      expect(reply.body.message).toBe(UNVERIFIED_RECEIVER);
    }
    const factors = [
      await squat.client.post('/api/account/2fa/setup', { password: squat.registration.password }),
      await squat.client.post('/api/account/passkeys/options', { password: squat.registration.password }),
    ];
    for (const reply of factors) {
      expect(reply.status, reply.text).toBe(422);
      expect(reply.body.message).toMatch(/^Confirm your e-mail address first/);
    }
    expect(await t.settledEventCount()).toBe(before);
    // Signing in and looking around stays allowed.
    const again = t.client();
    const login = await again.post('/api/auth/login', {
      email: squat.registration.email,
      password: squat.registration.password,
    });
    expect(login.status, login.text).toBe(200);
    expect(login.body.emailVerified).toBe(false);
    expect((await again.get('/api/transactions')).status).toBe(200);
  });
});

describe('e-mail verification: the mailed link', () => {
  const { t, admin } = setUpVerificationApp();

  it('the mailed link confirms in a session of the account, elsewhere only with the password, and once', async () => {
    const { client, registration, user } = await signedUpClient(t, {}, { verified: false });
    const [mail] = mailsTo(t, registration.email, 'Confirm your SAI Wallet e-mail address');
    expect(mail?.text).toContain('http://localhost:3000/verify-email#token=');
    const token = verificationToken(mailsTo(t, registration.email));

    // Opened signed out (someone else's browser, the owner of a squatted address): the password is asked.
    const elsewhere = t.client();
    const asked = await elsewhere.post('/api/auth/verify-email/confirm', { token });
    expect(asked.status, asked.text).toBe(401);
    expect(asked.body.type).toMatch(/reauthentication-required/);
    const wrong = await elsewhere.post('/api/auth/verify-email/confirm', {
      token,
      password: 'not-it-at-all',
    });
    expect(wrong.status).toBe(401);
    expect((await client.get('/api/auth/user')).body.emailVerified).toBe(false);

    const confirmed = await client.post('/api/auth/verify-email/confirm', { token });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect((await client.get('/api/auth/user')).body.emailVerified).toBe(true);
    const events = await t.loggedEvents('EmailVerified', 'stream_name = $2', [`user-${user.id}`]);
    expect(events.map((e) => e.data)).toEqual([
      { userId: user.id, via: 'link', verifiedAt: expect.any(String) },
    ]);
    // No token anywhere in the log.
    const { rows } = await t.db.pool.query('SELECT 1 FROM es_events WHERE data::text LIKE $1', [
      `%${token}%`,
    ]);
    expect(rows).toEqual([]);

    const twice = await client.post('/api/auth/verify-email/confirm', { token });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toMatch(/invalid, already used or expired/);
    // Verified, the account receives.
    const sender = await signedUpClient(t);
    await fund(admin, sender.user.id, '20.00');
    const sent = await sender.client.post('/api/transactions', {
      type: 'transfer',
      amount: '5.00',
      receiver_id: user.id,
    });
    expect(sent.status, sent.text).toBe(201);
  });

  it('confirms with the password away from the session; a resend mails a new link, and 409 once verified', async () => {
    const { client, registration } = await signedUpClient(t, {}, { verified: false });
    const resent = await client.post('/api/auth/verify-email');
    expect(resent.status, resent.text).toBe(200);
    expect(resent.body).toEqual({ message: expect.stringMatching(/new link/), devOutbox: true });
    await expect.poll(() => mailsTo(t, registration.email).length).toBe(2);
    const token = verificationToken(mailsTo(t, registration.email));
    const elsewhere = await t
      .client()
      .post('/api/auth/verify-email/confirm', { token, password: registration.password });
    expect(elsewhere.status, elsewhere.text).toBe(200);
    const after = await client.post('/api/auth/verify-email');
    expect(after.status).toBe(409);
    expect((await t.client().post('/api/auth/verify-email')).status).toBe(401);
  });
});

describe('e-mail verification: reclaiming a squatted address', () => {
  const { t, admin } = setUpVerificationApp();

  it("the address's owner reclaims a squatted registration: squatter locked out, sessions revoked", async () => {
    const victim = `owner.${Date.now()}@example.com`;
    const squatter = await signedUpClient(t, { email: victim }, { verified: false });
    const otherSession = t.client();
    expect(
      (
        await otherSession.post('/api/auth/login', {
          email: victim,
          password: squatter.registration.password,
        })
      ).status,
    ).toBe(200);
    // The squatter asks to move the account to an address of theirs: pending when the owner reclaims.
    const change = await squatter.client.post('/api/account/email', {
      newEmail: `squatter.${Date.now()}@example.com`,
      currentPassword: squatter.registration.password,
    });
    expect(change.status, change.text).toBe(200);
    await expect
      .poll(() => outbox(t).mailsTo(change.body.message.match(/to (\S+)\./)?.[1] ?? '').length)
      .toBe(1);
    const changeMail = outbox(t).mailsTo(change.body.message.match(/to (\S+)\./)?.[1] ?? '')[0];
    const changeToken = /#token=([A-Za-z0-9_-]{43})/.exec(changeMail?.text ?? '')?.[1];

    // The owner registers: the same 409 as any taken address (nothing says this one is unverified)…
    const verifiedTaken = await signedUpClient(t);
    const taken = await t
      .client()
      .post('/api/auth/register', newRegistration({ email: verifiedTaken.user.email }));
    const owner = t.client();
    const attempt = await owner.post('/api/auth/register', newRegistration({ email: victim.toUpperCase() }));
    expect(attempt.status).toBe(409);
    expect({ ...attempt.body, requestId: null }).toEqual({ ...taken.body, requestId: null });
    // …and the address gets a link to take the account (a verified address gets none).
    const subject = 'Your SAI Wallet e-mail address is waiting to be confirmed';
    await expect.poll(() => mailsTo(t, victim, subject).length).toBe(1);
    expect(mailsTo(t, verifiedTaken.user.email, subject)).toEqual([]);
    const token = verificationToken(mailsTo(t, victim, subject));

    const mismatch = await owner.post('/api/auth/verify-email/reclaim', {
      token,
      newPassword: 'owner-password-1',
      confirmPassword: 'owner-password-2',
    });
    expect(mismatch.status).toBe(400);
    const reclaimed = await owner.post('/api/auth/verify-email/reclaim', {
      token,
      newPassword: 'owner-password-1',
      confirmPassword: 'owner-password-1',
    });
    expect(reclaimed.status, reclaimed.text).toBe(200);
    expect(reclaimed.body.endedSessions).toBe(2);

    // The squatter's sessions and password are gone, and so is the e-mail change they asked for.
    expect((await squatter.client.get('/api/auth/user')).status).toBe(401);
    expect((await otherSession.get('/api/auth/user')).status).toBe(401);
    const squatLogin = await t
      .client()
      .post('/api/auth/login', { email: victim, password: squatter.registration.password });
    expect(squatLogin.status).toBe(401);
    const moved = await t
      .client()
      .post('/api/auth/email-change/confirm', { token: changeToken, password: 'owner-password-1' });
    expect(moved.status).toBe(400);
    // The link worked once; the owner signs in, verified, and receives.
    expect(
      (
        await t.client().post('/api/auth/verify-email/reclaim', {
          token,
          newPassword: 'owner-password-3',
          confirmPassword: 'owner-password-3',
        })
      ).status,
    ).toBe(400);
    const signedIn = t.client();
    const login = await signedIn.post('/api/auth/login', { email: victim, password: 'owner-password-1' });
    expect(login.status, login.text).toBe(200);
    expect(login.body.emailVerified).toBe(true);
    const events = await t.loggedEvents('EmailVerified', 'stream_name = $2', [`user-${squatter.user.id}`]);
    expect(events.map((e) => e.data.via)).toEqual(['reclaim']);
    await fund(admin, squatter.user.id, '1.00');
  });

  it('a verified account cannot be reclaimed with an older link', async () => {
    const { client, registration, user } = await signedUpClient(t, {}, { verified: false });
    const token = verificationToken(mailsTo(t, registration.email));
    const { issueToken } = await import('../../app/mail/accountTokens.table.ts');
    const other = await issueToken(t.deps.pool, user.id, 'email_verification', t.deps.now());
    expect((await client.post('/api/auth/verify-email/confirm', { token: other })).status).toBe(200);
    const reclaim = await t.client().post('/api/auth/verify-email/reclaim', {
      token,
      newPassword: 'someone-else-1',
      confirmPassword: 'someone-else-1',
    });
    expect(reclaim.status).toBe(400);
    const login = await t
      .client()
      .post('/api/auth/login', { email: registration.email, password: registration.password });
    expect(login.status).toBe(200);
  });
});

describe('e-mail verification under rate limits', () => {
  const t = setUpTestApp({ RATE_LIMITS: 'register=1000/60,mailAccount=2/3600' });

  it('limits "Send the link again" per account', async () => {
    const { client } = await signedUpClient(t, {}, { verified: false });
    expect((await client.post('/api/auth/verify-email')).status).toBe(200);
    expect((await client.post('/api/auth/verify-email')).status).toBe(200);
    const third = await client.post('/api/auth/verify-email');
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBeTruthy();
  });
});
