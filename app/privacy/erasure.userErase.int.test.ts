import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseUserId } from '../../domain/shared/ids.ts';
import { fund, fundedPerson, transfer } from '../../testing/ledgerApp.ts';
import { RUN_PRIVACY_KEYS } from '../../testing/privacyKeys.ts';
import { setUpTestApp, signedInAdmin, signedUpClient, type TestApp } from '../../testing/testApp.ts';

/** `npm run user:erase` on the database of `t`, as an operator runs it. */
const userErase = (t: TestApp, ...args: string[]) =>
  spawnSync(process.execPath, ['scripts/tool.mjs', 'userErase', ...args], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, DATABASE_URL: t.db.url, ...RUN_PRIVACY_KEYS, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 180_000,
  });

describe('npm run user:erase', () => {
  const t = setUpTestApp();

  it('prints the blockers and exits 1 while money is held; erases with --move-to-dormant', async () => {
    const { person } = await fundedPerson(t, '3.00');
    await t.settle();

    const usage = userErase(t, '--user', person.user.id);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('usage: npm run user:erase');

    const refused = userErase(t, '--user', person.user.id, '--reason', 'operator request');
    expect(refused.status, refused.stderr).toBe(1);
    expect(JSON.parse(refused.stdout).blockers).toEqual([{ kind: 'balance', asset: 'SAI', amount: '3.00' }]);

    const erased = userErase(
      t,
      '--user',
      person.user.id,
      '--reason',
      'operator request',
      '--move-to-dormant',
    );
    expect(erased.status, erased.stderr).toBe(0);
    const result = JSON.parse(erased.stdout);
    expect(result).toEqual({
      userId: person.user.id,
      erasedAt: expect.any(String),
      movedToDormant: [{ asset: 'SAI', amount: '3.00' }],
    });
    // Recorded without an admin as its actor.
    const { rows } = await t.db.pool.query<{ data: { erasedBy: string | null; reason: string } }>(
      `SELECT data FROM es_events WHERE event_type = 'PersonErased' AND stream_name = $1`,
      [`user-${parseUserId(person.user.id)}`],
    );
    expect(rows.map((r) => r.data)).toEqual([
      expect.objectContaining({ erasedBy: null, reason: 'operator request' }),
    ]);
    const login = await t.client().post('/api/auth/login', {
      email: person.registration.email,
      password: person.registration.password,
    });
    expect(login.status).toBe(401);
  }, 300_000);
});

describe('npm run user:erase with no server running', () => {
  const t = setUpTestApp();

  it('scrubs the read models itself before it says "erased"', async () => {
    const admin = await signedInAdmin(t);
    const person = await signedUpClient(t, { firstName: 'Philippa', lastName: 'Quarrendon' });
    const friend = await signedUpClient(t);
    await fund(admin.client, person.user.id, '5.00');
    const sent = await transfer(person.client, friend.user.id, '5.00', 'rent for the boathouse');
    expect(sent.status, sent.text).toBe(201);
    await t.settle();
    const { email, username } = person.user;
    const traces = async () => {
      const { rows } = await t.db.pool.query<{ source: string }>(
        `SELECT 'users' AS source FROM users
          WHERE email_lower = lower($1) OR username = $2 OR first_name = 'Philippa' OR last_name = 'Quarrendon'
         UNION ALL SELECT 'ledger_transactions' FROM ledger_transactions WHERE description LIKE '%boathouse%'
         UNION ALL SELECT 'ledger_postings' FROM ledger_postings WHERE description LIKE '%boathouse%'
         UNION ALL SELECT 'notifications' FROM notifications
          WHERE user_id = $3 OR message LIKE '%' || $2 || '%' OR message LIKE '%boathouse%'
                OR title LIKE '%' || $2 || '%'`,
        [email, username, person.user.id],
      );
      return [...new Set(rows.map((row) => row.source))].sort();
    };
    expect(await traces()).toEqual(['ledger_postings', 'ledger_transactions', 'notifications', 'users']);
    // No projection worker from here on: only the command itself can scrub.
    await t.stopServices();

    const erased = userErase(t, '--user', person.user.id, '--reason', 'operator request');
    expect(erased.status, erased.stderr).toBe(0);
    expect(JSON.parse(erased.stdout)).toMatchObject({ userId: person.user.id });
    expect(await traces()).toEqual([]);
    const { rows } = await t.db.pool.query('SELECT status, username FROM users WHERE id = $1', [
      person.user.id,
    ]);
    expect(rows).toEqual([{ status: 'erased', username: 'Erased user' }]);
  }, 300_000);
});
