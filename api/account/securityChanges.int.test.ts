import { type Secret, TOTP, URI } from 'otpauth';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpServer, tokenInMail } from '../../testing/smtpServer.ts';
import { SoftAuthenticator } from '../../testing/softAuthenticator.ts';
import { setUpTestApp, signedUpClient } from '../../testing/testApp.ts';

const smtp = await startSmtpServer();
afterAll(() => smtp.stop());

const DEAD_LINK = /invalid, already used or expired/;
const SUBJECT = 'A security change on your SAI Wallet account';

/**
 * A stolen session or password must not become a stolen account (docs/security.md "Step-up and notices"):
 * enrolling an authenticator needs a fresh proof, every change to how one signs in is mailed to the
 * owner, and the owner's remedies (a new password, a reset, "sign out all others") cancel a pending
 * change of e-mail address; a reset link mailed to an address dies when the account leaves it.
 */
const t = setUpTestApp({
  SMTP_URL: smtp.url,
  PUBLIC_URL: 'https://wallet.example.test',
  RATE_LIMITS:
    'register=1000/3600,login=1000/60,loginAddress=1000/3600,password=1000/900,mailAddress=1000/3600,mailRecipient=1000/3600,totp=1000/900',
});

const newAddress = () => `moved.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.org`;

const notice = (to: string, says: string) =>
  smtp.waitFor((m) => m.to.includes(to) && m.subject === SUBJECT && m.text.includes(says), 15_000);

describe('changes to how one signs in', () => {
  it('refuses to start 2FA on a session alone, and mails the owner when it is turned on and off', async () => {
    const { client, registration } = await signedUpClient(t);
    const before = await t.eventCount();
    const bare = await client.post('/api/account/2fa/setup', {});
    expect(bare.status).toBe(401);
    expect(bare.body).toMatchObject({ code: 'reauthentication_required' });
    expect(bare.body.fieldErrors.password).toBe('Enter your password to confirm');
    const wrong = await client.post('/api/account/2fa/setup', { password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'reauthentication_failed' });
    // Nothing was enrolled: the enable step has no secret to check a code against.
    expect((await client.post('/api/account/2fa/enable', { code: '123456' })).status).toBe(409);
    expect(await t.eventCount()).toBe(before);

    const setup = await client.post('/api/account/2fa/setup', { password: registration.password });
    expect(setup.status, setup.text).toBe(200);
    const secret = (URI.parse(setup.body.otpauthUri) as TOTP).secret as Secret;
    const code = (offset = 0) => TOTP.generate({ secret, timestamp: Date.now() + offset * 30_000 });
    expect((await client.post('/api/account/2fa/enable', { code: code() })).status).toBe(200);
    const on = await notice(registration.email, 'Two-factor authentication was turned on');
    expect(on.text).toContain('Forgot password?');
    expect(on.text).not.toContain(secret.base32);
    expect((await client.post('/api/account/2fa/disable', { code: code(1) })).status).toBe(200);
    await notice(registration.email, 'Two-factor authentication was turned off');
  });
  it('mails the owner when a passkey is added and when it is removed, naming it, never its credential', async () => {
    const { client, registration } = await signedUpClient(t);
    const options = await client.post('/api/account/passkeys/options', { password: registration.password });
    expect(options.status, options.text).toBe(200);
    const response = new SoftAuthenticator(t.deps.config.PUBLIC_URL).create(options.body.options);
    const added = await client.post('/api/account/passkeys', { name: 'Travel key', response });
    expect(added.status, added.text).toBe(201);
    const addedMail = await notice(registration.email, 'A passkey was added to your SAI Wallet account.');
    expect(addedMail.text).toContain('Forgot password?');
    expect(addedMail.text).not.toContain(response.id);
    const removed = await client.request('DELETE', `/api/account/passkeys/${added.body.id}`, {
      password: registration.password,
    });
    expect(removed.status, removed.text).toBe(200);
    const removedMail = await notice(
      registration.email,
      'A passkey was removed from your SAI Wallet account.',
    );
    expect(removedMail.text).not.toContain(response.id);
  });
  it('mails the owner when the password changes, and the change cancels a pending e-mail change', async () => {
    const { client, registration } = await signedUpClient(t);
    const thief = newAddress();
    expect(
      (await client.post('/api/account/email', { newEmail: thief, currentPassword: registration.password }))
        .status,
    ).toBe(200);
    const { token } = tokenInMail(await smtp.waitFor((m) => m.to.includes(thief)), '/confirm-email');
    const changed = await client.post('/api/account/password', {
      currentPassword: registration.password,
      newPassword: 'a-brand-new-password',
      confirmPassword: 'a-brand-new-password',
    });
    expect(changed.status, changed.text).toBe(200);
    await notice(registration.email, 'The password of your SAI Wallet account was changed');
    const confirm = await t.client().post('/api/auth/email-change/confirm', { token });
    expect(confirm.status).toBe(400);
    expect(confirm.body.fieldErrors.token).toMatch(DEAD_LINK);
  });
  it('"sign out all others" cancels a pending e-mail change', async () => {
    const { client, registration } = await signedUpClient(t);
    const thief = newAddress();
    await client.post('/api/account/email', { newEmail: thief, currentPassword: registration.password });
    const { token } = tokenInMail(await smtp.waitFor((m) => m.to.includes(thief)), '/confirm-email');
    expect((await client.post('/api/account/sessions/sign-out-others')).status).toBe(200);
    expect(
      (await t.client().post('/api/auth/email-change/confirm', { token })).body.fieldErrors.token,
    ).toMatch(DEAD_LINK);
  });
});

