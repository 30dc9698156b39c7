import { describe, expect, it } from 'vitest';
import { uniqueStream } from '../../app/auth/uniqueStreams.ts';
import { assertActive } from '../../app/auth/users.service.ts';
import { ForbiddenError } from '../../domain/shared/errors.ts';
import { usersProjection } from '../../projections/users/users.projection.ts';
import { eventText, liveSessions } from '../../testing/accountApp.ts';
import { rebuildElsewhere, snapshotTables } from '../../testing/projections.ts';
import { reservationsOf } from '../../testing/reservations.ts';
import { newRegistration, setUpTestApp, signedInAdmin, signedUpClient } from '../../testing/testApp.ts';
import { createTestDatabase } from '../../testing/testDb.ts';

const DEFAULTS = {
  emailNotifications: true,
  marketingCommunications: false,
  transactionAlerts: true,
  language: 'en',
  theme: 'system',
};

const t = setUpTestApp();

describe('account: profile, password, preferences', () => {
  it('edits the profile through an event, and shows it with the avatar initials', async () => {
    const { client, user } = await signedUpClient(t, { firstName: 'Ada', lastName: 'Lovelace' });
    expect((await client.get('/api/auth/user')).body).toMatchObject({
      initials: 'AL',
      twoFactorEnabled: false,
    });
    const username = `countess_${user.id}`;
    const reply = await client.patch('/api/account/profile', {
      firstName: 'Augusta',
      lastName: 'King',
      username,
      bio: 'First programmer.\nMathematician.',
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      id: user.id,
      email: user.email,
      username,
      firstName: 'Augusta',
      lastName: 'King',
      bio: 'First programmer.\nMathematician.',
      initials: 'AK',
      status: 'active',
    });
    // Read-your-writes: the read model answers the same right after.
    const me = await client.get('/api/auth/user');
    expect(me.body).toMatchObject({ username, firstName: 'Augusta', initials: 'AK' });
    expect(me.body.updatedAt).toBe(reply.body.updatedAt);

    const { rows } = await t.db.pool.query(
      `SELECT data FROM es_events WHERE event_type = 'UserProfileUpdated' AND data->>'userId' = $1`,
      [user.id],
    );
    expect(rows).toHaveLength(1);

    // Fields left out keep their value; no names → two letters of the username.
    const cleared = await client.patch('/api/account/profile', { firstName: '', lastName: '' });
    expect(cleared.body).toMatchObject({
      username,
      bio: 'First programmer.\nMathematician.',
      initials: 'CO',
    });
    // The same values again append nothing.
    const before = await t.eventCount();
    expect((await client.patch('/api/account/profile', { firstName: '' })).status).toBe(200);
    expect(await t.eventCount()).toBe(before);
  });
  it('validates the profile like registration, refuses the e-mail, and appends nothing', async () => {
    const { client } = await signedUpClient(t);
    const before = await t.eventCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: 'x'.repeat(51) }, 'firstName', 'Must be at most 50 characters'],
      [{ lastName: 'bad\u0007name' }, 'lastName', 'Last name contains a control character (U+0007)'],
      [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
      [{ username: 'x'.repeat(33) }, 'username', 'Username must be at most 32 characters'],
      [
        { username: 'no spaces' },
        'username',
        'Username may only contain letters, numbers, dots, dashes and underscores',
      ],
      [{ bio: 'b'.repeat(501) }, 'bio', 'Bio must be at most 500 characters'],
      [{ bio: 'nul\u0000' }, 'bio', 'Bio contains a control character (U+0000)'],
      [{ email: 'new@example.com' }, '_', 'Unknown field: email'],
      [{ isAdmin: true }, '_', 'Unknown field: isAdmin'],
    ];
    for (const [body, field, message] of cases) {
      const reply = await client.patch('/api/account/profile', body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.fieldErrors[field]).toBe(message);
    }
    expect(await t.eventCount()).toBe(before);
  });
});

