import { type Secret, TOTP, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { requestMetadata } from '../../app/context.ts';
import { erasePerson } from '../../app/privacy/erasure.ts';
import { SoftAuthenticator } from '../../testing/softAuthenticator.ts';
import {
  setUpTestApp,
  signedInAdmin,
  signedUpClient,
  type TestApp,
  type TestClient,
} from '../../testing/testApp.ts';

type Signed = Awaited<ReturnType<typeof signedUpClient>>;

/** Adds a passkey to the signed-in user through the API, as the profile page does. */
async function addPasskey(
  signed: Signed,
  authenticator: SoftAuthenticator,
  name = 'Laptop',
): Promise<string> {
  const options = await signed.client.post('/api/account/passkeys/options', {
    password: signed.registration.password,
  });
  expect(options.status, options.text).toBe(200);
  const response = authenticator.create(options.body.options);
  const added = await signed.client.post('/api/account/passkeys', { name, response });
  expect(added.status, added.text).toBe(201);
  expect(Object.keys(added.body).sort()).toEqual(['createdAt', 'id', 'lastUsedAt', 'name']);
  return added.body.id;
}

async function passkeySignIn(t: TestApp, authenticator: SoftAuthenticator, client: TestClient = t.client()) {
  const options = await client.post('/api/auth/passkeys/sign-in/options');
  expect(options.status, options.text).toBe(200);
  // A discoverable-credential sign-in: no account is named, so no credential is listed.
  expect(options.body.options.allowCredentials ?? []).toEqual([]);
  expect(options.body.options.userVerification).toBe('required');
  const response = authenticator.get(options.body.options);
  return { client, response, reply: await client.post('/api/auth/passkeys/sign-in', { response }) };
}

/** An authenticator for the app's origin, as the person's own device would be. */
const authenticatorOf = (t: TestApp) => new SoftAuthenticator(t.deps.config.PUBLIC_URL);

describe('passkeys: register and sign in', () => {
  const t = setUpTestApp();

  it('adds a passkey only after a fresh password, then signs in with it and no e-mail', async () => {
    const signed = await signedUpClient(t);
    const refused = await signed.client.post('/api/account/passkeys/options', {});
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('reauthentication_required');
    const wrong = await signed.client.post('/api/account/passkeys/options', { password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('reauthentication_failed');

    const authenticator = authenticatorOf(t);
    const id = await addPasskey(signed, authenticator);
    const list = await signed.client.get('/api/account/passkeys');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([{ id, name: 'Laptop', createdAt: expect.any(String), lastUsedAt: null }]);

    // The log knows a passkey was added, by its public id only: no key, no credential id, no name.
    const events = await t.loggedEvents('PasskeyAdded', 'stream_name = $2', [
      `userPasskeys-${signed.user.id}`,
    ]);
    expect(events.map((e) => e.data)).toEqual([
      { userId: signed.user.id, passkeyId: id, addedAt: expect.any(String) },
    ]);

    const { client, reply } = await passkeySignIn(t, authenticator);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.id).toBe(signed.user.id);
    const me = await client.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(signed.user.email);
    const used = await signed.client.get('/api/account/passkeys');
    expect(used.body[0].lastUsedAt).not.toBeNull();
    // The holder is told, so a passkey someone else added is noticed.
    await t.settle();
    const notices = (await signed.client.get('/api/notifications')).body as {
      title: string;
      message: string;
    }[];
    expect(notices.map((n) => n.title)).toContain('Passkey added');
  });

  it('spends a challenge once: a replayed assertion or registration is refused', async () => {
    const signed = await signedUpClient(t);
    const authenticator = authenticatorOf(t);
    const options = await signed.client.post('/api/account/passkeys/options', {
      password: signed.registration.password,
    });
    const response = authenticator.create(options.body.options);
    expect((await signed.client.post('/api/account/passkeys', { name: 'Phone', response })).status).toBe(201);
    const again = await signed.client.post('/api/account/passkeys', { name: 'Phone', response });
    expect(again.status).toBe(400);

    const first = await passkeySignIn(t, authenticator);
    expect(first.reply.status).toBe(200);
    const replay = await t.client().post('/api/auth/passkeys/sign-in', { response: first.response });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('passkey_invalid');
    expect(replay.headers.get('set-cookie')).toBeNull();
  });
});

describe('passkeys: register and sign in: refusals', () => {
  const t = setUpTestApp();

  it('refuses an assertion from another origin, for an expired challenge, or without user verification', async () => {
    const signed = await signedUpClient(t);
    const authenticator = authenticatorOf(t);
    await addPasskey(signed, authenticator);
    const client = t.client();

    const options = await client.post('/api/auth/passkeys/sign-in/options');
    const phished = authenticator.get(options.body.options, undefined, {
      origin: 'https://wallet.evil.example',
    });
    expect((await client.post('/api/auth/passkeys/sign-in', { response: phished })).status).toBe(401);

    const late = await client.post('/api/auth/passkeys/sign-in/options');
    const realNow = t.deps.now;
    t.deps.now = () => new Date(Date.now() + 5 * 60_000 + 1_000);
    try {
      const response = authenticator.get(late.body.options);
      expect((await client.post('/api/auth/passkeys/sign-in', { response })).status).toBe(401);
    } finally {
      t.deps.now = realNow;
    }

    authenticator.userVerified = false;
    const unverified = await passkeySignIn(t, authenticator, client);
    expect(unverified.reply.status).toBe(401);
    authenticator.userVerified = true;
    expect((await passkeySignIn(t, authenticator, client)).reply.status).toBe(200);
  });

  it('refuses a passkey nobody registered, and shows nobody else the list', async () => {
    const stranger = authenticatorOf(t);
    const signed = await signedUpClient(t);
    // A credential this server never saw (made against another user's options, never sent back).
    const options = await signed.client.post('/api/account/passkeys/options', {
      password: signed.registration.password,
    });
    stranger.create(options.body.options);
    expect((await passkeySignIn(t, stranger)).reply.status).toBe(401);
    expect((await t.client().get('/api/account/passkeys')).status).toBe(401);
  });
});

describe('passkeys: register and sign in: renaming and removal', () => {
  const t = setUpTestApp();

  it('renames and removes a passkey (removal after a fresh password); nobody else can', async () => {
    const signed = await signedUpClient(t);
    const other = await signedUpClient(t);
    const authenticator = authenticatorOf(t);
    const id = await addPasskey(signed, authenticator);

    const renamed = await signed.client.patch(`/api/account/passkeys/${id}`, { name: 'Work laptop' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Work laptop');
    expect((await other.client.patch(`/api/account/passkeys/${id}`, { name: 'Mine' })).status).toBe(404);
    const othersTry = await other.client.request('DELETE', `/api/account/passkeys/${id}`, {
      password: other.registration.password,
    });
    expect(othersTry.status).toBe(404);

    const unconfirmed = await signed.client.request('DELETE', `/api/account/passkeys/${id}`, {});
    expect(unconfirmed.status).toBe(401);
    const removed = await signed.client.request('DELETE', `/api/account/passkeys/${id}`, {
      password: signed.registration.password,
    });
    expect(removed.status, removed.text).toBe(200);
    expect((await signed.client.get('/api/account/passkeys')).body).toEqual([]);
    const events = await t.loggedEvents('PasskeyRemoved', 'stream_name = $2', [
      `userPasskeys-${signed.user.id}`,
    ]);
    expect(events.map((e) => e.data)).toEqual([
      { userId: signed.user.id, passkeyId: id, removedAt: expect.any(String) },
    ]);
    // A removed passkey signs nobody in.
    expect((await passkeySignIn(t, authenticator)).reply.status).toBe(401);
  });
});

describe('passkeys: erasure', () => {
  const t = setUpTestApp();

  it("deletes an erased person's passkeys, so theirs signs nobody in", async () => {
    const admin = await signedInAdmin(t);
    const signed = await signedUpClient(t);
    const authenticator = authenticatorOf(t);
    await addPasskey(signed, authenticator);
    await erasePerson(t.deps, {
      userId: signed.user.id,
      actorId: admin.userId,
      reason: 'Art. 17 request',
      moveBalancesToDormant: false,
      metadata: requestMetadata(admin.userId, 'passkey-erasure-test'),
    });
    const { rows } = await t.db.pool.query('SELECT 1 FROM passkeys WHERE user_id = $1', [signed.user.id]);
    expect(rows).toEqual([]);
    expect((await passkeySignIn(t, authenticator)).reply.status).toBe(401);
  });
});

describe('passkeys: the second factor of a password sign-in', () => {
  const t = setUpTestApp({ RATE_LIMITS: 'login=1000/60,password=1000/60,register=1000/60,totp=1000/300' });
  const login = (client: TestClient, signed: Signed, extra: Record<string, unknown> = {}) =>
    client.post('/api/auth/login', {
      email: signed.user.email,
      password: signed.registration.password,
      ...extra,
    });

  it('asks a user with a passkey for it after the right password, and signs in with it', async () => {
    const signed = await signedUpClient(t);
    const authenticator = authenticatorOf(t);
    await addPasskey(signed, authenticator);

    const client = t.client();
    const wrongPassword = await client.post('/api/auth/login', {
      email: signed.user.email,
      password: 'wrong-password',
    });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body.passkeyOptions).toBeUndefined();

    const asked = await login(client, signed);
    expect(asked.status).toBe(401);
    expect(asked.body.code).toBe('passkey_required');
    expect(asked.body.totpAllowed).toBe(false);
    expect(asked.headers.get('set-cookie')).toBeNull();
    const options = asked.body.passkeyOptions;
    const credentialId = Buffer.from(authenticator.credentials[0]?.id ?? []).toString('base64url');
    expect(options.allowCredentials.map((c: { id: string }) => c.id)).toEqual([credentialId]);

    const passkey = authenticator.get(options);
    const signedIn = await login(client, signed, { passkey });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect((await client.get('/api/auth/user')).status).toBe(200);
    // The same answer again: its challenge is spent.
    const replay = await login(t.client(), signed, { passkey });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('passkey_invalid');
  });

  it("refuses a sign-in challenge's answer, or another user's passkey, as the second factor", async () => {
    const signed = await signedUpClient(t);
    const mine = authenticatorOf(t);
    await addPasskey(signed, mine);
    const other = await signedUpClient(t);
    const theirs = authenticatorOf(t);
    await addPasskey(other, theirs);

    // Answering a sign-in challenge (issued to nobody) does not pass as the second factor.
    const signInOptions = await t.client().post('/api/auth/passkeys/sign-in/options');
    const wrongPurpose = await login(t.client(), signed, { passkey: mine.get(signInOptions.body.options) });
    expect(wrongPurpose.body.code).toBe('passkey_invalid');

    const asked = await login(t.client(), signed);
    const byOther = await login(t.client(), signed, { passkey: theirs.get(asked.body.passkeyOptions) });
    expect(byOther.status).toBe(401);
    expect(byOther.body.code).toBe('passkey_invalid');
  });

  it('lets a user with both passkey and TOTP give either one', async () => {
    const signed = await signedUpClient(t);
    const setup = await signed.client.post('/api/account/2fa/setup', {
      password: signed.registration.password,
    });
    const secret = (URI.parse(setup.body.otpauthUri) as TOTP).secret as Secret;
    const at = (offset: number) => TOTP.generate({ secret, timestamp: Date.now() + offset * 30_000 });
    // Three codes, each for a later step than the one before (a code is good once): now, the next step,
    // and, with the server's clock a minute on, the one after (a code for the step before now would fail
    // whenever a step boundary passed before the server read it).
    expect((await signed.client.post('/api/account/2fa/enable', { code: at(0) })).status).toBe(200);
    const authenticator = authenticatorOf(t);
    const options = await signed.client.post('/api/account/passkeys/options', { totpCode: at(1) });
    expect(options.status, options.text).toBe(200);
    const response = authenticator.create(options.body.options);
    expect((await signed.client.post('/api/account/passkeys', { name: 'Key', response })).status).toBe(201);

    const asked = await login(t.client(), signed);
    expect(asked.body.code).toBe('passkey_required');
    expect(asked.body.totpAllowed).toBe(true);
    const realNow = t.deps.now;
    t.deps.now = () => new Date(Date.now() + 60_000);
    try {
      expect((await login(t.client(), signed, { totpCode: at(2) })).status).toBe(200);
    } finally {
      t.deps.now = realNow;
    }
    const again = await login(t.client(), signed);
    expect(
      (await login(t.client(), signed, { passkey: authenticator.get(again.body.passkeyOptions) })).status,
    ).toBe(200);
  });
});
