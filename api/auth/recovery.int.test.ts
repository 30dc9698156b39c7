import { type Secret, TOTP, URI } from 'otpauth';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpServer, tokenInMail } from '../../testing/smtpServer.ts';
import { SoftAuthenticator } from '../../testing/softAuthenticator.ts';
import { type Reply, setUpTestApp, signedUpClient, type TestClient } from '../../testing/testApp.ts';

const smtp = await startSmtpServer();
afterAll(() => smtp.stop());

/**
 * A reset by mail against a thief who had a session and the password (docs/security.md "Account
 * recovery"): it ends every session and removes the second factors enrolled since the account's last
 * proven sign-in, keeps the owner's older ones, and tells the owner what went.
 */
const t = setUpTestApp({
  SMTP_URL: smtp.url,
  RATE_LIMITS:
    'register=1000/3600,login=1000/60,loginAddress=1000/3600,password=1000/900,mailAddress=1000/3600,mailRecipient=1000/3600,totp=1000/900',
});

const origin = () => t.deps.config.PUBLIC_URL;

/** `proof` is the password, or with 2FA on `{ totpCode }`. */
async function addPasskey(
  client: TestClient,
  proof: string | { totpCode: string },
  key: SoftAuthenticator,
  name: string,
) {
  const body = typeof proof === 'string' ? { password: proof } : proof;
  const options = await client.post('/api/account/passkeys/options', body);
  expect(options.status, options.text).toBe(200);
  const added = await client.post('/api/account/passkeys', {
    name,
    response: key.create(options.body.options),
  });
  expect(added.status, added.text).toBe(201);
  return added.body.id as string;
}

/** A reset asked for `email` (its reply handed to `requested`), then its mailed link opened with `newPassword`. */
async function resetByMail(email: string, newPassword: string, requested: (reply: Reply) => void = () => {}) {
  const before = smtp.received.length;
  requested(await t.client().post('/api/auth/password-reset', { email }));
  const mail = await smtp.waitFor(
    (m) => smtp.received.indexOf(m) >= before && m.text.includes('/reset-password#token='),
  );
  return t.client().post('/api/auth/password-reset/confirm', {
    token: tokenInMail(mail, '/reset-password').token,
    newPassword,
    confirmPassword: newPassword,
  });
}

async function passkeySignIn(key: SoftAuthenticator) {
  const client = t.client();
  const options = await client.post('/api/auth/passkeys/sign-in/options');
  const response = key.get(options.body.options);
  return { client, reply: await client.post('/api/auth/passkeys/sign-in', { response }) };
}

