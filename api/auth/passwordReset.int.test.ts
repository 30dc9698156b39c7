import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { DevOutbox, type Mailer } from '../../app/mail/mailer.ts';
import { startSmtpServer, tokenInMail } from '../../testing/smtpServer.ts';
import { adminClient, setUpTestApp, signedUpClient } from '../../testing/testApp.ts';

const smtp = await startSmtpServer();
afterAll(() => smtp.stop());

/** A fresh client address per test (TRUST_PROXY=1): each test has its own per-address budget. */
let addresses = 0;
const fromAddress = () => ({ 'x-forwarded-for': `198.51.100.${++addresses}` });

const t = setUpTestApp({
  SMTP_URL: smtp.url,
  MAIL_FROM: 'SAI Wallet <wallet@example.test>',
  PUBLIC_URL: 'https://wallet.example.test',
  ALLOWED_ORIGINS: '',
  TRUST_PROXY: '1',
  // The mail limits at their defaults; the others out of the way of the many sign-ups.
  RATE_LIMITS: 'register=1000/3600,login=1000/60,loginAddress=1000/3600,password=1000/900',
});

const request = (email: string, headers = fromAddress()) =>
  t.client().post('/api/auth/password-reset', { email }, headers);

/** The link's use, from an address of its own (the confirmation counts against `mailAddress` too). */
const confirm = (body: { token: string; newPassword: string; confirmPassword: string }) =>
  t.client().post('/api/auth/password-reset/confirm', body, fromAddress());

const resetMailsTo = (email: string) =>
  smtp.received.filter(
    (m) => m.to.includes(email.toLowerCase()) && m.subject === 'Reset your SAI Wallet password',
  ).length;

async function resetLinkFor(email: string) {
  const before = smtp.received.length;
  const reply = await request(email);
  expect(reply.status, reply.text).toBe(200);
  const mail = await smtp.waitFor(
    (m) => smtp.received.indexOf(m) >= before && m.to.includes(email.toLowerCase()),
  );
  return { mail, ...tokenInMail(mail, '/reset-password') };
}

describe('password reset by a mailed one-time link', () => {
  it('answers an unknown e-mail exactly as a known one, and mails only the account holder', async () => {
    const { registration } = await signedUpClient(t);
    const unknown = `nobody.${Date.now()}@example.com`;
    const known = await request(registration.email);
    const missing = await request(unknown);
    expect(missing.status).toBe(known.status);
    expect(missing.text).toBe(known.text);
    expect(known.body.devOutbox).toBe(false);

    // (The registration's own mail, the link that verifies the address, went before: not this one.)
    const mail = await smtp.waitFor(
      (m) => m.to.includes(registration.email) && m.subject !== 'Confirm your SAI Wallet e-mail address',
    );
    expect(mail.from).toBe('wallet@example.test');
    expect(mail.subject).toBe('Reset your SAI Wallet password');
    const { link } = tokenInMail(mail, '/reset-password');
    expect(link.startsWith('https://wallet.example.test/reset-password#token=')).toBe(true);
    // Give a mail to the unknown address every chance to arrive: none does.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received.some((m) => m.to.includes(unknown))).toBe(false);
  });
  it('sets the new password, ends every session, does not sign in, and works once', async () => {
    const { client, registration, user } = await signedUpClient(t);
    const other = t.client();
    const credentials = { email: registration.email, password: registration.password };
    expect((await other.post('/api/auth/login', credentials)).status).toBe(200);
    const { token } = await resetLinkFor(registration.email);

    const browser = t.client();
    const reset = await browser.post('/api/auth/password-reset/confirm', {
      token,
      newPassword: 'brand-new-secret',
      confirmPassword: 'brand-new-secret',
    });
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body.endedSessions).toBe(2);
    expect(reset.headers.getSetCookie().some((line) => line.startsWith('sai_session='))).toBe(false);
    expect((await client.get('/api/auth/user')).status).toBe(401);
    expect((await other.get('/api/auth/user')).status).toBe(401);

    const old = await t.client().post('/api/auth/login', credentials);
    expect(old.status).toBe(401);
    const fresh = await t
      .client()
      .post('/api/auth/login', { email: registration.email, password: 'brand-new-secret' });
    expect(fresh.status).toBe(200);
    expect(await t.loggedEvents('PasswordChanged', `data->>'userId' = $2`, [user.id])).toHaveLength(1);

    const again = await t.client().post('/api/auth/password-reset/confirm', {
      token,
      newPassword: 'another-secret-1',
      confirmPassword: 'another-secret-1',
    });
    expect(again.status).toBe(400);
    expect(again.body.fieldErrors.token).toMatch(/invalid, already used or expired/);
  });
});

