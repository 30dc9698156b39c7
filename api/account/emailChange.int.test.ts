import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpServer, tokenInMail } from '../../testing/smtpServer.ts';
import { newRegistration, setUpTestApp, signedUpClient } from '../../testing/testApp.ts';

const smtp = await startSmtpServer();
afterAll(() => smtp.stop());

const t = setUpTestApp({
  SMTP_URL: smtp.url,
  PUBLIC_URL: 'https://wallet.example.test',
  RATE_LIMITS:
    'register=1000/3600,login=1000/60,loginAddress=1000/3600,password=1000/900,mailAddress=1000/3600',
});

const newAddress = () => `moved.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.org`;

async function requestChange(
  client: ReturnType<typeof t.client>,
  newEmail: string,
  password = 'correct-horse',
) {
  return await client.post('/api/account/email', { newEmail, currentPassword: password });
}

describe('change of e-mail, confirmed through the new address', () => {
  it('asks for the password, refuses an address in use, and appends nothing then', async () => {
    const { client, registration } = await signedUpClient(t);
    const { registration: other } = await signedUpClient(t);
    const before = await t.eventCount();
    const wrong = await requestChange(client, newAddress(), 'not-my-password');
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors.currentPassword).toBe('Current password is incorrect');
    const taken = await requestChange(client, other.email.toUpperCase());
    expect(taken.status).toBe(409);
    expect(taken.body.fieldErrors.newEmail).toBe('Email already registered');
    const same = await requestChange(client, registration.email);
    expect(same.status).toBe(400);
    expect(same.body.fieldErrors.newEmail).toBe('This is already your e-mail address');
    const invalid = await requestChange(client, 'nope');
    expect(invalid.status).toBe(400);
    expect(invalid.body.fieldErrors.newEmail).toBe('Please enter a valid email address');
    expect(
      (await t.client().post('/api/account/email', { newEmail: newAddress(), currentPassword: 'x' })).status,
    ).toBe(401);
    expect(await t.eventCount()).toBe(before);
  });
});

describe('change of e-mail, confirmed through the new address', () => {
  it('mails a link to the new address and a notice to the old; the change lands only on confirmation', async () => {
    const { client, registration, user } = await signedUpClient(t);
    const target = newAddress();
    const reply = await requestChange(client, target);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.devOutbox).toBe(false);

    const confirmMail = await smtp.waitFor((m) => m.to.includes(target));
    // (The registration's own mail, its verification link, went to the old address before.)
    const notice = await smtp.waitFor(
      (m) => m.to.includes(registration.email) && m.subject !== 'Confirm your SAI Wallet e-mail address',
    );
    expect(notice.subject).toBe('A change of your SAI Wallet e-mail address was requested');
    expect(notice.text).not.toContain('#token=');
    expect(notice.text).not.toContain(target);
    const { link, token } = tokenInMail(confirmMail, '/confirm-email');
    expect(link.startsWith('https://wallet.example.test/confirm-email#token=')).toBe(true);
    // The log keeps that both mails went, by purpose, and nothing else of them (an admin's audit shows it).
    let sent = await t.loggedEvents('MailSent', `data->>'userId' = $2`, [user.id]);
    // (Three with the registration's verification link.)
    for (let i = 0; i < 50 && sent.length < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      sent = await t.loggedEvents('MailSent', `data->>'userId' = $2`, [user.id]);
    }
    expect(sent.map((event) => event.data.purpose).sort()).toEqual([
      'email_change',
      'email_change_notice',
      'email_verification',
    ]);
    expect(JSON.stringify(sent)).not.toContain(token);
    expect(JSON.stringify(sent)).not.toContain(target);

    // Until confirmed: the old address signs in, the new one does not, and the new one is not held.
    expect(
      (await t.client().post('/api/auth/login', { email: target, password: 'correct-horse' })).status,
    ).toBe(401);
    expect((await client.get('/api/auth/user')).body.email).toBe(registration.email);
    expect(await t.loggedEvents('UserEmailChanged', `data->>'userId' = $2`, [user.id])).toHaveLength(0);

    // In the session that asked, the link alone confirms.
    const confirmed = await client.post('/api/auth/email-change/confirm', { token });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.email).toBe(target);
    expect((await client.get('/api/auth/user')).body.email).toBe(target);
    expect(
      (await t.client().post('/api/auth/login', { email: target, password: 'correct-horse' })).status,
    ).toBe(200);
    const old = await t
      .client()
      .post('/api/auth/login', { email: registration.email, password: 'correct-horse' });
    expect(old.status).toBe(401);

    // Uniqueness as at registration: the new address is held, the old one is free again.
    expect((await t.client().post('/api/auth/register', newRegistration({ email: target }))).status).toBe(
      409,
    );
    expect(
      (await t.client().post('/api/auth/register', newRegistration({ email: registration.email }))).status,
    ).toBe(201);

    // One event on the user's stream, its address sealed in the log like the registration's.
    const events = await t.loggedEvents<{ email: string }>('UserEmailChanged', `data->>'userId' = $2`, [
      user.id,
    ]);
    expect(events.map((e) => [e.streamName, e.data.email])).toEqual([[`user-${user.id}`, target]]);
    const raw = await t.db.pool.query<{ text: string }>(
      `SELECT data::text AS text FROM es_events WHERE event_type = 'UserEmailChanged'`,
    );
    expect(raw.rows.map((r) => r.text).join()).not.toContain(target);

    const again = await t.client().post('/api/auth/email-change/confirm', { token });
    expect(again.status).toBe(400);
    expect(again.body.fieldErrors.token).toMatch(/invalid, already used or expired/);
  });
});

