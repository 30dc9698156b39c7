import { FaultClient, type Reply } from '../faults/workload.ts';
import { accountSteps, cardSteps, type LegacyUser, moneySteps, type Steps } from './scenarioSteps.ts';

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

export type { LegacyUser } from './scenarioSteps.ts';

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
  const steps: Steps = { admin, as, ok, key, client, clients, alice, bob, carol, dave };

  await moneySteps(steps);
  await cardSteps(steps);
  const daveAgain = await accountSteps(steps);

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
