import { type Secret, TOTP, URI } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { decryptTotpSecret, totpEncryptionKey } from '../../app/auth/totp.ts';
import { eventText, liveSessions } from '../../testing/accountApp.ts';
import { type Reply, setUpTestApp, signedUpClient, type TestApp } from '../../testing/testApp.ts';

const t = setUpTestApp({
  RATE_LIMITS: 'login=1000/60,password=3/60,register=1000/60,totp=5/300',
});

// A clock the test moves in whole TOTP steps, so codes are not at the mercy of a step boundary.
let clock = Date.now();

const replies: Reply[] = [];

const track = async <T extends Reply>(reply: Promise<T>): Promise<T> => {
  const r = await reply;
  replies.push(r);
  return r;
};

const codeAt = (secret: Secret, offsetSteps = 0) =>
  TOTP.generate({ secret, timestamp: clock + offsetSteps * 30_000 });

beforeAll(async () => {
  t.deps.now = () => new Date(clock);
});

async function enrol(client: ReturnType<TestApp['client']>, userId: string, email: string, password: string) {
  const setup = await client.post('/api/account/2fa/setup', { password });
  expect(setup.status).toBe(200);
  const otp = URI.parse(setup.body.otpauthUri);
  expect(otp).toBeInstanceOf(TOTP);
  const totp = otp as TOTP;
  expect(totp.issuer).toBe('SAI Wallet');
  expect(totp.label).toBe(email);
  expect(totp.secret.bytes).toHaveLength(20);
  expect(setup.body.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
  // What is stored is the same secret, encrypted.
  const { rows } = await t.db.pool.query(
    'SELECT secret_encrypted, confirmed FROM totp_secrets WHERE user_id = $1',
    [userId],
  );
  expect(rows[0].confirmed).toBe(false);
  expect(rows[0].secret_encrypted).not.toContain(totp.secret.base32);
  const stored = decryptTotpSecret(
    totpEncryptionKey(t.deps.sessions.secret),
    userId,
    rows[0].secret_encrypted,
  );
  expect(Buffer.from(stored).equals(Buffer.from(totp.secret.bytes))).toBe(true);
  return {
    secret: totp.secret,
    uri: setup.body.otpauthUri as string,
    encrypted: rows[0].secret_encrypted as string,
  };
}

describe('account: two-factor authentication', () => {
  it('enrols, then asks for the code at sign-in, accepts it once, and disables with a code', async () => {
    const { client, user, registration } = await signedUpClient(t);
    const login = (body: Record<string, unknown>, c = t.client()) =>
      track(c.post('/api/auth/login', { email: user.email, password: registration.password, ...body }));
    expect((await track(client.get('/api/account/2fa'))).body).toEqual({ enabled: false });
    const early = await track(client.post('/api/account/2fa/enable', { code: '123456' }));
    expect(early.status).toBe(409);

    const { secret, uri, encrypted } = await enrol(client, user.id, user.email, registration.password);
    // Not on until confirmed: sign-in still needs the password only.
    expect((await login({})).status).toBe(200);

    const wrong = await track(client.post('/api/account/2fa/enable', { code: codeAt(secret, 5) }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors.code).toBe('Invalid authentication code. Please try again.');
    const enabled = await track(client.post('/api/account/2fa/enable', { code: codeAt(secret) }));
    expect(enabled.status).toBe(200);
    expect(enabled.body).toEqual({ enabled: true });
    expect((await track(client.get('/api/account/2fa'))).body).toEqual({ enabled: true });
    await t.settle();
    expect((await track(client.get('/api/auth/user'))).body.twoFactorEnabled).toBe(true);
    expect((await track(client.post('/api/account/2fa/setup'))).status).toBe(409);

    // Password right, no code: asked for it, and no session is created.
    const sessionsBefore = await liveSessions(t, user.id);
    const visitor = t.client();
    const required = await login({}, visitor);
    expect(required.status).toBe(401);
    expect(required.body).toMatchObject({
      code: 'totp_required',
      message: 'Enter the 6-digit code from your authenticator app',
    });
    expect(visitor.cookies.size).toBe(0);
    expect(await liveSessions(t, user.id)).toBe(sessionsBefore);
    // Password wrong: the plain 401, nothing about 2FA.
    const badPassword = await track(
      t
        .client()
        .post('/api/auth/login', { email: user.email, password: 'wrong-pass', totpCode: codeAt(secret) }),
    );
    expect(badPassword.status).toBe(401);
    expect(badPassword.body.code).toBeUndefined();

    const invalid = await login({ totpCode: codeAt(secret, 5) });
    expect(invalid.status).toBe(401);
    expect(invalid.body.code).toBe('totp_invalid');
    // The code that confirmed enrolment was used: it cannot sign in.
    expect((await login({ totpCode: codeAt(secret) })).body.code).toBe('totp_invalid');
    // The next step's code is within the ±1 window.
    const next = codeAt(secret, 1);
    const signedIn = t.client();
    const ok = await login({ totpCode: next }, signedIn);
    expect(ok.status).toBe(200);
    expect((await track(signedIn.get('/api/auth/user'))).status).toBe(200);
    const replay = await login({ totpCode: next });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('totp_invalid');
    expect(await liveSessions(t, user.id)).toBe(sessionsBefore + 1);

    // Two steps later: the previous step's code (used) is refused, the current one works.
    clock += 60_000;
    expect((await login({ totpCode: codeAt(secret, -1) })).body.code).toBe('totp_invalid');
    expect((await login({ totpCode: codeAt(secret) })).status).toBe(200);

    // Disable needs a fresh code too; afterwards the secret is gone and the password is enough.
    clock += 30_000;
    expect((await track(client.post('/api/account/2fa/disable', { code: codeAt(secret, 5) }))).status).toBe(
      400,
    );
    const disabled = await track(client.post('/api/account/2fa/disable', { code: codeAt(secret) }));
    expect(disabled.status).toBe(200);
    expect(disabled.body).toEqual({ enabled: false });
    const { rowCount } = await t.db.pool.query('SELECT 1 FROM totp_secrets WHERE user_id = $1', [user.id]);
    expect(rowCount).toBe(0);
    expect((await login({})).status).toBe(200);
    expect((await track(client.post('/api/account/2fa/disable', { code: codeAt(secret, 1) }))).status).toBe(
      409,
    );

    const { rows } = await t.db.pool.query(
      `SELECT event_type FROM es_events WHERE stream_name = $1 ORDER BY stream_revision`,
      [`user-${user.id}`],
    );
    expect(rows.map((r) => r.event_type)).toEqual([
      'UserRegistered',
      'EmailVerified',
      'TwoFactorEnabled',
      'TwoFactorDisabled',
    ]);

    // The secret never shows up again: not in the log, any later response, or the app's logs.
    const hex = Buffer.from(secret.bytes).toString('hex');
    const b64 = Buffer.from(secret.bytes).toString('base64');
    const events = await eventText(t);
    const logs = t.logs.join('\n');
    const answers = replies.map((r) => r.text).join('\n');
    for (const leak of [secret.base32, hex, b64, encrypted, uri, registration.password]) {
      expect(events).not.toContain(leak);
      expect(logs).not.toContain(leak);
      expect(answers).not.toContain(leak);
    }
  });
});

describe('account: two-factor authentication', () => {
  it('stops guessing of codes with 429 after five tries, even for the right code', async () => {
    const { client, user, registration } = await signedUpClient(t);
    const { secret } = await enrol(client, user.id, user.email, registration.password);
    clock += 30_000;
    expect((await client.post('/api/account/2fa/enable', { code: codeAt(secret) })).status).toBe(200);
    clock += 30_000;
    const attempt = (totpCode: string) =>
      t.client().post('/api/auth/login', { email: user.email, password: registration.password, totpCode });
    // Five wrong guesses (a success, like the enable above, starts the count afresh).
    const valid = [-1, 0, 1].map((offset) => codeAt(secret, offset));
    const guesses: string[] = [];
    for (let n = 0; guesses.length < 5; n++) {
      const guess = String(n).padStart(6, '0');
      if (!valid.includes(guess)) guesses.push(guess);
    }
    for (const guess of guesses) {
      const reply = await attempt(guess);
      expect(reply.status).toBe(401);
      expect(reply.body.code).toBe('totp_invalid');
    }
    const blocked = await attempt(codeAt(secret));
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await liveSessions(t, user.id)).toBe(1);
  });
  it('limits password-change attempts per account', async () => {
    const { client } = await signedUpClient(t);
    const body = { currentPassword: 'guess-guess', newPassword: 'whatever-1', confirmPassword: 'whatever-1' };
    for (let i = 0; i < 3; i++) expect((await client.post('/api/account/password', body)).status).toBe(400);
    const limited = await client.post('/api/account/password', body);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });
});
