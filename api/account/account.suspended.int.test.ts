import { describe, expect, it } from 'vitest';
import { adminClient, setUpTestApp, signedUpClient } from '../../testing/testApp.ts';

describe('a suspended user moves no money', () => {
  const t = setUpTestApp();

  it('is refused on every money command, even with a session opened before the suspension', async () => {
    const { assertActive } = await import('../../app/auth/users.service.ts');
    const admin = await adminClient(t, 'susp-admin@example.com');
    const victim = await signedUpClient(t);
    const friend = await signedUpClient(t);
    await admin.post('/api/transactions', { type: 'admin_deposit', receiver_id: victim.user.id, amount: 50 });
    expect(
      (await admin.patch(`/api/admin/users/${victim.user.id}/status`, { status: 'suspended' })).status,
    ).toBe(200);
    await expect(assertActive(t.deps, victim.user.id)).rejects.toThrow('Your account is suspended');
    // Its sessions ended; a forged continuation of the old one gets nowhere either.
    expect((await victim.client.get('/api/auth/user')).status).toBe(401);
    const before = await t.eventCount();
    const attempts = [
      victim.client.post('/api/transactions', { type: 'transfer', amount: 1, receiver_id: friend.user.id }),
      victim.client.post('/api/payments/verify', { paymentMethod: 'ETH', amount: 10 }),
      victim.client.post('/api/crypto/withdraw', {
        currency: 'ETH',
        amount: '1',
        address: '0x1234567890abcdef1234567890abcdef12345678',
        chain: 'ethereum',
      }),
      victim.client.post('/api/cards', {}),
    ];
    for (const reply of await Promise.all(attempts)) expect([401, 403]).toContain(reply.status);
    expect(await t.eventCount()).toBe(before);
  });
});
