import { beforeAll, describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../testing/softAuthenticator.ts';
import { setUpTestApp, signedInAdmin, signedUpClient, type TestClient } from '../testing/testApp.ts';
import { newEvmTxHash } from '../testing/txHashes.ts';

/**
 * The authorization walk: every API route, as a visitor, a user, another user and an admin, with the
 * status each must get. A route missing from this table fails the test, so the table grows with the API.
 * `{other}` is replaced by the id of a user who is not the caller (IDOR checks); `{self}` by the caller's;
 * `{password}` by the caller's password (a withdrawal's re-authentication). The table is one list on purpose
 * (a route is found by reading it top to bottom), so this file is longer than the 450 lines others keep to.
 */
type Role = 'visitor' | 'user' | 'admin';
interface Walk {
  method: string;
  path: string;
  body?: unknown;
  expect: Record<Role, number>;
}

const WALK: Walk[] = [
  { method: 'GET', path: '/api/health', expect: { visitor: 200, user: 200, admin: 200 } },
  { method: 'GET', path: '/api/config/public', expect: { visitor: 200, user: 200, admin: 200 } },
  { method: 'GET', path: '/api/campaign', expect: { visitor: 200, user: 200, admin: 200 } },
  { method: 'GET', path: '/api/openapi.json', expect: { visitor: 200, user: 200, admin: 200 } },
  { method: 'GET', path: '/api/docs', expect: { visitor: 200, user: 200, admin: 200 } },
  { method: 'GET', path: '/api/auth/user', expect: { visitor: 401, user: 200, admin: 200 } },
  { method: 'GET', path: '/api/auth/me', expect: { visitor: 401, user: 200, admin: 200 } },
  // Who is signed in: a visitor is an answer (user null), not a 401.
  { method: 'GET', path: '/api/auth/session', expect: { visitor: 200, user: 200, admin: 200 } },
  { method: 'GET', path: '/api/portfolio', expect: { visitor: 401, user: 200, admin: 200 } },
  // Validation runs before anything else: the empty bodies prove the route is reachable, nothing more.
  { method: 'POST', path: '/api/auth/login', body: {}, expect: { visitor: 400, user: 400, admin: 400 } },
  { method: 'POST', path: '/api/auth/register', body: {}, expect: { visitor: 400, user: 400, admin: 400 } },
  { method: 'POST', path: '/api/auth/logout', expect: { visitor: 204, user: 204, admin: 204 } },
  {
    method: 'POST',
    path: '/api/auth/password-reset',
    body: {},
    expect: { visitor: 400, user: 400, admin: 400 },
  },
  {
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    body: {},
    expect: { visitor: 400, user: 400, admin: 400 },
  },
  {
    method: 'POST',
    path: '/api/auth/email-change/confirm',
    body: {},
    expect: { visitor: 400, user: 400, admin: 400 },
  },
  // "Send the link again": a visitor has no address to confirm; these users' and admins' are confirmed.
  { method: 'POST', path: '/api/auth/verify-email', expect: { visitor: 401, user: 409, admin: 409 } },
  {
    method: 'POST',
    path: '/api/auth/verify-email/confirm',
    body: {},
    expect: { visitor: 400, user: 400, admin: 400 },
  },
  {
    method: 'POST',
    path: '/api/auth/verify-email/reclaim',
    body: {},
    expect: { visitor: 400, user: 400, admin: 400 },
  },
  // The development outbox exists outside production only (the tests run without SMTP_URL).
  {
    method: 'GET',
    path: '/api/dev/outbox?to=nobody@example.com',
    expect: { visitor: 200, user: 200, admin: 200 },
  },
  {
    method: 'POST',
    path: '/api/account/email',
    body: { newEmail: 'walk@example.com', currentPassword: 'not-the-password' },
    expect: { visitor: 401, user: 400, admin: 400 },
  },
  // Money: a fresh user has nothing to send (422); only admins distribute.
  {
    method: 'POST',
    path: '/api/transactions',
    body: { type: 'transfer', amount: '1.00', receiver_id: '{other}' },
    expect: { visitor: 401, user: 422, admin: 422 },
  },
  {
    method: 'POST',
    path: '/api/transactions',
    body: { type: 'admin_deposit', amount: '1.00', receiver_id: '{other}' },
    expect: { visitor: 401, user: 403, admin: 201 },
  },
  {
    method: 'POST',
    path: '/api/transactions',
    body: { type: 'transfer', amount: '1.00', receiver_id: '{self}', sender_id: '{other}' },
    expect: { visitor: 401, user: 403, admin: 403 },
  },
  { method: 'GET', path: '/api/transactions', expect: { visitor: 401, user: 200, admin: 200 } },
  { method: 'GET', path: '/api/transactions/all', expect: { visitor: 401, user: 403, admin: 200 } },
  // Another user's receipt: not found for anyone but its parties and an admin, so ids do not leak.
  {
    method: 'GET',
    path: '/api/transactions/{otherTransaction}',
    expect: { visitor: 401, user: 404, admin: 200 },
  },
  // Its verifiable receipt: the same rule.
  {
    method: 'GET',
    path: '/api/transactions/{otherTransaction}/receipt',
    expect: { visitor: 401, user: 404, admin: 200 },
  },
  // The published liabilities are public; a proof is the caller's own (none for who holds nothing).
  { method: 'GET', path: '/api/ledger/liabilities', expect: { visitor: 200, user: 200, admin: 200 } },
  { method: 'GET', path: '/api/ledger/liabilities/proof', expect: { visitor: 401, user: 404, admin: 404 } },
  {
    method: 'POST',
    path: '/api/payments/verify',
    body: { paymentMethod: 'USDT', amount: 1 },
    expect: { visitor: 401, user: 201, admin: 201 },
  },
  {
    method: 'GET',
    path: '/api/payments/quote?amount=10&currency=ETH',
    expect: { visitor: 401, user: 200, admin: 200 },
  },
  { method: 'GET', path: '/api/payments/pending', expect: { visitor: 401, user: 403, admin: 200 } },
  { method: 'GET', path: '/api/payments/user/{self}', expect: { visitor: 401, user: 200, admin: 200 } },
  { method: 'GET', path: '/api/payments/user/{other}', expect: { visitor: 401, user: 403, admin: 200 } },
  {
    method: 'PATCH',
    path: '/api/payments/{payment}/verify',
    body: { approved: false, reason: 'walk' },
    expect: { visitor: 401, user: 403, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/users/by-email?email={otherEmail}',
    expect: { visitor: 401, user: 200, admin: 200 },
  },
  { method: 'GET', path: '/api/users', expect: { visitor: 401, user: 403, admin: 200 } },
  { method: 'GET', path: '/api/admin/stats', expect: { visitor: 401, user: 403, admin: 200 } },
  { method: 'GET', path: '/api/notifications', expect: { visitor: 401, user: 200, admin: 200 } },
  { method: 'GET', path: '/api/notifications/unread-count', expect: { visitor: 401, user: 200, admin: 200 } },
  { method: 'GET', path: '/api/notifications/page', expect: { visitor: 401, user: 200, admin: 200 } },
  // Someone else's notification is not found, even for an admin: it is the user's own data.
  {
    method: 'PATCH',
    path: '/api/notifications/{otherNotification}/read',
    expect: { visitor: 401, user: 404, admin: 404 },
  },
  {
    method: 'PATCH',
    path: '/api/notifications/mark-all-read',
    expect: { visitor: 401, user: 200, admin: 200 },
  },
  // The caller's own account: signed-in users only, visitors get 401 before the body is looked at.
  {
    method: 'PATCH',
    path: '/api/account/profile',
    body: { bio: 'walk' },
    expect: { visitor: 401, user: 200, admin: 200 },
  },
  {
    method: 'POST',
    path: '/api/account/password',
    body: { currentPassword: 'not-the-password', newPassword: 'new-pass-1', confirmPassword: 'new-pass-1' },
    expect: { visitor: 401, user: 400, admin: 400 },
  },
  { method: 'GET', path: '/api/account/preferences', expect: { visitor: 401, user: 200, admin: 200 } },
  {
    method: 'PUT',
    path: '/api/account/preferences',
    body: {
      emailNotifications: false,
      marketingCommunications: true,
      transactionAlerts: true,
      language: 'de',
    },
    expect: { visitor: 401, user: 200, admin: 200 },
  },
  {
    method: 'POST',
    path: '/api/account/preferences/reset',
    expect: { visitor: 401, user: 200, admin: 200 },
  },
  { method: 'GET', path: '/api/account/2fa', expect: { visitor: 401, user: 200, admin: 200 } },
  // The caller's own data only: there is no user id to name, so nobody else's can be asked for.
  { method: 'GET', path: '/api/account/data-export', expect: { visitor: 401, user: 200, admin: 200 } },
  {
    method: 'POST',
    path: '/api/account/2fa/setup',
    body: { password: '{password}' },
    expect: { visitor: 401, user: 200, admin: 200 },
  },
  // The caller's own sessions: another's is named by a public id the caller cannot find (404).
  { method: 'GET', path: '/api/account/sessions', expect: { visitor: 401, user: 200, admin: 200 } },
  {
    method: 'POST',
    path: '/api/account/sessions/sign-out-others',
    expect: { visitor: 401, user: 200, admin: 200 },
  },
  {
    method: 'DELETE',
    path: '/api/account/sessions/{otherSession}',
    expect: { visitor: 401, user: 404, admin: 404 },
  },
  {
    method: 'POST',
    path: '/api/account/2fa/enable',
    body: { code: '12345' },
    expect: { visitor: 401, user: 400, admin: 400 },
  },
  {
    method: 'POST',
    path: '/api/account/2fa/disable',
    body: { code: '12345' },
    expect: { visitor: 401, user: 400, admin: 400 },
  },
  // Passkeys: a sign-in is open to anyone; the list and changes are the caller's own (IDOR: 404).
  {
    method: 'POST',
    path: '/api/auth/passkeys/sign-in/options',
    expect: { visitor: 200, user: 200, admin: 200 },
  },
  {
    method: 'POST',
    path: '/api/auth/passkeys/sign-in',
    body: {},
    expect: { visitor: 400, user: 400, admin: 400 },
  },
  { method: 'GET', path: '/api/account/passkeys', expect: { visitor: 401, user: 200, admin: 200 } },
  {
    method: 'POST',
    path: '/api/account/passkeys/options',
    body: { password: '{password}' },
    expect: { visitor: 401, user: 200, admin: 200 },
  },
  {
    method: 'POST',
    path: '/api/account/passkeys',
    body: {},
    expect: { visitor: 401, user: 400, admin: 400 },
  },
  {
    method: 'PATCH',
    path: '/api/account/passkeys/{otherPasskey}',
    body: { name: 'Mine now' },
    expect: { visitor: 401, user: 404, admin: 404 },
  },
  {
    method: 'DELETE',
    path: '/api/account/passkeys/{otherPasskey}',
    body: { password: '{password}' },
    expect: { visitor: 401, user: 404, admin: 404 },
  },
  // Suspension is for admins only (IDOR: a user cannot touch another account), and never of oneself.
  {
    method: 'PATCH',
    path: '/api/admin/users/{other}/status',
    body: { status: 'active' },
    expect: { visitor: 401, user: 403, admin: 200 },
  },
  {
    method: 'PATCH',
    path: '/api/admin/users/{self}/status',
    body: { status: 'suspended' },
    expect: { visitor: 401, user: 403, admin: 400 },
  },
  // Erasure is for admins only, and never of oneself (422 once the body is valid). The other user is not
  // erased here (the walk goes on with them): a wrong confirmation is refused after the role check.
  {
    method: 'POST',
    path: '/api/admin/users/{other}/erase',
    body: { reason: 'walk', confirm: 'NO' },
    expect: { visitor: 401, user: 403, admin: 400 },
  },
  {
    method: 'POST',
    path: '/api/admin/users/{self}/erase',
    body: { reason: 'walk', confirm: 'ERASE' },
    expect: { visitor: 401, user: 403, admin: 422 },
  },
  // Cards: one's own only; the admin ships and delivers but never edits a user's card.
  { method: 'GET', path: '/api/cards/user/{self}', expect: { visitor: 401, user: 200, admin: 200 } },
  { method: 'GET', path: '/api/cards/stake', expect: { visitor: 401, user: 200, admin: 200 } },
  { method: 'GET', path: '/api/cards/user/{other}', expect: { visitor: 401, user: 403, admin: 200 } },
  { method: 'POST', path: '/api/cards', body: {}, expect: { visitor: 401, user: 201, admin: 201 } },
  {
    method: 'PATCH',
    path: '/api/cards/{otherCard}/shipping',
    body: { address: '1 Main Street', city: 'Dubai', state: 'Dubai', zipCode: '00000', country: 'AE' },
    expect: { visitor: 401, user: 404, admin: 404 },
  },
  { method: 'POST', path: '/api/cards/{otherCard}/freeze', expect: { visitor: 401, user: 404, admin: 404 } },
  {
    method: 'POST',
    path: '/api/cards/{otherCard}/unfreeze',
    expect: { visitor: 401, user: 404, admin: 404 },
  },
  {
    method: 'POST',
    path: '/api/cards/{otherCard}/pin',
    body: { pin: '1234', confirmPin: '1234' },
    expect: { visitor: 401, user: 404, admin: 404 },
  },
  {
    method: 'POST',
    path: '/api/cards/{otherCard}/upgrade',
    body: { tier: 'ruby' },
    // Only the holder upgrades a card: an admin sees the card exists, and is told it is not theirs to upgrade.
    expect: { visitor: 401, user: 404, admin: 403 },
  },
  {
    method: 'POST',
    path: '/api/cards/{otherCard}/stake',
    body: { tier: 'ruby' },
    // Only the holder stakes for a card, as for an upgrade.
    expect: { visitor: 401, user: 404, admin: 403 },
  },
  { method: 'GET', path: '/api/admin/cards', expect: { visitor: 401, user: 403, admin: 200 } },
  {
    method: 'PATCH',
    path: '/api/admin/cards/{otherCard}/ship',
    body: { trackingNumber: 'DHL-1234', estimatedDelivery: '2026-12-01' },
    expect: { visitor: 401, user: 403, admin: 409 },
  },
  {
    method: 'PATCH',
    path: '/api/admin/cards/{otherCard}/deliver',
    expect: { visitor: 401, user: 403, admin: 409 },
  },
  // Crypto: prices and networks are public; balances and requests are one's own; queues are the admin's.
  { method: 'GET', path: '/api/crypto/prices', expect: { visitor: 200, user: 200, admin: 200 } },
  { method: 'GET', path: '/api/crypto/networks', expect: { visitor: 200, user: 200, admin: 200 } },
  { method: 'GET', path: '/api/crypto/balances', expect: { visitor: 401, user: 200, admin: 200 } },
  { method: 'GET', path: '/api/crypto/deposit-addresses', expect: { visitor: 401, user: 200, admin: 200 } },
  {
    method: 'POST',
    path: '/api/crypto/deposits',
    body: { currency: 'ETH', network: 'ethereum' },
    expect: { visitor: 401, user: 201, admin: 201 },
  },
  { method: 'GET', path: '/api/crypto/deposits', expect: { visitor: 401, user: 200, admin: 200 } },
  {
    method: 'POST',
    path: '/api/crypto/withdraw',
    body: {
      currency: 'ETH',
      amount: '1',
      address: '0x1234567890abcdef1234567890abcdef12345678',
      chain: 'ethereum',
      password: '{password}',
    },
    expect: { visitor: 401, user: 422, admin: 422 },
  },
  { method: 'GET', path: '/api/crypto/withdrawals', expect: { visitor: 401, user: 200, admin: 200 } },
  {
    method: 'POST',
    path: '/api/crypto/transfer',
    body: { recipientEmail: '{otherEmailRaw}', currency: 'ETH', amount: '1' },
    expect: { visitor: 401, user: 422, admin: 422 },
  },
  { method: 'GET', path: '/api/admin/crypto/deposits', expect: { visitor: 401, user: 403, admin: 200 } },
  {
    method: 'PATCH',
    path: '/api/admin/crypto/deposits/{otherDeposit}',
    body: { action: 'reject', reason: 'walk' },
    expect: { visitor: 401, user: 403, admin: 200 },
  },
  { method: 'GET', path: '/api/admin/crypto/withdrawals', expect: { visitor: 401, user: 403, admin: 200 } },
  // Four-eyes requests (api/approvals): admins only; an unknown request is 404 to an admin.
  { method: 'GET', path: '/api/admin/approvals', expect: { visitor: 401, user: 403, admin: 200 } },
  {
    method: 'POST',
    path: '/api/admin/approvals/{unknownApproval}/approve',
    body: {},
    expect: { visitor: 401, user: 403, admin: 404 },
  },
  {
    method: 'POST',
    path: '/api/admin/approvals/{unknownApproval}/reject',
    body: {},
    expect: { visitor: 401, user: 403, admin: 404 },
  },
  {
    method: 'PATCH',
    path: '/api/admin/crypto/withdrawals/{otherWithdrawal}',
    body: { action: 'fail', reason: 'walk test' },
    expect: { visitor: 401, user: 403, admin: 200 },
  },
  {
    method: 'POST',
    path: '/api/contact',
    body: { fullName: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'A question' },
    expect: { visitor: 201, user: 201, admin: 201 },
  },
  { method: 'GET', path: '/api/contact', expect: { visitor: 401, user: 403, admin: 200 } },
  // Audit and finance: admins only; a user's own statement is theirs.
  {
    method: 'GET',
    path: '/api/admin/audit/streams/{otherStream}',
    expect: { visitor: 401, user: 403, admin: 200 },
  },
  { method: 'GET', path: '/api/admin/audit/users/{other}', expect: { visitor: 401, user: 403, admin: 200 } },
  {
    method: 'GET',
    path: '/api/admin/ledger/balance?account=user:{other}&asset=SAI&position=1-1',
    expect: { visitor: 401, user: 403, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/admin/ledger/statement?account=user:{other}&asset=SAI&from=2020-01-01&to=2999-01-01',
    expect: { visitor: 401, user: 403, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/admin/ledger/export?from=2020-01-01&to=2999-01-01',
    expect: { visitor: 401, user: 403, admin: 200 },
  },
  // The verifiable ledger: the signing key's public half is public; the catalogue of digests is the admins'.
  { method: 'GET', path: '/api/ledger/public-key', expect: { visitor: 200, user: 200, admin: 200 } },
  { method: 'GET', path: '/api/admin/ledger/digests', expect: { visitor: 401, user: 403, admin: 200 } },
  { method: 'GET', path: '/api/admin/projections', expect: { visitor: 401, user: 403, admin: 200 } },
  { method: 'GET', path: '/api/admin/ledger/status', expect: { visitor: 401, user: 403, admin: 200 } },
  // A liabilities statement now: an admin's choice, never a user's (statements are on a schedule).
  {
    method: 'POST',
    path: '/api/admin/ledger/liabilities',
    body: {},
    expect: { visitor: 401, user: 403, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/admin/transactions/{otherTransaction}',
    expect: { visitor: 401, user: 403, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/transactions/statement.csv?from=2020-01-01&to=2999-01-01',
    expect: { visitor: 401, user: 200, admin: 200 },
  },
  // Settings are the admin's.
  { method: 'GET', path: '/api/admin/settings', expect: { visitor: 401, user: 403, admin: 200 } },
  {
    method: 'PUT',
    path: '/api/admin/settings/prices/{currency}',
    body: { price: '70000' },
    expect: { visitor: 401, user: 403, admin: 200 },
  },
  {
    method: 'PUT',
    path: '/api/admin/settings/token-price',
    body: { price: '2.50' },
    expect: { visitor: 401, user: 403, admin: 200 },
  },
  { method: 'GET', path: '/api/admin/settings/fees', expect: { visitor: 401, user: 403, admin: 200 } },
  {
    method: 'PUT',
    path: '/api/admin/settings/fees/{tier}',
    body: { rate: '0.50' },
    expect: { visitor: 401, user: 403, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/admin/settings/deposit-addresses',
    expect: { visitor: 401, user: 403, admin: 200 },
  },
  {
    method: 'PUT',
    path: '/api/admin/settings/deposit-addresses/{currency}/{network}',
    body: { address: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy' },
    expect: { visitor: 401, user: 403, admin: 200 },
  },
  {
    method: 'DELETE',
    path: '/api/admin/settings/deposit-addresses/{currency}/{network}',
    expect: { visitor: 401, user: 403, admin: 200 },
  },
];

describe('authorization walk', () => {
  const t = setUpTestApp();
  let clients: Record<Role, () => Promise<{ client: TestClient; self: string; password: string }>>;
  let other: string;
  const fixtures: Record<string, string> = {};

  beforeAll(async () => {
    const otherUser = await signedUpClient(t);
    other = otherUser.user.id;
    const admin = await signedInAdmin(t, 'walk-admin@example.com', 'walk-admin-password');
    const adminSession = admin.client;
    fixtures.payment = (
      await otherUser.client.post('/api/payments/verify', { paymentMethod: 'ETH', amount: 5 })
    ).body.id;
    fixtures.otherTransaction = (
      await adminSession.post('/api/transactions', {
        type: 'admin_deposit',
        amount: '2.00',
        receiver_id: other,
      })
    ).body.id;
    fixtures.otherStream = `user-${other}`;
    // No request has this id: an admin's approve or reject is 404 (api/approvals).
    fixtures.unknownApproval = '00000000-0000-4000-8000-000000000000';
    const passkeyOptions = await otherUser.client.post('/api/account/passkeys/options', {
      password: otherUser.registration.password,
    });
    fixtures.otherPasskey = (
      await otherUser.client.post('/api/account/passkeys', {
        name: 'Theirs',
        response: new SoftAuthenticator(t.deps.config.PUBLIC_URL).create(passkeyOptions.body.options),
      })
    ).body.id;
    await t.settle();
    fixtures.otherNotification = (await otherUser.client.get('/api/notifications')).body[0].id;
    fixtures.otherSession = (await otherUser.client.get('/api/account/sessions')).body.sessions[0].id;
    fixtures.otherEmail = encodeURIComponent(otherUser.user.email);
    fixtures.otherEmailRaw = otherUser.user.email;
    fixtures.currency = 'BTC';
    fixtures.tier = 'gold';
    fixtures.network = 'bitcoin';
    fixtures.otherCard = (await otherUser.client.post('/api/cards', {})).body.id;
    fixtures.otherDeposit = (
      await otherUser.client.post('/api/crypto/deposits', { currency: 'SOL', network: 'solana' })
    ).body.id;
    const funding = (
      await otherUser.client.post('/api/crypto/deposits', { currency: 'ETH', network: 'base' })
    ).body.id;
    await adminSession.patch(`/api/admin/crypto/deposits/${funding}`, {
      action: 'confirm',
      amount: '1',
      txHash: newEvmTxHash(),
    });
    fixtures.otherWithdrawal = (
      await otherUser.client.post('/api/crypto/withdraw', {
        currency: 'ETH',
        amount: '0.5',
        address: '0x1234567890abcdef1234567890abcdef12345678',
        chain: 'ethereum',
        password: otherUser.registration.password,
      })
    ).body.id;
    clients = {
      visitor: async () => ({ client: t.client(), self: other, password: 'not-signed-in' }),
      user: async () => {
        const { client, user, registration } = await signedUpClient(t);
        return { client, self: user.id, password: registration.password };
      },
      admin: async () => {
        const client = t.client();
        const reply = await client.post('/api/auth/login', {
          email: 'walk-admin@example.com',
          password: 'walk-admin-password',
        });
        expect(reply.status).toBe(200);
        return { client, self: admin.userId, password: 'walk-admin-password' };
      },
    };
  });

  it('covers every API route the app serves', () => {
    const served = new Set(
      t.app.routes
        .filter((r) => r.path.startsWith('/api/') && !r.path.includes('*') && r.method !== 'ALL')
        .map((r) => `${r.method} ${r.path}`),
    );
    const walked = new Set(
      WALK.map((w) => `${w.method} ${w.path.split('?')[0]!.replace(/\{\w+\}/g, ':id')}`),
    );
    const missing = [...served].filter((route) => !walked.has(route.replace(/:\w+/g, ':id')));
    expect(missing).toEqual([]);
  });

  for (const role of ['visitor', 'user', 'admin'] as const) {
    it(`gives a ${role} the status each route must answer`, async () => {
      const failures: string[] = [];
      for (const walk of WALK) {
        // A fresh session per route: logout must not change what the next route sees.
        const { client, self, password } = await clients[role]();
        const fill = (text: string) =>
          text
            .replaceAll('{other}', other)
            .replaceAll('{self}', self)
            .replaceAll('{password}', password)
            .replace(/\{(\w+)\}/g, (_m, name: string) => fixtures[name] ?? `{${name}}`);
        const path = fill(walk.path);
        const body = walk.body === undefined ? undefined : JSON.parse(fill(JSON.stringify(walk.body)));
        const reply = await client.request(walk.method, path, body);
        if (reply.status !== walk.expect[role])
          failures.push(`${walk.method} ${path}: ${reply.status} (want ${walk.expect[role]})`);
        if (reply.status >= 500) failures.push(`${walk.method} ${path}: server error ${reply.text}`);
      }
      expect(failures).toEqual([]);
      // A registration (a password hash, a mailed link) per route for the user: on a busy machine the walk
      // takes well over the default 30 s, which is no finding about any route.
    }, 240_000);
  }
});
