import { TOTP, URI } from 'otpauth';
import { FaultClient, type Reply } from '../faults/workload.ts';
import { newEvmTxHash } from '../txHashes.ts';

/**
 * What the legacy fixture's database holds, made by driving the app over HTTP as its users and admin do,
 * so that every event is one the app itself wrote (testing/legacy/generate.ts runs it against main as of
 * the fixture's commit). Small, but every event type of the domain appears (generate.ts checks
 * ALL_EVENT_TYPES), and every table has rows: sessions (live and revoked), idempotency keys, TOTP secrets,
 * card PINs, the read models.
 */

/** Every event type the domain had at the fixture's commit (domain/*: each decider's event union). */
export const ALL_EVENT_TYPES = [
  'AllNotificationsMarkedRead',
  'CardActivated',
  'CardDelivered',
  'CardFrozen',
  'CardPaymentSubmitted',
  'CardPinChanged',
  'CardRequested',
  'CardShipped',
  'CardShippingAddressSet',
  'CardTierUpgraded',
  'CardUnfrozen',
  'ContactMessageReceived',
  'CryptoDepositConfirmed',
  'CryptoDepositCredited',
  'CryptoDepositDeclared',
  'CryptoDepositRejected',
  'CryptoPriceSet',
  'DepositTxClaimed',
  'DepositTxReleased',
  'NotificationMarkedRead',
  'PasswordChanged',
  'PaymentApproved',
  'PaymentProofSubmitted',
  'PaymentRejected',
  'PreferencesUpdated',
  'TokenPriceSet',
  'TokensMinted',
  'TokensTransferred',
  'TransferReceived',
  'TwoFactorDisabled',
  'TwoFactorEnabled',
  'UniqueValueReleased',
  'UniqueValueReserved',
  'UserProfileUpdated',
  'UserPromotedToAdmin',
  'UserReactivated',
  'UserRegistered',
  'UserSuspended',
  'WithdrawalCompleted',
  'WithdrawalFailed',
  'WithdrawalHoldPlaced',
  'WithdrawalHoldReleased',
  'WithdrawalRequested',
] as const;

export const LEGACY_ADMIN = { email: 'legacy-admin@example.com', password: 'legacy-admin-password' };
/** The fixture's session secret: the TOTP secrets in it are encrypted with a key derived from it. */
export const LEGACY_SESSION_SECRET = 'legacy-fixture-session-secret-not-for-production-000';

export interface LegacyUser {
  name: string;
  id: string;
  email: string;
  /** The password the fixture's database holds for the user at the end. */
  password: string;
}

/** What a user saw at generation time: the upgrade test expects the same from today's code. */
export interface UserView {
  saiBalance: string;
  cryptoBalances: Record<string, string>;
  /** The user's history, newest first: id, type, status, amount, currency. */
  history: { id: string; type: string; status: string; amount: string; currency: string }[];
}

export interface ScenarioResult {
  users: LegacyUser[];
  views: Record<string, UserView>;
}

function expectStatus(reply: Reply, statuses: number[], what: string): Reply {
  if (!statuses.includes(reply.status)) throw new Error(`${what}: ${reply.status} ${reply.text}`);
  return reply;
}

export async function userView(client: FaultClient): Promise<UserView> {
  const me = expectStatus(await client.once('GET', '/api/auth/user'), [200], 'me');
  const crypto = expectStatus(await client.once('GET', '/api/crypto/balances'), [200], 'crypto balances');
  const history = expectStatus(await client.once('GET', '/api/transactions?limit=100'), [200], 'history');
  const rows = (Array.isArray(history.body) ? history.body : history.body.transactions) as Record<
    string,
    unknown
  >[];
  return {
    saiBalance: String(me.body.balance),
    cryptoBalances: Object.fromEntries(
      (crypto.body as { currency: string; balance: string }[]).map((b) => [b.currency, String(b.balance)]),
    ),
    history: rows.map((row) => ({
      id: String(row.id),
      type: String(row.type),
      status: String(row.status),
      amount: String(row.amount),
      currency: String(row.currency ?? 'SAI'),
    })),
  };
}

export async function runScenario(
  base: string,
  hooks: { settle(): Promise<void>; promote(email: string, password: string): Promise<void> },
): Promise<ScenarioResult> {
  const client = () =>
    new FaultClient(
      () => base,
      () => {},
    );
  let keys = 0;
  const key = () => `legacy-${++keys}`;
  const admin = client();
  // The fixture's commit is from before admin re-authentication: its bodies go as they are.
  admin.autoProof = false;
  expectStatus(await admin.send('POST', '/api/auth/login', LEGACY_ADMIN), [200], 'admin login');

  const users: LegacyUser[] = [];
  const clients = new Map<string, FaultClient>();
  for (const name of ['alice', 'bob', 'carol', 'dave']) {
    const c = client();
    const email = `${name}@legacy.example.com`;
    const password = `${name}-password-1`;
    const reply = await c.send('POST', '/api/auth/register', {
      username: `${name}_legacy`,
      email,
      password,
      confirmPassword: password,
      firstName: name[0]!.toUpperCase() + name.slice(1),
      lastName: 'Legacy',
      isAdmin: false,
      profileImageUrl: '',
      bio: '',
      termsAgreed: true,
    });
    expectStatus(reply, [201], `register ${name}`);
    users.push({ name, id: reply.body.id, email, password });
    clients.set(name, c);
  }
  const [alice, bob, carol, dave] = users as [LegacyUser, LegacyUser, LegacyUser, LegacyUser];
  const as = (user: LegacyUser) => clients.get(user.name)!;
  const ok = async (reply: Promise<Reply>, statuses: number[], what: string) =>
    expectStatus(await reply, statuses, what);

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

  // Crypto: a confirmed deposit, a rejected one whose tx hash is claimed again, withdrawals, a transfer.
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

  // The admin suspends dave and lets him back; bob is made an admin by the operator's tool.
  await ok(
    admin.send('PATCH', `/api/admin/users/${dave.id}/status`, { status: 'suspended' }),
    [200],
    'suspend',
  );
  await ok(
    admin.send('PATCH', `/api/admin/users/${dave.id}/status`, { status: 'active' }),
    [200],
    'reactivate',
  );
  await ok(
    daveAgain.send('POST', '/api/auth/login', { email: dave.email, password: dave.password }),
    [200],
    'login',
  );

  // What each user sees, before the promotion ends bob's sessions.
  await hooks.settle();
  const views: Record<string, UserView> = {};
  for (const user of users) views[user.name] = await userView(clients.get(user.name)!);
  bob.password = 'bob-admin-password-1';
  await hooks.promote(bob.email, bob.password);
  return { users, views };
}

async function waitFor(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the legacy app did not get there in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
