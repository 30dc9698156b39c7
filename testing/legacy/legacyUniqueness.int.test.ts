import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.ts';
import { isLegacyUniqueStream, uniqueStream } from '../../app/auth/uniqueStreams.ts';
import { findUserIdByEmail, updateProfile } from '../../app/auth/users.service.ts';
import { requestMetadata } from '../../app/context.ts';
import { parseUserId } from '../../domain/shared/ids.ts';
import { migrateDatabase } from '../../infra/postgres/migrate.ts';
import { loadConfig } from '../../runtime/config.ts';
import { type Services, startServices } from '../../runtime/services.ts';
import { RUN_PRIVACY_KEYS } from '../privacyKeys.ts';
import { reservationsOf } from '../reservations.ts';
import { newRegistration, TestClient } from '../testApp.ts';
import { createTestDatabase, type TestDatabase } from '../testDb.ts';
import { legacyExpected, restoreLegacyFixture } from './legacyFixture.ts';

/**
 * The legacy fixture holds its reservations under the old stream names, the value in clear
 * (`userName-alice_legacy`). Until the log is rewritten they must still hold (app/auth/uniqueStreams.ts):
 * a value reserved there by another user blocks a registration or a rename; a rename releases the old
 * name where it is held; sign-in and the look-up by e-mail find the legacy users.
 */
const expected = legacyExpected();
const [alice, bob, carol] = expected.users as [
  (typeof expected.users)[number],
  (typeof expected.users)[number],
  (typeof expected.users)[number],
];
let db: TestDatabase;
let services: Services;
let app: ReturnType<typeof createApp>;
let restoredAt: Date;

const register = (overrides: Record<string, unknown>) => {
  const client = new TestClient(app);
  return client.post('/api/auth/register', newRegistration(overrides)).then((reply) => ({ reply, client }));
};

describe('uniqueness on a log written before pseudonymous stream names', () => {
  beforeAll(async () => {
    db = await createTestDatabase('legacy_unique');
    await restoreLegacyFixture(db.url);
    await migrateDatabase({ databaseUrl: db.url });
    const config = loadConfig({
      ...RUN_PRIVACY_KEYS,
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      SESSION_SECRET: expected.sessionSecret,
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
    });
    services = await startServices(config, pino({ level: 'silent' }), { databaseUrl: db.url });
    app = createApp(services.deps);
    restoredAt = new Date();
  }, 120_000);
  afterAll(async () => {
    await services?.stop();
    await db?.drop();
  });

  it('holds the fixture reservations under the legacy names only', async () => {
    const key = services.deps.privacy.pseudonymKey;
    expect(await reservationsOf(db.pool, key, 'username', 'alice_legacy')).toEqual([
      { stream: 'userName-alice_legacy', type: 'UniqueValueReserved', userId: alice.id },
    ]);
  });

  it('refuses an e-mail or username another user holds under its legacy name, even when racing', async () => {
    const email = await register({ email: alice.email.toUpperCase() });
    expect(email.reply.status, email.reply.text).toBe(409);
    expect(email.reply.body.message).toBe('Email already registered');
    for (const username of ['alice_legacy', 'Carol_Legacy', 'robert_legacy']) {
      const { reply } = await register({ username });
      expect({ username, status: reply.status }).toEqual({ username, status: 409 });
      expect(reply.body.message).toBe('Username already taken');
    }
    const racing = await Promise.all(Array.from({ length: 6 }, () => register({ username: 'dave_legacy' })));
    expect(racing.map(({ reply }) => reply.status)).toEqual([409, 409, 409, 409, 409, 409]);
    // Nothing was reserved for them under the new names either.
    expect(
      await reservationsOf(db.pool, services.deps.privacy.pseudonymKey, 'username', 'dave_legacy'),
    ).toEqual([{ stream: 'userName-dave_legacy', type: 'UniqueValueReserved', userId: expect.any(String) }]);
  });

  it('refuses a rename to a name another user holds under its legacy name', async () => {
    const { reply, client } = await register({});
    expect(reply.status, reply.text).toBe(201);
    const taken = await client.patch('/api/account/profile', { username: 'carol_legacy' });
    expect(taken.status, taken.text).toBe(409);
    expect(taken.body.fieldErrors.username).toBe('Username already taken');
  });

  it('frees a name released in the fixture, and the old name after a rename', async () => {
    // bob renamed himself to robert_legacy before the upgrade: bob_legacy was released then.
    expect((await register({ username: 'bob_legacy' })).reply.status).toBe(201);

    const aliceId = parseUserId(alice.id);
    await updateProfile(
      services.deps,
      aliceId,
      { username: 'alice_renamed' },
      requestMetadata(aliceId, 'rename'),
    );
    const key = services.deps.privacy.pseudonymKey;
    expect(await reservationsOf(db.pool, key, 'username', 'alice_legacy')).toEqual([
      { stream: 'userName-alice_legacy', type: 'UniqueValueReserved', userId: alice.id },
      { stream: 'userName-alice_legacy', type: 'UniqueValueReleased', userId: alice.id },
    ]);
    expect(await reservationsOf(db.pool, key, 'username', 'alice_renamed')).toEqual([
      {
        stream: uniqueStream(key, 'username', 'alice_renamed'),
        type: 'UniqueValueReserved',
        userId: alice.id,
      },
    ]);
    const taker = await register({ username: 'alice_legacy' });
    expect(taker.reply.status, taker.reply.text).toBe(201);
    expect(await reservationsOf(db.pool, key, 'username', 'alice_legacy')).toEqual([
      expect.objectContaining({ stream: 'userName-alice_legacy', type: 'UniqueValueReserved' }),
      expect.objectContaining({ stream: 'userName-alice_legacy', type: 'UniqueValueReleased' }),
      {
        stream: uniqueStream(key, 'username', 'alice_legacy'),
        type: 'UniqueValueReserved',
        userId: taker.reply.body.id,
      },
    ]);
    // Her new name is hers now: nobody else takes it.
    expect((await register({ username: 'ALICE_RENAMED' })).reply.status).toBe(409);
  });

  it('finds the legacy users by e-mail, and signs them in', async () => {
    expect(await findUserIdByEmail(services.deps, ` ${bob.email.toUpperCase()}`)).toBe(bob.id);
    expect(await findUserIdByEmail(services.deps, 'nobody@legacy.example.com')).toBeNull();
    const login = await new TestClient(app).post('/api/auth/login', {
      email: carol.email,
      password: carol.password,
    });
    expect(login.status, login.text).toBe(200);
    expect(login.body.id).toBe(carol.id);
  });

  it('writes nothing new under a legacy name but releases', async () => {
    const { rows } = await db.pool.query<{ stream: string; type: string }>(
      'SELECT stream_name AS stream, event_type AS type FROM es_events WHERE created_at >= $1',
      [restoredAt],
    );
    const legacy = rows.filter((row) => isLegacyUniqueStream(row.stream));
    expect(legacy).toEqual([{ stream: 'userName-alice_legacy', type: 'UniqueValueReleased' }]);
  });
});
