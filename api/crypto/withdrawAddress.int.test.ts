import { describe, expect, it } from 'vitest';
import { fundEth } from '../../testing/ledgerApp.ts';
import { setUpAdminClient, setUpTestApp, signedUpClient } from '../../testing/testApp.ts';

/**
 * A withdrawal's address is checked against its network's format and checksum, with the validators the
 * deposit addresses use (domain/crypto/addresses.ts): nothing is held for an address the network cannot
 * pay, and nothing is appended.
 */
describe('withdrawal addresses', () => {
  const t = setUpTestApp({ RATE_LIMITS: 'login=1000/60,money=1000/60,password=1000/60' });
  const admin = setUpAdminClient(t, 'address-admin@example.com');
  const CHECKSUMMED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

  it.each([
    [
      'a Bitcoin address on Ethereum',
      'ethereum',
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
      'Not a valid Ethereum address',
    ],
    [
      'a broken EIP-55 checksum',
      'ethereum',
      CHECKSUMMED.replace('aA', 'Aa'),
      'checksum (EIP-55) does not match',
    ],
    ['a truncated address', 'ethereum', '0x1234567890', 'Not a valid Ethereum address'],
    ['an Ethereum address on Bitcoin', 'bitcoin', CHECKSUMMED, 'Not a valid Bitcoin address'],
  ])('refuses %s, holding nothing', async (_, chain, address, says) => {
    const user = await signedUpClient(t);
    await fundEth(admin, user.client, '1');
    await t.settle();
    const currency = chain === 'bitcoin' ? 'BTC' : 'ETH';
    const before = await t.eventCount();
    const reply = await user.client.post('/api/crypto/withdraw', {
      currency,
      amount: '0.1',
      address,
      chain,
      password: user.registration.password,
    });
    expect(reply.status, reply.text).toBe(400);
    expect(reply.body.fieldErrors.address).toContain(says);
    expect(await t.eventCount()).toBe(before);
  });

  it('accepts a checksummed address and an all-lower-case one', async () => {
    const user = await signedUpClient(t);
    await fundEth(admin, user.client, '1');
    await t.settle();
    for (const address of [CHECKSUMMED, CHECKSUMMED.toLowerCase()]) {
      const reply = await user.client.post(
        '/api/crypto/withdraw',
        { currency: 'ETH', amount: '0.1', address, chain: 'ethereum', password: user.registration.password },
        { 'Idempotency-Key': `address-${address}` },
      );
      expect(reply.status, reply.text).toBe(201);
    }
  });
});