describe('changes to how one signs in', () => {
  it('a reset by mail cancels a pending e-mail change and is announced', async () => {
    const { client, registration } = await signedUpClient(t);
    const thief = newAddress();
    await client.post('/api/account/email', { newEmail: thief, currentPassword: registration.password });
    const { token: change } = tokenInMail(await smtp.waitFor((m) => m.to.includes(thief)), '/confirm-email');
    await t.client().post('/api/auth/password-reset', { email: registration.email });
    const resetMail = await smtp.waitFor(
      (m) => m.to.includes(registration.email) && m.text.includes('/reset-password#token='),
    );
    const { token: reset } = tokenInMail(resetMail, '/reset-password');
    const done = await t.client().post('/api/auth/password-reset/confirm', {
      token: reset,
      newPassword: 'reset-by-the-owner',
      confirmPassword: 'reset-by-the-owner',
    });
    expect(done.status, done.text).toBe(200);
    await notice(registration.email, 'was reset through a link sent to this address');
    expect(
      (await t.client().post('/api/auth/email-change/confirm', { token: change })).body.fieldErrors.token,
    ).toMatch(DEAD_LINK);
  });
  it('an e-mail change kills reset links sent to the old address, and both addresses are told', async () => {
    const { client, registration } = await signedUpClient(t);
    await t.client().post('/api/auth/password-reset', { email: registration.email });
    const { token: reset } = tokenInMail(
      await smtp.waitFor(
        (m) => m.to.includes(registration.email) && m.text.includes('/reset-password#token='),
      ),
      '/reset-password',
    );
    const moved = newAddress();
    await client.post('/api/account/email', { newEmail: moved, currentPassword: registration.password });
    const { token } = tokenInMail(await smtp.waitFor((m) => m.to.includes(moved)), '/confirm-email');
    expect((await client.post('/api/auth/email-change/confirm', { token })).status).toBe(200);
    const old = await notice(registration.email, 'The e-mail address of your SAI Wallet account was changed');
    expect(old.text).toContain(`It is now ${moved[0]}***@example.org`);
    await notice(moved, 'The e-mail address of your SAI Wallet account was changed');
    const late = await t.client().post('/api/auth/password-reset/confirm', {
      token: reset,
      newPassword: 'from-the-old-mailbox',
      confirmPassword: 'from-the-old-mailbox',
    });
    expect(late.status).toBe(400);
    expect(late.body.fieldErrors.token).toMatch(DEAD_LINK);
  });
});