describe('a reset by mail and the second factors', () => {
  it('removes what a stolen session added after the owner last signed in, and keeps the rest', async () => {
    const { client: stolen, registration, user } = await signedUpClient(t);
    const ownerKey = new SoftAuthenticator(origin());
    const ownersPasskey = await addPasskey(stolen, registration.password, ownerKey, 'Owner laptop');
    // The owner's last proven sign-in: with the passkey (two factors in itself).
    const owner = await passkeySignIn(ownerKey);
    expect(owner.reply.status, owner.reply.text).toBe(200);

    // Later, whoever holds the older session (and knows the password) adds a passkey and turns TOTP on.
    const thiefKey = new SoftAuthenticator(origin());
    const thiefsPasskey = await addPasskey(stolen, registration.password, thiefKey, 'Not mine');
    const setup = await stolen.post('/api/account/2fa/setup', { password: registration.password });
    expect(setup.status, setup.text).toBe(200);
    const secret = (URI.parse(setup.body.otpauthUri) as TOTP).secret as Secret;
    const enabled = await stolen.post('/api/account/2fa/enable', {
      code: TOTP.generate({ secret, timestamp: Date.now() }),
    });
    expect(enabled.status, enabled.text).toBe(200);
    // The thief signs nothing in: a stolen session needs no sign-in (one with the new passkey would count as
    // proven, the limit docs/security.md states).

    const reset = await resetByMail(registration.email, 'owner-again-1', (requested) =>
      expect(requested.status).toBe(200),
    );
    expect(reset.status, reset.text).toBe(200);
    // Every session ended: the stolen one and the owner's passkey sign-in.
    expect(reset.body.endedSessions).toBe(2);
    expect((await stolen.get('/api/auth/user')).status).toBe(401);
    expect((await owner.client.get('/api/auth/user')).status).toBe(401);

    const thief = await passkeySignIn(thiefKey);
    expect(thief.reply.status).toBe(401);
    expect(thief.reply.headers.get('set-cookie')).toBeNull();
    const again = await passkeySignIn(ownerKey);
    expect(again.reply.status, again.reply.text).toBe(200);
    const kept = await again.client.get('/api/account/passkeys');
    expect(kept.body.map((p: { id: string }) => p.id)).toEqual([ownersPasskey]);
    // TOTP is off again: the new password asks for the owner's passkey alone, and no code is offered.
    const password = await t
      .client()
      .post('/api/auth/login', { email: registration.email, password: 'owner-again-1' });
    expect(password.status).toBe(401);
    expect(password.body).toMatchObject({ code: 'passkey_required', totpAllowed: false });
    const removed = await t.loggedEvents('PasskeyRemoved', `data->>'userId' = $2`, [user.id]);
    expect(removed.map((e) => e.data.passkeyId)).toEqual([thiefsPasskey]);
    expect(await t.loggedEvents('TwoFactorDisabled', `data->>'userId' = $2`, [user.id])).toHaveLength(1);

    // The owner is told what went, without a secret.
    const notice = await smtp.waitFor(
      (m) => m.to.includes(registration.email) && m.text.includes('was reset through a link'),
    );
    expect(notice.text).toContain('the passkey "Not mine", added');
    expect(notice.text).toContain('two-factor authentication with an authenticator app');
    expect(notice.text).not.toContain('Owner laptop');
    expect(notice.text).not.toContain(secret.base32);
  });
});

describe('a reset by mail and the second factors', () => {
  it('counts a sign-in with the authenticator code as proven: what came before it stays', async () => {
    const { client, registration, user } = await signedUpClient(t);
    const key = new SoftAuthenticator(origin());
    const phone = await addPasskey(client, registration.password, key, 'Phone');
    const setup = await client.post('/api/account/2fa/setup', { password: registration.password });
    const secret = (URI.parse(setup.body.otpauthUri) as TOTP).secret as Secret;
    const code = (offset = 0) => TOTP.generate({ secret, timestamp: Date.now() + offset * 30_000 });
    expect((await client.post('/api/account/2fa/enable', { code: code() })).status).toBe(200);
    // A password sign-in that passes the authenticator code is proven too.
    const signIn = await t.client().post('/api/auth/login', {
      email: registration.email,
      password: registration.password,
      totpCode: code(1),
    });
    expect(signIn.status, signIn.text).toBe(200);
    // A minute after it, the older session adds one more (with a code: 2FA is on, and the two codes above
    // are spent, so the server's clock moves on to the next ones rather than the test waiting for them).
    const realNow = t.deps.now;
    t.deps.now = () => new Date(Date.now() + 60_000);
    let later: string;
    try {
      later = await addPasskey(client, { totpCode: code(2) }, new SoftAuthenticator(origin()), 'Later');
    } finally {
      t.deps.now = realNow;
    }

    const reset = await resetByMail(registration.email, 'still-two-factors');
    expect(reset.status, reset.text).toBe(200);
    expect((await passkeySignIn(key)).reply.status).toBe(200);
    const login = await t
      .client()
      .post('/api/auth/login', { email: registration.email, password: 'still-two-factors' });
    expect(login.body).toMatchObject({ code: 'passkey_required', totpAllowed: true });
    const removed = await t.loggedEvents('PasskeyRemoved', `data->>'userId' = $2`, [user.id]);
    expect(removed.map((e) => e.data.passkeyId)).toEqual([later]);
    expect(removed.map((e) => e.data.passkeyId)).not.toContain(phone);
    expect(await t.loggedEvents('TwoFactorDisabled', `data->>'userId' = $2`, [user.id])).toHaveLength(0);
    const notice = await smtp.waitFor(
      (m) => m.to.includes(registration.email) && m.text.includes('was reset through a link'),
    );
    expect(notice.text).toContain('the passkey "Later"');
    expect(notice.text).not.toContain('"Phone"');
    expect(notice.text).not.toContain('authenticator app');
  });
});
