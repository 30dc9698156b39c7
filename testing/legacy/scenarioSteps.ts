import { TOTP, URI } from 'otpauth';
import type { FaultClient, Reply } from '../faults/workload.ts';
import { newEvmTxHash } from '../txHashes.ts';

/** A user of the legacy scenario, as the fixture's database holds them at the end. */
export interface LegacyUser {
  name: string;
  id: string;
  email: string;
  /** The password the fixture's database holds for the user at the end. */
  password: string;
}

/** The legacy scenario's steps (scenario.ts runs them in order), each a part of what the fixture holds. */

/** What the scenario's steps share: the admin's client, each user's, and the status check. */
export interface Steps {
  admin: FaultClient;
  as: (user: LegacyUser) => FaultClient;
  ok: (reply: Promise<Reply>, statuses: number[], what: string) => Promise<Reply>;
  key: () => string;
  client: () => FaultClient;
  /** Each user's client by name, which `as` reads: a step may give a user a new one. */
  clients: Map<string, FaultClient>;
  alice: LegacyUser;
  bob: LegacyUser;
  carol: LegacyUser;
  dave: LegacyUser;
}

/** SAI distributions and a transfer, then crypto: deposits, withdrawals and a transfer. */
export async function moneySteps(steps: Steps): Promise<void> {
  await saiSteps(steps);
  await depositSteps(steps);
  await withdrawalSteps(steps);
}

/** SAI: distributions by the admin, a transfer between users. */
async function saiSteps(steps: Steps): Promise<void> {
  const { admin, as, ok, key, alice, bob, dave } = steps;
  // SAI: distributions, a transfer.
  for (const [user, amount] of [
    [alice, '600.00'],
    [bob, '100.00'],
    [dave, '20.00'],
  ] as const)
    await ok(
      admin.send(
        'POST',
        '/api/transactions',
        { type: 'admin_deposit', amount, receiver_id: user.id },
        { key: key() },
      ),
      [201],
      'distribution',
    );
  await ok(
    as(alice).send(
      'POST',
      '/api/transactions',
      { type: 'transfer', amount: '25.50', receiver_id: bob.id },
      { key: key() },
    ),
    [201],
    'transfer',
  );
}

/** Crypto deposits: a confirmed one, and a rejected one whose tx hash is claimed again. */
async function depositSteps(steps: Steps): Promise<void> {
  const { admin, as, ok, key, alice, bob, carol } = steps;
  // Crypto: a confirmed deposit, a rejected one whose tx hash is claimed again.
  const declared = await ok(
    as(alice).send('POST', '/api/crypto/deposits', { currency: 'ETH', network: 'arbitrum' }, { key: key() }),
    [201],
    'declare',
  );
  await ok(
    admin.send(
      'PATCH',
      `/api/admin/crypto/deposits/${declared.body.id}`,
      { action: 'confirm', amount: '2', txHash: newEvmTxHash() },
      { key: key() },
    ),
    [200],
    'confirm deposit',
  );
  const reusedHash = newEvmTxHash();
  const rejected = await ok(
    as(bob).send(
      'POST',
      '/api/crypto/deposits',
      { currency: 'ETH', network: 'base', txHash: reusedHash },
      { key: key() },
    ),
    [201],
    'declare with hash',
  );
  await ok(
    admin.send(
      'PATCH',
      `/api/admin/crypto/deposits/${rejected.body.id}`,
      { action: 'reject', reason: 'No such transaction' },
      { key: key() },
    ),
    [200],
    'reject deposit',
  );
  await ok(
    as(carol).send(
      'POST',
      '/api/crypto/deposits',
      { currency: 'ETH', network: 'base', txHash: reusedHash },
      { key: key() },
    ),
    [201],
    'declare the released hash',
  );
}

/** Crypto withdrawals, one completed and one failed, and a crypto transfer. */
async function withdrawalSteps(steps: Steps): Promise<void> {
  const { admin, as, ok, key, alice, bob } = steps;
  const withdraw = (amount: string) =>
    ok(
      as(alice).send(
        'POST',
        '/api/crypto/withdraw',
        {
          currency: 'ETH',
          amount,
          address: '0x1111222233334444555566667777888899990000',
          chain: 'arbitrum',
          password: alice.password,
        },
        { key: key() },
      ),
      [201],
      'withdraw',
    );
  const completed = await withdraw('0.5');
  await ok(
    admin.send(
      'PATCH',
      `/api/admin/crypto/withdrawals/${completed.body.id}`,
      { action: 'complete', txHash: 'abcdef0123456789' },
      { key: key() },
    ),
    [200],
    'complete withdrawal',
  );
  const failed = await withdraw('0.25');
  await ok(
    admin.send(
      'PATCH',
      `/api/admin/crypto/withdrawals/${failed.body.id}`,
      { action: 'fail', reason: 'Address rejected by the network' },
      { key: key() },
    ),
    [200],
    'fail withdrawal',
  );
  await ok(
    as(alice).send(
      'POST',
      '/api/crypto/transfer',
      // The password too: 0.1 ETH to someone new is above the step-up rule's allowance (docs/security.md).
      {
        recipientEmail: bob.email,
        currency: 'ETH',
        amount: '0.1',
        description: 'gas money',
        password: alice.password,
      },
      { key: key() },
    ),
    [201, 200],
    'crypto transfer',
  );
}

