import { beforeAll, describe, expect, it } from 'vitest';
import { runUserCommand } from '../../app/auth/users.service.ts';
import { ensureAdmin } from '../../app/bootstrap/accounts.ts';
import { requestMetadata } from '../../app/context.ts';
import { rebuildFromScratch, redeliverAll, snapshotTables } from '../../testing/projections.ts';
import { setUpTestApp, signedUpClient } from '../../testing/testApp.ts';
import { usersProjection } from './users.projection.ts';
import { findUserByEmail } from './users.queries.ts';

describe('users read model', () => {
  const t = setUpTestApp();
  beforeAll(async () => {
    for (let i = 0; i < 5; i++) await signedUpClient(t, { firstName: `First${i}`, bio: `bio ${i}` });
    await ensureAdmin(t.deps, 'rm-admin@example.com', 'rm-admin-password', { resetPassword: false });
    const { user } = await signedUpClient(t);
    await ensureAdmin(t.deps, user.email, 'promoted-password', { resetPassword: true });
    // Every other event the projection reads: profile, preferences, 2FA, suspension.
    const edited = await signedUpClient(t);
    await edited.client.patch('/api/account/profile', {
      username: `renamed_${edited.user.id}`,
      bio: 'new bio',
    });
    const prefs = { emailNotifications: false, marketingCommunications: true, transactionAlerts: true };
    await edited.client.request('PUT', '/api/account/preferences', { ...prefs, language: 'es' });
    await edited.client.post('/api/account/preferences/reset');
    await edited.client.request('PUT', '/api/account/preferences', { ...prefs, language: 'de' });
    const metadata = requestMetadata(null, 'users-projection-test');
    const now = new Date();
    const id = edited.user.id;
    await runUserCommand(t.deps, { type: 'EnableTwoFactor', data: { userId: id }, now }, metadata);
    await runUserCommand(
      t.deps,
      { type: 'SuspendUser', data: { userId: id, suspendedBy: user.id }, now },
      metadata,
    );
    const other = await signedUpClient(t);
    await runUserCommand(
      t.deps,
      { type: 'SuspendUser', data: { userId: other.user.id, suspendedBy: user.id }, now },
      metadata,
    );
    await runUserCommand(
      t.deps,
      { type: 'ReactivateUser', data: { userId: other.user.id, reactivatedBy: user.id }, now },
      metadata,
    );
    // A registration left unverified (its row says so), and one verified by its link (the harness's).
    await signedUpClient(t, { bio: 'unverified' }, { verified: false });
    await signedUpClient(t, { bio: 'verified' });
    const position = await t.deps.store.headPosition();
    expect(await t.deps.runner.waitFor(position!, ['users'], 10_000)).toBe(true);
  });

  it('says which addresses are verified: by EmailVerified, and an admin made by an operator', async () => {
    const { rows } = await t.db.pool.query<{ bio: string; email_verified: boolean }>(
      `SELECT bio, email_verified FROM users WHERE bio IN ('unverified', 'verified') ORDER BY bio`,
    );
    expect(rows).toEqual([
      { bio: 'unverified', email_verified: false },
      { bio: 'verified', email_verified: true },
    ]);
    expect((await findUserByEmail(t.db.pool, 'rm-admin@example.com'))?.emailVerified).toBe(true);
  });

  it('holds one row per registered user with the ids and dates of the log', async () => {
    const { rows } = await t.db.pool.query(
      `SELECT count(*)::int AS n FROM es_events WHERE event_type = 'UserRegistered'`,
    );
    const snapshot = await snapshotTables(t.db.pool, ['users']);
    expect(snapshot.users).toHaveLength(rows[0].n);
    const admin = await findUserByEmail(t.db.pool, 'RM-ADMIN@example.com');
    expect(admin?.isAdmin).toBe(true);
    const edited = snapshot.users?.find((u) => (u as { bio: string }).bio === 'new bio');
    expect(edited).toMatchObject({ status: 'suspended', two_factor_enabled: true });
    const { rows: prefs } = await t.db.pool.query('SELECT language FROM user_preferences');
    expect(prefs).toEqual([{ language: 'de' }]);
  });

  it('changes nothing when every event is delivered again', async () => {
    const before = await snapshotTables(t.db.pool, usersProjection.tables);
    await redeliverAll(t.db.pool, t.deps.store, usersProjection);
    expect(await snapshotTables(t.db.pool, usersProjection.tables)).toEqual(before);
  });

  it('rebuilt from the log equals the live table, row for row', async () => {
    const live = await snapshotTables(t.db.pool, usersProjection.tables);
    await t.deps.runner.stop();
    await rebuildFromScratch(t.db.pool, t.db.url, t.deps.store, usersProjection);
    expect(await snapshotTables(t.db.pool, usersProjection.tables)).toEqual(live);
  });
});