describe('account: profile, password, preferences', () => {
  it('keeps usernames unique (case-insensitive) and frees the old one after a change', async () => {
    const a = await signedUpClient(t);
    const b = await signedUpClient(t);
    const taken = await b.client.patch('/api/account/profile', { username: a.user.username.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Username already taken');
    expect(taken.body.fieldErrors.username).toBe('Username already taken');

    const oldName = a.user.username;
    expect((await a.client.patch('/api/account/profile', { username: `${oldName}_2` })).status).toBe(200);
    // The old name is free now, for another user and for a registration.
    expect((await b.client.patch('/api/account/profile', { username: oldName })).status).toBe(200);
    expect(
      (await t.client().post('/api/auth/register', newRegistration({ username: b.user.username }))).status,
    ).toBe(201);
    // A change of case only keeps the reservation.
    const recased = await a.client.patch('/api/account/profile', { username: `${oldName}_2`.toUpperCase() });
    expect(recased.status).toBe(200);
    expect(
      (await t.client().post('/api/auth/register', newRegistration({ username: `${oldName}_2` }))).status,
    ).toBe(409);
  });
  it('lets exactly one of several users racing for one new username win', async () => {
    const contenders = await Promise.all(Array.from({ length: 6 }, () => signedUpClient(t)));
    const wanted = `race_${Date.now().toString(36)}`;
    const replies = await Promise.all(
      contenders.map((c) => c.client.patch('/api/account/profile', { username: wanted })),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    const losers = replies.filter((r) => r.status === 409);
    expect(losers).toHaveLength(5);
    for (const loser of losers) expect(loser.body.fieldErrors.username).toBe('Username already taken');
    await t.settle();
    const { rows } = await t.db.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM users WHERE lower(username) = lower($1)',
      [wanted],
    );
    expect(rows[0]?.n).toBe(1);
    // The losers still hold their own names; the winner's old name was released.
    const winner = contenders[replies.findIndex((r) => r.status === 200)]!;
    const loser = contenders[replies.findIndex((r) => r.status === 409)]!;
    const key = t.deps.privacy.pseudonymKey;
    expect(await reservationsOf(t.db.pool, key, 'username', wanted)).toEqual([
      { stream: uniqueStream(key, 'username', wanted), type: 'UniqueValueReserved', userId: winner.user.id },
    ]);
    expect(
      (await t.client().post('/api/auth/register', newRegistration({ username: loser.user.username })))
        .status,
    ).toBe(409);
    expect(
      (await t.client().post('/api/auth/register', newRegistration({ username: winner.user.username })))
        .status,
    ).toBe(201);
  });
});

describe('account: profile, password, preferences', () => {
  it('changes the password: current one required, other sessions end, this one stays', async () => {
    const { client, user, registration } = await signedUpClient(t);
    const other = t.client();
    expect(
      (await other.post('/api/auth/login', { email: user.email, password: registration.password })).status,
    ).toBe(200);
    expect(await liveSessions(t, user.id)).toBe(2);

    const cases: [Record<string, unknown>, string, string][] = [
      [
        {
          currentPassword: 'wrong-password',
          newPassword: 'brand-new-pass',
          confirmPassword: 'brand-new-pass',
        },
        'currentPassword',
        'Current password is incorrect',
      ],
      [
        {
          currentPassword: registration.password,
          newPassword: 'brand-new-pass',
          confirmPassword: 'other-pass',
        },
        'confirmPassword',
        "Passwords don't match",
      ],
      [
        { currentPassword: registration.password, newPassword: '12345', confirmPassword: '12345' },
        'newPassword',
        'Password must be at least 6 characters',
      ],
      [
        {
          currentPassword: registration.password,
          newPassword: 'x'.repeat(129),
          confirmPassword: 'x'.repeat(129),
        },
        'newPassword',
        'Password must be at most 128 characters',
      ],
    ];
    const before = await t.eventCount();
    for (const [body, field, message] of cases) {
      const reply = await client.post('/api/account/password', body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.fieldErrors[field]).toBe(message);
    }
    expect(await t.eventCount()).toBe(before);
    expect(await liveSessions(t, user.id)).toBe(2);

    const changed = await client.post('/api/account/password', {
      currentPassword: registration.password,
      newPassword: 'brand-new-pass-77',
      confirmPassword: 'brand-new-pass-77',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.endedSessions).toBe(1);
    expect((await client.get('/api/auth/user')).status).toBe(200);
    expect((await other.get('/api/auth/user')).status).toBe(401);

    const old = await t
      .client()
      .post('/api/auth/login', { email: user.email, password: registration.password });
    expect(old.status).toBe(401);
    const fresh = await t
      .client()
      .post('/api/auth/login', { email: user.email, password: 'brand-new-pass-77' });
    expect(fresh.status).toBe(200);

    const { rows } = await t.db.pool.query(
      `SELECT event_type FROM es_events WHERE stream_name = $1 ORDER BY stream_revision`,
      [`user-${user.id}`],
    );
    expect(rows.map((r) => r.event_type)).toEqual(['UserRegistered', 'EmailVerified', 'PasswordChanged']);
    const { rows: hash } = await t.db.pool.query('SELECT password_hash FROM credentials WHERE user_id = $1', [
      user.id,
    ]);
    expect(hash[0].password_hash).toMatch(/^\$argon2id\$/);
    const events = await eventText(t);
    const logs = t.logs.join('\n');
    for (const secret of ['brand-new-pass-77', hash[0].password_hash]) {
      expect(events).not.toContain(secret);
      expect(logs).not.toContain(secret);
    }
  });
});

describe('account: profile, password, preferences', () => {
  it('ignores an Idempotency-Key on a route without an idempotency scope, and records none', async () => {
    const { client } = await signedUpClient(t);
    const key = `prefs-${Date.now().toString(36)}`;
    const first = await client.request(
      'PUT',
      '/api/account/preferences',
      { ...DEFAULTS, language: 'fr' },
      {
        'Idempotency-Key': key,
      },
    );
    // Another body under the same key: no 422, no replay; the change is made like any other.
    const second = await client.request(
      'PUT',
      '/api/account/preferences',
      { ...DEFAULTS, language: 'de' },
      {
        'Idempotency-Key': key,
      },
    );
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toEqual({ ...DEFAULTS, language: 'de' });
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    const { rows } = await t.db.pool.query<{ events: number; keys: number }>(
      `SELECT (SELECT count(*)::int FROM es_events WHERE metadata->>'idempotencyKey' = $1) AS events,
              (SELECT count(*)::int FROM idempotency_keys WHERE scope_key LIKE '%:' || $1) AS keys`,
      [key],
    );
    expect(rows[0]).toEqual({ events: 0, keys: 0 });
  });
});

describe('account: profile, password, preferences', () => {
  it('saves preferences, resets them to the defaults, and rebuilds them from the log', async () => {
    const { client, user } = await signedUpClient(t);
    expect((await client.get('/api/account/preferences')).body).toEqual(DEFAULTS);
    const chosen = {
      emailNotifications: false,
      marketingCommunications: true,
      transactionAlerts: false,
      language: 'fr',
      theme: 'dark',
    };
    const saved = await client.request('PUT', '/api/account/preferences', chosen);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(chosen);
    expect((await client.get('/api/account/preferences')).body).toEqual(chosen);

    const bad: Record<string, unknown>[] = [
      { ...chosen, language: 'it' },
      { ...chosen, emailNotifications: 'yes' },
      { emailNotifications: true },
      { ...chosen, theme: 'sepia' },
    ];
    for (const body of bad) {
      expect(
        (await client.request('PUT', '/api/account/preferences', body)).status,
        JSON.stringify(body),
      ).toBe(400);
    }

    // A client older than the theme leaves it out: the saved theme stays.
    const { theme: _, ...withoutTheme } = chosen;
    const kept = await client.request('PUT', '/api/account/preferences', { ...withoutTheme, language: 'es' });
    expect(kept.body).toEqual({ ...chosen, language: 'es' });

    const reset = await client.post('/api/account/preferences/reset');
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual(DEFAULTS);
    expect((await client.get('/api/account/preferences')).body).toEqual(DEFAULTS);
    const { rows } = await t.db.pool.query(
      `SELECT data FROM es_events WHERE event_type = 'PreferencesUpdated' AND data->>'userId' = $1 ORDER BY global_position`,
      [user.id],
    );
    expect(rows.map((r) => r.data.language)).toEqual(['fr', 'es', 'en']);
    expect(rows.map((r) => r.data.theme)).toEqual(['dark', 'dark', 'system']);
    expect(rows[0].data).toMatchObject(chosen);

    await client.request('PUT', '/api/account/preferences', { ...chosen, language: 'de' });
    await t.settle();
    const live = await snapshotTables(t.db.pool, usersProjection.tables);
    const spare = await createTestDatabase('rebuild');
    try {
      const rebuilt = await rebuildElsewhere(spare, t.deps.store, [usersProjection]);
      expect(rebuilt).toEqual(live);
      const { rows: preferences } = await spare.pool.query(
        'SELECT language, theme, marketing_communications FROM user_preferences WHERE user_id = $1',
        [user.id],
      );
      expect(preferences).toEqual([{ language: 'de', theme: 'dark', marketing_communications: true }]);
    } finally {
      await spare.drop();
    }
  });
});

describe('account: profile, password, preferences', () => {
  it('suspends a user: sessions end at once, sign-in and money commands are refused; reactivation restores', async () => {
    const admin = await signedInAdmin(t, 'acct-admin@example.com');
    const adminClient = admin.client;
    const { client, user, registration } = await signedUpClient(t);
    const second = t.client();
    await second.post('/api/auth/login', { email: user.email, password: registration.password });
    const bystander = await signedUpClient(t);

    // Only admins, never oneself, only known users and known statuses.
    expect(
      (await bystander.client.patch(`/api/admin/users/${user.id}/status`, { status: 'suspended' })).status,
    ).toBe(403);
    expect(
      (await t.client().patch(`/api/admin/users/${user.id}/status`, { status: 'suspended' })).status,
    ).toBe(401);
    const self = await adminClient.patch(`/api/admin/users/${admin.userId}/status`, { status: 'suspended' });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot suspend your own account');
    expect(
      (await adminClient.patch('/api/admin/users/nobody00/status', { status: 'suspended' })).status,
    ).toBe(404);
    expect((await adminClient.patch(`/api/admin/users/${user.id}/status`, { status: 'banned' })).status).toBe(
      400,
    );

    const suspended = await adminClient.patch(`/api/admin/users/${user.id}/status`, { status: 'suspended' });
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({ id: user.id, status: 'suspended' });
    expect(await liveSessions(t, user.id)).toBe(0);
    expect((await client.get('/api/auth/user')).status).toBe(401);
    expect((await second.get('/api/account/preferences')).status).toBe(401);

    const login = await t
      .client()
      .post('/api/auth/login', { email: user.email, password: registration.password });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe('Your account is suspended. Please contact support.');
    expect(await liveSessions(t, user.id)).toBe(0);
    // A wrong password still gets the plain 401: the status is told only to whoever knows the password.
    expect(
      (await t.client().post('/api/auth/login', { email: user.email, password: 'wrong-pass' })).status,
    ).toBe(401);
    await expect(assertActive(t.deps, user.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(assertActive(t.deps, user.id)).rejects.toThrow(
      'Your account is suspended. Please contact support.',
    );
    await expect(assertActive(t.deps, bystander.user.id)).resolves.toMatchObject({ status: 'active' });

    await t.settle();
    const listed = await adminClient.get(`/api/users?q=${user.id}`);
    expect(listed.body.users[0]).toMatchObject({ id: user.id, status: 'suspended' });

    // The users read model is held back (its row locked) while the admin reactivates and the user signs in:
    // the sign-in's answer must say what it was decided on, not the lagging read model's 'suspended'.
    const holdBack = await t.db.pool.connect();
    let relogin = { status: 0, body: {} as { status?: string } };
    try {
      await holdBack.query('BEGIN');
      await holdBack.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [user.id]);
      const again = await adminClient.patch(`/api/admin/users/${user.id}/status`, { status: 'active' });
      expect(again.status).toBe(200);
      expect(again.body.status).toBe('active');
      await expect(assertActive(t.deps, user.id)).resolves.toMatchObject({ status: 'active' });
      relogin = await t.client().post('/api/auth/login', {
        email: user.email,
        password: registration.password,
      });
    } finally {
      await holdBack.query('ROLLBACK');
      holdBack.release();
    }
    expect(relogin.status).toBe(200);
    expect(relogin.body.status).toBe('active');
    const types = (
      await t.db.pool.query(
        `SELECT event_type FROM es_events WHERE stream_name = $1 ORDER BY stream_revision`,
        [`user-${user.id}`],
      )
    ).rows.map((r) => r.event_type);
    expect(types).toEqual(['UserRegistered', 'EmailVerified', 'UserSuspended', 'UserReactivated']);
  });
});

describe('account: profile, password, preferences', () => {
  it('rebuilds the whole users read model (profiles, statuses, preferences) equal to the live one', async () => {
    await t.settle();
    const live = await snapshotTables(t.db.pool, usersProjection.tables);
    const spare = await createTestDatabase('rebuild');
    try {
      expect(await rebuildElsewhere(spare, t.deps.store, [usersProjection])).toEqual(live);
    } finally {
      await spare.drop();
    }
  });
});
