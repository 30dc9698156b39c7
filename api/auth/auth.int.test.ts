import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { uniqueStream } from '../../app/auth/uniqueStreams.ts';
import { reservationsOf } from '../../testing/reservations.ts';
import { newRegistration, setUpTestApp, signedUpClient } from '../../testing/testApp.ts';

describe('accounts and sign-in: registration', () => {
  const t = setUpTestApp();

  it('registers a user, signs them in with an httpOnly cookie, and reads them back', async () => {
    const client = t.client();
    const registration = newRegistration({ firstName: 'Ada', lastName: 'Lovelace' });
    const reply = await client.post('/api/auth/register', registration);
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      username: registration.username,
      email: registration.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      isAdmin: false,
      balance: '0.00',
    });
    expect(reply.body.id).toMatch(/^[0-9a-z]{8}$/);
    expect(reply.text).not.toContain(registration.password);
    const cookie = reply.headers.getSetCookie().find((line) => line.startsWith('sai_session='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Max-Age/);

    const me = await client.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(reply.body.id);
    expect((await client.get('/api/auth/me')).body.email).toBe(registration.email);
  });

  it('validates registration with the spec messages and appends nothing', async () => {
    const before = await t.eventCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
      [{ password: '12345', confirmPassword: '12345' }, 'password', 'Password must be at least 6 characters'],
      [{ confirmPassword: 'different-one' }, 'confirmPassword', "Passwords don't match"],
      [{ termsAgreed: false }, 'termsAgreed', 'You must agree to the terms and conditions'],
      [{ firstName: 'bad\u0000name' }, 'firstName', 'First name contains a control character (U+0000)'],
      [{ isAdmin: 'yes' }, 'isAdmin', ''],
      [{ sneaky: true }, '_', 'Unknown field: sneaky'],
    ];
    for (const [override, field, message] of cases) {
      const reply = await t.client().post('/api/auth/register', newRegistration(override));
      expect(reply.status, JSON.stringify(override)).toBe(400);
      expect(reply.headers.get('content-type')).toContain('application/problem+json');
      expect(reply.body.status).toBe(400);
      if (message) expect(reply.body.fieldErrors[field]).toBe(message);
      expect(typeof reply.body.message).toBe('string');
    }
    expect(await t.eventCount()).toBe(before);
  });

  it('refuses to create an admin from the public registration', async () => {
    const reply = await t.client().post('/api/auth/register', newRegistration({ isAdmin: true }));
    expect(reply.status).toBe(403);
  });
});

describe('accounts and sign-in: unique e-mail and username', () => {
  const t = setUpTestApp();

  it('keeps e-mail (case-insensitive) and username unique, and frees an e-mail whose registration failed', async () => {
    const { registration } = await signedUpClient(t);
    const sameEmail = await t
      .client()
      .post('/api/auth/register', newRegistration({ email: registration.email.toUpperCase() }));
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toBe('Email already registered');
    expect(sameEmail.body.fieldErrors.email).toBe('Email already registered');

    const fresh = newRegistration({ username: registration.username.toUpperCase() });
    const sameUsername = await t.client().post('/api/auth/register', fresh);
    expect(sameUsername.status).toBe(409);
    expect(sameUsername.body.message).toBe('Username already taken');
    // The e-mail reserved by the failed attempt was released: it can register with another username.
    const retry = await t.client().post('/api/auth/register', { ...fresh, username: `${fresh.username}x` });
    expect(retry.status).toBe(201);
  });

  it('lets exactly one of many concurrent registrations of one e-mail win', async () => {
    const email = newRegistration().email;
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => t.client().post('/api/auth/register', newRegistration({ email }))),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(11);
    const registered = await t.loggedEvents<{ email: string }>('UserRegistered');
    expect(registered.filter((e) => e.data.email.toLowerCase() === email.toLowerCase())).toHaveLength(1);
    // The race was decided on the e-mail's pseudonymous stream: one reservation there, by the winner.
    const key = t.deps.privacy.pseudonymKey;
    const winner = replies.find((r) => r.status === 201)!.body.id;
    expect(await reservationsOf(t.db.pool, key, 'email', email)).toEqual([
      { stream: uniqueStream(key, 'email', email), type: 'UniqueValueReserved', userId: winner },
    ]);

    const username = newRegistration().username;
    const byName = await Promise.all(
      Array.from({ length: 8 }, () => t.client().post('/api/auth/register', newRegistration({ username }))),
    );
    expect(byName.filter((r) => r.status === 201)).toHaveLength(1);
    const named = byName.find((r) => r.status === 201)!.body.id;
    expect(await reservationsOf(t.db.pool, key, 'username', username)).toEqual([
      { stream: uniqueStream(key, 'username', username), type: 'UniqueValueReserved', userId: named },
    ]);
  });
});

