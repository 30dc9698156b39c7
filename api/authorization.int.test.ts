import { describe } from 'vitest';
import { isAdminRoute, type Walk, walkTheRoutes } from '../testing/authorizationWalk.ts';

/**
 * The authorization walk (testing/authorizationWalk.ts): every API route but the admin's, as a visitor, a
 * user, another user and an admin, with the status each must get. A route missing from this table fails
 * the test, so the table grows with the API. `{other}`, `{self}`, `{password}` and the other names in
 * braces are filled in by the walk. The table is one list on purpose (a route is found by reading it top
 * to bottom); the routes under /api/admin/ are in api/authorization.admin.int.test.ts's.
 */
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
  {
    method: 'POST',
    path: '/api/contact',
    body: { fullName: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'A question' },
    expect: { visitor: 201, user: 201, admin: 201 },
  },
  { method: 'GET', path: '/api/contact', expect: { visitor: 401, user: 403, admin: 200 } },
  // The verifiable ledger: the signing key's public half is public.
  { method: 'GET', path: '/api/ledger/public-key', expect: { visitor: 200, user: 200, admin: 200 } },
  // A user's own statement is theirs.
  {
    method: 'GET',
    path: '/api/transactions/statement.csv?from=2020-01-01&to=2999-01-01',
    expect: { visitor: 401, user: 200, admin: 200 },
  },
];

describe('authorization walk', () => {
  walkTheRoutes(WALK, (path) => !isAdminRoute(path));
});
