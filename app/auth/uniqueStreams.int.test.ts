import { describe, expect, it } from 'vitest';
import { reservationsOf } from '../../testing/reservations.ts';
import { newRegistration, setUpAdminClient, setUpTestApp, signedUpClient } from '../../testing/testApp.ts';
import { isLegacyUniqueStream, UNIQUE_STREAM_NAME, uniqueStream } from './uniqueStreams.ts';

/** Stream names carry no personal data: the uniqueness streams are named by pseudonyms. */
describe('uniqueness streams named by pseudonyms', () => {
  const t = setUpTestApp();
  const admin = setUpAdminClient(t, 'streams-admin@example.com');

  it('leaves no e-mail or username in any stream name of the log or the read models', async () => {
    const values: string[] = [];
    const remember = (registration: { email: string; username: string }) =>
      values.push(registration.email, registration.username, registration.email.split('@')[0]!);
    const ada = await signedUpClient(t, { email: `  Ada.${Date.now()}@Example.COM ` });
    remember(ada.registration);
    const bob = await signedUpClient(t);
    remember(bob.registration);
    // A rename (the old name is released, the new one reserved) and a registration that fails on a taken
    // username (its e-mail is reserved, then released).
    const renamed = `renamed_${Date.now().toString(36)}`;
    expect((await bob.client.patch('/api/account/profile', { username: renamed })).status).toBe(200);
    values.push(renamed);
    const failed = newRegistration({ username: ada.registration.username });
    expect((await t.client().post('/api/auth/register', failed)).status).toBe(409);
    values.push(failed.email);
    await t.settle();

    const { rows } = await t.db.pool.query<{ name: string }>(
      `SELECT stream_name AS name FROM es_streams
       UNION SELECT DISTINCT stream_name FROM es_events
       UNION SELECT DISTINCT stream_name FROM transaction_events`,
    );
    const names = rows.map((row) => row.name);
    const uniqueness = names.filter((name) => /^user(Email|Name)-/.test(name));
    // Each e-mail and username (the admin's too) is reserved in its stream, and every such name is a pseudonym.
    expect(uniqueness.length).toBeGreaterThanOrEqual(8);
    expect(uniqueness.filter((name) => !UNIQUE_STREAM_NAME.test(name) || isLegacyUniqueStream(name))).toEqual(
      [],
    );
    const key = t.deps.privacy.pseudonymKey;
    for (const [kind, value] of [
      ['email', ada.registration.email],
      ['username', ada.registration.username],
      ['username', renamed],
    ] as const)
      expect(names).toContain(uniqueStream(key, kind, value));
    const lowered = names.join('\n').toLowerCase();
    for (const value of values) expect(lowered, value).not.toContain(value.trim().toLowerCase());
    // The reservations still carry the value itself, sealed in the log, never in clear in the name.
    expect(await reservationsOf(t.db.pool, key, 'username', bob.registration.username)).toEqual([
      expect.objectContaining({ type: 'UniqueValueReserved', userId: bob.user.id }),
      expect.objectContaining({ type: 'UniqueValueReleased', userId: bob.user.id }),
    ]);
    const stored = await t.db.pool.query<{ value: string }>(
      `SELECT jsonb_typeof(data->'value') AS value FROM es_events WHERE stream_name = $1`,
      [uniqueStream(key, 'username', bob.registration.username)],
    );
    expect(stored.rows).toEqual([{ value: 'object' }, { value: 'object' }]);
  });

  it('finds a user by e-mail however it is typed, through the pseudonymous stream', async () => {
    const { user, registration } = await signedUpClient(t, { email: `Mixed.${Date.now()}@Example.com` });
    const { client } = await signedUpClient(t);
    const found = await client.get(
      `/api/users/by-email?email=${encodeURIComponent(registration.email.toUpperCase())}`,
    );
    expect(found.status, found.text).toBe(200);
    expect(found.body.id).toBe(user.id);
    const login = await t.client().post('/api/auth/login', {
      email: ` ${registration.email.toLowerCase()}`,
      password: registration.password,
    });
    expect(login.status, login.text).toBe(200);
  });

  it('opens a pseudonymous uniqueness stream in the audit, and still a legacy name', async () => {
    const { user, registration } = await signedUpClient(t);
    const stream = uniqueStream(t.deps.privacy.pseudonymKey, 'email', registration.email);
    const reply = await admin.get(`/api/admin/audit/streams/${stream}`);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.events).toEqual([
      expect.objectContaining({
        type: 'UniqueValueReserved',
        hashValid: true,
        data: expect.objectContaining({ userId: user.id }),
      }),
    ]);
    for (const legacy of ['userEmail-ada%40example.com', 'userName-ada_legacy']) {
      const old = await admin.get(`/api/admin/audit/streams/${legacy}`);
      expect(old.status, legacy).toBe(200);
      expect(old.body.events).toEqual([]);
    }
    expect((await admin.get('/api/admin/audit/streams/userEmail-a%20b')).status).toBe(400);
  });
});