describe('accounts and sign-in: sessions', () => {
  const t = setUpTestApp();

  it('signs in case-insensitively, and answers the same 401 for a wrong password or an unknown e-mail', async () => {
    const { registration, user } = await signedUpClient(t);
    const wrong = await t
      .client()
      .post('/api/auth/login', { email: registration.email, password: 'wrong-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid email or password');
    const unknown = await t
      .client()
      .post('/api/auth/login', { email: 'nobody@example.com', password: 'whatever1' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe(wrong.body.message);

    const client = t.client();
    const ok = await client.post('/api/auth/login', {
      email: registration.email.toUpperCase(),
      password: registration.password,
      rememberMe: true,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.id).toBe(user.id);
    const cookie = ok.headers.getSetCookie().find((line) => line.startsWith('sai_session='))!;
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)?.[1]);
    expect(maxAge).toBeGreaterThan(29 * 86_400);
    expect((await client.get('/api/auth/me')).status).toBe(200);
  });

  it('answers who is signed in with 200, a visitor included, while /user keeps its 401', async () => {
    const visitor = t.client();
    const anonymous = await visitor.get('/api/auth/session');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual({ user: null });
    expect((await visitor.get('/api/auth/user')).status).toBe(401);

    const { client, user } = await signedUpClient(t);
    const signedIn = await client.get('/api/auth/session');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toEqual((await client.get('/api/auth/user')).body);
    expect(signedIn.body.user.id).toBe(user.id);

    expect((await client.post('/api/auth/logout')).status).toBe(204);
    expect((await client.get('/api/auth/session')).body).toEqual({ user: null });
  });

  it('revokes the session on the server at logout: the old token no longer works', async () => {
    const { client } = await signedUpClient(t);
    const stolen = new Map(client.cookies);
    expect((await client.post('/api/auth/logout')).status).toBe(204);
    expect((await client.get('/api/auth/user')).status).toBe(401);
    const replay = t.client();
    for (const [k, v] of stolen) replay.cookies.set(k, v);
    expect((await replay.get('/api/auth/user')).status).toBe(401);
  });

  it('ignores the spec client identity headers and rejects forged or unsigned tokens', async () => {
    const { user } = await signedUpClient(t);
    const visitor = t.client();
    expect(
      (await visitor.get('/api/auth/user', { 'X-User-ID': user.id, Authorization: `Admin ${user.id}` }))
        .status,
    ).toBe(401);
    const forged = await new SignJWT({ sid: 'x', adm: true })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('sai-wallet')
      .setAudience('sai-wallet-web')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    visitor.cookies.set('sai_session', forged);
    expect((await visitor.get('/api/auth/user')).status).toBe(401);
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: user.id, sid: 'x', exp: 9999999999, iat: 1 })).toString(
      'base64url',
    );
    visitor.cookies.set('sai_session', `${header}.${payload}.`);
    expect((await visitor.get('/api/auth/user')).status).toBe(401);
  });
});