describe('change of e-mail, confirmed through the new address', () => {
  it('refuses the confirmation when someone registered the address meanwhile, and never holds it before', async () => {
    const { client, registration } = await signedUpClient(t);
    const target = newAddress();
    expect((await requestChange(client, target)).status).toBe(200);
    const { token } = tokenInMail(await smtp.waitFor((m) => m.to.includes(target)), '/confirm-email');
    // A request does not reserve the address: someone else may still register it.
    expect((await t.client().post('/api/auth/register', newRegistration({ email: target }))).status).toBe(
      201,
    );
    const late = await client.post('/api/auth/email-change/confirm', { token });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Email already registered');
    expect((await client.get('/api/auth/user')).body.email).toBe(registration.email);
  });
  it('confirms elsewhere than in the session that asked only with the password, spending nothing before', async () => {
    const { client, registration, user } = await signedUpClient(t);
    const target = newAddress();
    expect((await requestChange(client, target)).status).toBe(200);
    const { token } = tokenInMail(await smtp.waitFor((m) => m.to.includes(target)), '/confirm-email');
    const changes = () => t.loggedEvents('UserEmailChanged', `data->>'userId' = $2`, [user.id]);

    // Signed out (another browser, or whoever was made to open the link): the password is asked for.
    const signedOut = t.client();
    const bare = await signedOut.post('/api/auth/email-change/confirm', { token });
    expect(bare.status).toBe(401);
    expect(bare.body).toMatchObject({ type: 'reauthentication-required', code: 'reauthentication_required' });
    expect(bare.body.fieldErrors.password).toBe('Enter your password to confirm');
    const wrong = await signedOut.post('/api/auth/email-change/confirm', { token, password: 'not-it' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('reauthentication_failed');
    // Another session of the same account is not the one that asked either.
    const other = t.client();
    const credentials = { email: registration.email, password: registration.password };
    expect((await other.post('/api/auth/login', credentials)).status).toBe(200);
    expect((await other.post('/api/auth/email-change/confirm', { token })).status).toBe(401);
    // Nothing changed and the link still works: the asking session confirms with it alone.
    expect(await changes()).toHaveLength(0);
    expect((await client.get('/api/auth/user')).body.email).toBe(registration.email);
    const confirmed = await client.post('/api/auth/email-change/confirm', { token });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.email).toBe(target);
    expect(await changes()).toHaveLength(1);
  });
  it('confirms signed out with the password, once the asking session has ended', async () => {
    const { client, registration } = await signedUpClient(t);
    const target = newAddress();
    expect((await requestChange(client, target)).status).toBe(200);
    const { token } = tokenInMail(await smtp.waitFor((m) => m.to.includes(target)), '/confirm-email');
    expect((await client.post('/api/auth/logout')).status).toBe(204);
    expect((await client.post('/api/auth/email-change/confirm', { token })).status).toBe(401);
    const confirmed = await t
      .client()
      .post('/api/auth/email-change/confirm', { token, password: registration.password });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.email).toBe(target);
    // The password is never in a log line.
    expect(t.logs.join('\n')).not.toContain(registration.password);
  });
  it('limits the mail a signed-in account can send, whatever the addresses', async () => {
    const { client } = await signedUpClient(t);
    // The per-address limit is out of the way here (all tests share one address); per account it is 10/h.
    for (let i = 0; i < 10; i++) expect((await requestChange(client, newAddress())).status).toBe(200);
    const limited = await requestChange(client, newAddress());
    expect(limited.status).toBe(429);
  });
  it('keeps the link for 30 minutes only, and no link or address reaches a log line', async () => {
    const { client, user } = await signedUpClient(t);
    const target = newAddress();
    expect((await requestChange(client, target)).status).toBe(200);
    const { token } = tokenInMail(await smtp.waitFor((m) => m.to.includes(target)), '/confirm-email');
    await t.db.pool.query(
      `UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [user.id],
    );
    expect((await t.client().post('/api/auth/email-change/confirm', { token })).status).toBe(400);
    const logs = t.logs.join('\n');
    expect(logs).toContain('"purpose":"email_change"');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain(target);
  });
});
