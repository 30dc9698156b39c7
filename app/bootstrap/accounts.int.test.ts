import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../testing/testApp.ts';
import { loadUser } from '../auth/users.service.ts';
import { createDemoAccounts, ensureAdmin } from './accounts.ts';

describe('ensureAdmin', () => {
  const t = setUpTestApp();

  it('is safe for processes starting together with the same ADMIN_EMAIL: one creates, the others find it', async () => {
    const email = 'together-admin@example.com';
    const results = await Promise.all(
      [0, 1, 2].map(() => ensureAdmin(t.deps, email, 'admin-password-1', { resetPassword: false })),
    );
    expect(new Set(results.map((r) => r.userId)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const signedIn = await t.client().post('/api/auth/login', { email, password: 'admin-password-1' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.isAdmin).toBe(true);
  });

  it('writes the demo admin and the demo user verified: the operator made them, no address is claimed', async () => {
    const demo = await createDemoAccounts(t.deps);
    for (const account of demo) {
      const client = t.client();
      const signedIn = await client.post('/api/auth/login', {
        email: account.email,
        password: account.password,
      });
      expect(signedIn.status, signedIn.text).toBe(200);
      expect(signedIn.body.emailVerified).toBe(true);
      expect((await loadUser(t.deps, signedIn.body.id))?.emailVerified).toBe(true);
    }
  });
});