describe('accounts and sign-in: hostile requests', () => {
  const t = setUpTestApp();

  it('refuses cross-origin state-changing requests (CSRF) but serves same-origin ones', async () => {
    const body = { email: 'nobody@example.com', password: 'whatever1' };
    expect((await t.client().post('/api/auth/login', body, { Origin: 'https://evil.example' })).status).toBe(
      403,
    );
    expect((await t.client().post('/api/auth/login', body, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(
      403,
    );
    expect((await t.client().post('/api/auth/register', newRegistration(), { Origin: 'null' })).status).toBe(
      403,
    );
    expect((await t.client().post('/api/auth/login', body, { Origin: 'http://localhost' })).status).toBe(401);
    expect((await t.client().post('/api/auth/login', body, { 'Sec-Fetch-Site': 'same-origin' })).status).toBe(
      401,
    );
  });

  it('answers malformed requests with 4xx Problem Details, never a 500, and appends nothing', async () => {
    const before = await t.eventCount();
    const client = t.client();
    const cases: [string, Record<string, string>, number][] = [
      ['{not json', {}, 400],
      ['[]', {}, 400],
      ['"text"', {}, 400],
      ['null', {}, 400],
      [JSON.stringify({ email: 12, password: ['x'] }), {}, 400],
      [JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(70_000) }), {}, 413],
      ['email=a@b.co', { 'content-type': 'application/x-www-form-urlencoded' }, 415],
      ['x', { 'content-type': 'text/plain' }, 415],
    ];
    for (const path of ['/api/auth/login', '/api/auth/register']) {
      for (const [body, headers, status] of cases) {
        const reply = await client.post(path, body, headers);
        expect(reply.status, `${path} ${body.slice(0, 30)}`).toBe(status);
        expect(reply.body.status).toBe(status);
        expect(reply.body.title).toBeTruthy();
      }
    }
    expect((await client.get('/api/nope')).status).toBe(404);
    expect(await t.eventCount()).toBe(before);
  });

  it('never writes a password, its hash or a session token to the log, the events or a response', async () => {
    const { client, registration } = await signedUpClient(t, {
      password: 'unique-pass-4242',
      confirmPassword: 'unique-pass-4242',
    });
    await client.post('/api/auth/logout');
    await t.client().post('/api/auth/login', { email: registration.email, password: 'unique-pass-4242' });
    const { rows: hashes } = await t.db.pool.query<{ password_hash: string }>(
      'SELECT password_hash FROM credentials',
    );
    const { rows: events } = await t.db.pool.query<{ text: string }>(
      'SELECT data::text || metadata::text AS text FROM es_events',
    );
    const logText = t.logs.join('\n');
    const eventText = events.map((e) => e.text).join('\n');
    for (const secret of ['unique-pass-4242', ...hashes.map((h) => h.password_hash)]) {
      expect(logText).not.toContain(secret);
      expect(eventText).not.toContain(secret);
    }
    expect(hashes.every((h) => h.password_hash.startsWith('$argon2id$'))).toBe(true);
    for (const token of client.cookies.values()) expect(logText).not.toContain(token);
    expect(logText).toContain('"route":"/api/auth/login"');
  });
});

describe('rate limits', () => {
  const t = setUpTestApp({ RATE_LIMITS: 'login=100/60,loginPair=3/60,register=2/60' });

  it('limits login attempts per account and address, and registrations per client, with 429 and Retry-After', async () => {
    const body = { email: 'target@example.com', password: 'guess-123' };
    for (let i = 0; i < 3; i++) expect((await t.client().post('/api/auth/login', body)).status).toBe(401);
    const limited = await t.client().post('/api/auth/login', body);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await t.client().post('/api/auth/register', newRegistration())).status).toBe(201);
    expect((await t.client().post('/api/auth/register', newRegistration())).status).toBe(201);
    const third = await t.client().post('/api/auth/register', newRegistration());
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBeTruthy();
  });
});