describe('password reset by a mailed one-time link', () => {
  it('keeps only the hash of a token, for 30 minutes; an expired or superseded link does nothing', async () => {
    const { registration, user } = await signedUpClient(t);
    const first = await resetLinkFor(registration.email);
    const kept = [];
    for (let i = 0; i < 4; i++) kept.push(await resetLinkFor(registration.email));
    const second = kept[3]!;
    const { rows } = await t.db.pool.query<{ token_hash: Buffer; minutes: number }>(
      `SELECT token_hash, extract(epoch FROM expires_at - created_at) / 60 AS minutes
         FROM account_tokens WHERE user_id = $1 AND purpose = 'password_reset' ORDER BY created_at`,
      [user.id],
    );
    // The four newest links stay valid; the first mail's was superseded by the fifth. Hashes only.
    const hash = (token: string) => createHash('sha256').update(token).digest();
    expect(rows.map((r) => r.token_hash)).toEqual(kept.map((link) => hash(link.token)));
    expect(rows.map((r) => Number(r.minutes))).toEqual([30, 30, 30, 30]);
    const dump = await t.db.pool.query<{ text: string }>(
      'SELECT row_to_json(a)::text AS text FROM account_tokens a',
    );
    expect(dump.rows.map((r) => r.text).join()).not.toContain(second.token);

    const body = (token: string) => ({
      token,
      newPassword: 'never-applied',
      confirmPassword: 'never-applied',
    });
    const before = await t.eventCount();
    expect((await t.client().post('/api/auth/password-reset/confirm', body(first.token))).status).toBe(400);
    await t.db.pool.query(
      `UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [user.id],
    );
    const expired = await t.client().post('/api/auth/password-reset/confirm', body(second.token));
    expect(expired.status).toBe(400);
    expect(expired.body.fieldErrors.token).toMatch(/invalid, already used or expired/);
    expect((await t.client().post('/api/auth/password-reset/confirm', body('x'.repeat(43)))).status).toBe(
      400,
    );
    expect(await t.eventCount()).toBe(before);
    const credentials = { email: registration.email, password: registration.password };
    expect((await t.client().post('/api/auth/login', credentials)).status).toBe(200);
  });
  it('validates the new password like a password change, appending nothing', async () => {
    const before = await t.eventCount();
    const short = await t.client().post('/api/auth/password-reset/confirm', {
      token: 'a'.repeat(43),
      newPassword: '123',
      confirmPassword: '123',
    });
    expect(short.status).toBe(400);
    expect(short.body.fieldErrors.newPassword).toBe('Password must be at least 6 characters');
    const mismatch = await t.client().post('/api/auth/password-reset/confirm', {
      token: 'a'.repeat(43),
      newPassword: '123456',
      confirmPassword: '1234567',
    });
    expect(mismatch.body.fieldErrors.confirmPassword).toBe("Passwords don't match");
    const bad = await request('not-an-email');
    expect(bad.status).toBe(400);
    expect(await t.eventCount()).toBe(before);
  });
  it('limits requests per recipient address and per client address', async () => {
    const target = `flooded.${Date.now()}@example.com`;
    const one = fromAddress();
    for (let i = 0; i < 3; i++) expect((await request(target, one)).status).toBe(200);
    const limited = await request(target, one);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    // The same answer whether or not the address has an account: the limit is on the address as typed.
    expect(limited.body.message).toBe('Too many attempts. Please wait a moment and try again.');
    // Over the recipient's budget, each other client address has one request an hour, and no more.
    const other = fromAddress();
    expect((await request(target.toUpperCase(), other)).status).toBe(200);
    expect((await request(target, other)).status).toBe(429);

    const busy = fromAddress();
    for (let i = 0; i < 10; i++)
      expect((await request(`many.${i}.${Date.now()}@example.com`, busy)).status).toBe(200);
    expect((await request(`many.x.${Date.now()}@example.com`, busy)).status).toBe(429);
  });
});

describe('password reset by a mailed one-time link', () => {
  it('keeps the link the owner asked for working when strangers ask for more', async () => {
    const { registration } = await signedUpClient(t);
    const owner = await resetLinkFor(registration.email);
    const stranger = fromAddress();
    for (let i = 0; i < 2; i++) expect((await request(registration.email, stranger)).status).toBe(200);
    // The strangers' links exist (their mails went) before the owner uses the first one.
    await expect.poll(() => resetMailsTo(registration.email)).toBe(3);
    const reset = await confirm({
      token: owner.token,
      newPassword: 'the-owners-choice',
      confirmPassword: 'the-owners-choice',
    });
    expect(reset.status, reset.text).toBe(200);
    const credentials = { email: registration.email, password: 'the-owners-choice' };
    expect((await t.client().post('/api/auth/login', credentials)).status).toBe(200);
  });
  it('lets the owner ask from their own address while another floods the recipient', async () => {
    const { registration } = await signedUpClient(t);
    const stranger = fromAddress();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await request(registration.email, stranger)).status);
    expect(answers).toEqual([200, 200, 200, 429, 429, 429]);
    // Even a second flooding address gets one request, and no more.
    const another = fromAddress();
    expect((await request(registration.email, another)).status).toBe(200);
    expect((await request(registration.email, another)).status).toBe(429);
    await expect.poll(() => resetMailsTo(registration.email)).toBe(4);
    const owner = await resetLinkFor(registration.email);
    const reset = await confirm({
      token: owner.token,
      newPassword: 'asked-from-home',
      confirmPassword: 'asked-from-home',
    });
    expect(reset.status, reset.text).toBe(200);
  });
  it('spends every outstanding link when one of them is used', async () => {
    const { registration, user } = await signedUpClient(t);
    const links = [];
    for (let i = 0; i < 3; i++) links.push(await resetLinkFor(registration.email));
    const live = `SELECT count(*)::int AS n FROM account_tokens
                   WHERE user_id = $1 AND purpose = 'password_reset' AND used_at IS NULL AND expires_at > now()`;
    expect((await t.db.pool.query<{ n: number }>(live, [user.id])).rows[0]!.n).toBe(3);
    const body = (token: string) => ({
      token,
      newPassword: 'used-the-middle',
      confirmPassword: 'used-the-middle',
    });
    expect((await confirm(body(links[1]!.token))).status).toBe(200);
    for (const link of [links[0]!, links[2]!]) {
      const late = await confirm(body(link.token));
      expect(late.status).toBe(400);
      expect(late.body.fieldErrors.token).toMatch(/invalid, already used or expired/);
    }
    expect((await t.db.pool.query<{ n: number }>(live, [user.id])).rows[0]!.n).toBe(0);
  });
  it('never writes the link or the address into a log line', async () => {
    const { registration } = await signedUpClient(t);
    const { token } = await resetLinkFor(registration.email);
    await t.client().post('/api/auth/password-reset/confirm', {
      token,
      newPassword: 'logged-nowhere-1',
      confirmPassword: 'logged-nowhere-1',
    });
    const logs = t.logs.join('\n');
    expect(logs).toContain('"purpose":"password_reset"');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain('reset-password#');
    expect(logs).not.toContain(registration.email);
    const events = await t.db.pool.query<{ text: string }>(
      'SELECT data::text || metadata::text AS text FROM es_events',
    );
    expect(events.rows.map((r) => r.text).join()).not.toContain(token);
  });
});

describe('password reset by a mailed one-time link', () => {
  it('shows an admin that a mail was sent, and nothing of it: no address, no text, no link', async () => {
    const { registration, user } = await signedUpClient(t);
    const { token } = await resetLinkFor(registration.email);
    const admin = await adminClient(t);
    const streams = await admin.get(`/api/admin/audit/users/${user.id}`);
    expect(streams.status, streams.text).toBe(200);
    expect(streams.body.streams).toContain(`userMail-${user.id}`);
    const read = async () => (await admin.get(`/api/admin/audit/streams/userMail-${user.id}`)).body;
    // Recorded once the SMTP server took it (the answer went before the mail): wait for it.
    // The registration's verification link was the first mail; the reset's is the second.
    let answer = await read();
    for (let i = 0; i < 50 && answer.events?.length !== 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await read();
    }
    expect(answer.events).toHaveLength(2);
    expect(answer.events[0].data.purpose).toBe('email_verification');
    const event = answer.events[1];
    expect(event.type).toBe('MailSent');
    expect(Object.keys(event.data).sort()).toEqual(['mailId', 'purpose', 'sentAt', 'userId']);
    expect(event.data.purpose).toBe('password_reset');
    expect(event.data.userId).toBe(user.id);
    const shown = JSON.stringify(answer);
    expect(shown).not.toContain(token);
    expect(shown.toLowerCase()).not.toContain(registration.email.toLowerCase());
    // The user cannot read the audit.
    const { client } = await signedUpClient(t);
    expect((await client.get(`/api/admin/audit/streams/userMail-${user.id}`)).status).toBe(403);
  });
});

describe('password reset by a mailed one-time link', () => {
  it('says reset is unavailable (503) where no mail can go, and offers the outbox in development', async () => {
    const smtpMailer = t.deps.mailer;
    const config = t.deps.config as { PUBLIC_URL: string; TRUST_PROXY: string };
    const { PUBLIC_URL: publicUrl, TRUST_PROXY: trustProxy } = config;
    // The outbox exists only where the app is not public: a PUBLIC_URL on this machine, no TRUST_PROXY.
    config.PUBLIC_URL = 'http://localhost:5173';
    config.TRUST_PROXY = '0';
    try {
      t.deps.mailer = { kind: 'unavailable', send: () => Promise.reject(new Error('unavailable')) } as Mailer;
      const reply = await request('someone@example.com');
      expect(reply.status).toBe(503);
      expect(reply.body.code).toBe('mail_unavailable');
      expect(reply.body.message).toMatch(/Password reset is unavailable/);

      const outbox = new DevOutbox(() => new Date());
      t.deps.mailer = outbox;
      const { registration } = await signedUpClient(t);
      const resetMails = () =>
        outbox.mailsTo(registration.email).filter((m) => m.purpose === 'password_reset');
      const empty = await t.client().get(`/api/dev/outbox?to=${registration.email}`);
      // Only the registration's own mail, the link that verifies the address.
      expect(
        empty.body.mails.map((m: { purpose: string }) => m.purpose),
        empty.text,
      ).toEqual(['email_verification']);
      const answer = await request(registration.email.toUpperCase());
      expect(answer.body.devOutbox).toBe(true);
      await expect.poll(() => resetMails().length).toBe(1);
      const listed = await t.client().get(`/api/dev/outbox?to=${encodeURIComponent(registration.email)}`);
      expect(listed.status).toBe(200);
      expect(listed.body.mails[0].subject).toBe('Reset your SAI Wallet password');
      // From another machine (the socket's address, whatever it forwards), the outbox stays shut.
      const remote = await t.app.request(
        `http://localhost/api/dev/outbox?to=${encodeURIComponent(registration.email)}`,
        { headers: { host: 'localhost', 'x-forwarded-for': '127.0.0.1' } },
        { incoming: { socket: { remoteAddress: '203.0.113.9' } } },
      );
      expect(remote.status, await remote.clone().text()).toBe(403);
      expect(await remote.text()).not.toContain('#token=');
      const { token } = tokenInMail(listed.body.mails[0], '/reset-password');
      const reset = await t.client().post('/api/auth/password-reset/confirm', {
        token,
        newPassword: 'from-the-outbox',
        confirmPassword: 'from-the-outbox',
      });
      expect(reset.status).toBe(200);

      // Public by its PUBLIC_URL, or behind a trusted proxy: no outbox at all, from anywhere.
      config.PUBLIC_URL = publicUrl;
      const shut = await t.client().get(`/api/dev/outbox?to=${encodeURIComponent(registration.email)}`);
      expect(shut.status).toBe(404);
      expect(shut.body.message).toContain('the app is public');
      config.PUBLIC_URL = 'http://localhost:5173';
      config.TRUST_PROXY = '1';
      const proxied = await t.app.request(
        `http://localhost/api/dev/outbox?to=${encodeURIComponent(registration.email)}`,
        { headers: { host: 'localhost' } },
        { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
      );
      expect(proxied.status).toBe(404);
    } finally {
      t.deps.mailer = smtpMailer;
      config.PUBLIC_URL = publicUrl;
      config.TRUST_PROXY = trustProxy;
    }
    expect((await t.client().get('/api/dev/outbox?to=someone@example.com')).status).toBe(404);
  });
});