/** A card from request to delivery, frozen and unfrozen; its payment approved, another user's rejected. */
export async function cardSteps(steps: Steps): Promise<void> {
  const { admin, as, ok, key, carol, dave } = steps;
  // A card from request to delivery, frozen and unfrozen; its payment approved, another user's rejected.
  const card = await ok(as(carol).send('POST', '/api/cards', {}, { key: key() }), [201], 'request card');
  const proof = await ok(
    as(carol).send('POST', '/api/payments/verify', { paymentMethod: 'USDT', amount: '300' }, { key: key() }),
    [201],
    'payment proof',
  );
  await ok(
    admin.send('PATCH', `/api/payments/${proof.body.id}/verify`, { approved: true }, { key: key() }),
    [200],
    'approve payment',
  );
  const refused = await ok(
    as(dave).send('POST', '/api/payments/verify', { paymentMethod: 'ETH', amount: '15' }, { key: key() }),
    [201],
    'payment proof',
  );
  await ok(
    admin.send(
      'PATCH',
      `/api/payments/${refused.body.id}/verify`,
      { approved: false, reason: 'No such payment' },
      { key: key() },
    ),
    [200],
    'reject payment',
  );
  const address = { address: '1 Legacy Street', city: 'Dubai', state: 'DU', zipCode: '00000', country: 'AE' };
  await waitFor(
    async () => (await as(carol).once('GET', `/api/cards/user/${carol.id}`)).body.status === 'active',
  );
  await ok(as(carol).send('PATCH', `/api/cards/${card.body.id}/shipping`, address), [200], 'shipping');
  await ok(
    as(carol).send('POST', `/api/cards/${card.body.id}/pin`, { pin: '4321', confirmPin: '4321' }),
    [200],
    'pin',
  );
  await ok(
    admin.send('PATCH', `/api/admin/cards/${card.body.id}/ship`, {
      trackingNumber: 'DHL-424242',
      estimatedDelivery: '2026-12-01',
    }),
    [200],
    'ship',
  );
  await ok(admin.send('PATCH', `/api/admin/cards/${card.body.id}/deliver`), [200], 'deliver');
  await ok(as(carol).send('POST', `/api/cards/${card.body.id}/freeze`), [200], 'freeze');
  await ok(as(carol).send('POST', `/api/cards/${card.body.id}/unfreeze`), [200], 'unfreeze');
}

/** Settings, contact, profile, preferences, password, two-factor and notifications; dave's new client. */
export async function accountSteps(steps: Steps): Promise<FaultClient> {
  const { admin, as, ok, client, clients, alice, bob, dave } = steps;
  // Settings, contact, profile, preferences, password.
  await ok(admin.send('PUT', '/api/admin/settings/prices/ETH', { price: '3100.50' }), [200], 'ETH price');
  await ok(admin.send('PUT', '/api/admin/settings/token-price', { price: '1.25' }), [200], 'token price');
  await ok(
    client().send('POST', '/api/contact', {
      fullName: 'Ada Visitor',
      email: 'ada@legacy.example.com',
      subject: 'Hello',
      message: 'How do I get a card?',
    }),
    [201, 200],
    'contact',
  );
  await ok(
    as(bob).send('PATCH', '/api/account/profile', { firstName: 'Robert', username: 'robert_legacy' }),
    [200],
    'profile',
  );
  await ok(
    as(bob).send('PUT', '/api/account/preferences', {
      emailNotifications: false,
      marketingCommunications: true,
      transactionAlerts: true,
      language: 'fr',
    }),
    [200],
    'preferences',
  );
  dave.password = 'dave-password-2';
  await ok(
    as(dave).send('POST', '/api/account/password', {
      currentPassword: 'dave-password-1',
      newPassword: dave.password,
      confirmPassword: dave.password,
    }),
    [200, 204],
    'password',
  );
  // The password change ended dave's sessions: a new one.
  const daveAgain = client();
  await ok(
    daveAgain.send('POST', '/api/auth/login', { email: dave.email, password: dave.password }),
    [200],
    'login',
  );
  clients.set('dave', daveAgain);

  // Two-factor: alice keeps it on, dave turns it on and off (the next step's code is within the window).
  const enrol = async (c: FaultClient, password: string) => {
    const setup = await ok(c.send('POST', '/api/account/2fa/setup', { password }), [200], '2fa setup');
    const totp = URI.parse(setup.body.otpauthUri) as TOTP;
    await ok(c.send('POST', '/api/account/2fa/enable', { code: totp.generate() }), [200], '2fa enable');
    return totp;
  };
  await enrol(as(alice), alice.password);
  const daveTotp = await enrol(as(dave), dave.password);
  await ok(
    as(dave).send('POST', '/api/account/2fa/disable', {
      code: TOTP.generate({ secret: daveTotp.secret, timestamp: Date.now() + 30_000 }),
    }),
    [200],
    '2fa disable',
  );

  // Notifications: one read, then all.
  await waitFor(async () => (await as(bob).once('GET', '/api/notifications')).body.length > 0);
  const notes = await ok(as(bob).send('GET', '/api/notifications'), [200], 'notifications');
  await ok(as(bob).send('PATCH', `/api/notifications/${notes.body[0].id}/read`), [200, 204], 'read one');
  await ok(as(alice).send('PATCH', '/api/notifications/mark-all-read'), [200, 204], 'read all');
  return daveAgain;
}

async function waitFor(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the legacy app did not get there in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
