import { describe } from 'vitest';
import {
  adminOnly,
  everyone,
  isAdminRoute,
  signedIn,
  type Walk,
  walk,
  walkTheRoutes,
} from '../testing/authorizationWalk.ts';

/**
 * The authorization walk (testing/authorizationWalk.ts): every API route but the admin's, as a visitor, a
 * user, another user and an admin, with the status each must get. A route missing from this table fails
 * the test, so the table grows with the API. `{other}`, `{self}`, `{password}` and the other names in
 * braces are filled in by the walk. The table is one list on purpose (a route is found by reading it top
 * to bottom); the routes under /api/admin/ are in api/authorization.admin.int.test.ts's.
 */
const WALK: Walk[] = [
  everyone('GET', '/api/health', 200),
  everyone('GET', '/api/config/public', 200),
  everyone('GET', '/api/campaign', 200),
  everyone('GET', '/api/openapi.json', 200),
  everyone('GET', '/api/docs', 200),
  signedIn('GET', '/api/auth/user', 200),
  signedIn('GET', '/api/auth/me', 200),
  // Who is signed in: a visitor is an answer (user null), not a 401.
  everyone('GET', '/api/auth/session', 200),
  signedIn('GET', '/api/portfolio', 200),
  // Validation runs before anything else: the empty bodies prove the route is reachable, nothing more.
  everyone('POST', '/api/auth/login', 400, {}),
  everyone('POST', '/api/auth/register', 400, {}),
  everyone('POST', '/api/auth/logout', 204),
  everyone('POST', '/api/auth/password-reset', 400, {}),
  everyone('POST', '/api/auth/password-reset/confirm', 400, {}),
  everyone('POST', '/api/auth/email-change/confirm', 400, {}),
  // "Send the link again": a visitor has no address to confirm; these users' and admins' are confirmed.
  signedIn('POST', '/api/auth/verify-email', 409),
  everyone('POST', '/api/auth/verify-email/confirm', 400, {}),
  everyone('POST', '/api/auth/verify-email/reclaim', 400, {}),
  // The development outbox exists outside production only (the tests run without SMTP_URL).
  everyone('GET', '/api/dev/outbox?to=nobody@example.com', 200),
  signedIn('POST', '/api/account/email', 400, {
    newEmail: 'walk@example.com',
    currentPassword: 'not-the-password',
  }),
  // Money: a fresh user has nothing to send (422); only admins distribute.
  signedIn('POST', '/api/transactions', 422, { type: 'transfer', amount: '1.00', receiver_id: '{other}' }),
  adminOnly('POST', '/api/transactions', 201, {
    type: 'admin_deposit',
    amount: '1.00',
    receiver_id: '{other}',
  }),
  signedIn('POST', '/api/transactions', 403, {
    type: 'transfer',
    amount: '1.00',
    receiver_id: '{self}',
    sender_id: '{other}',
  }),
  signedIn('GET', '/api/transactions', 200),
  adminOnly('GET', '/api/transactions/all', 200),
  // Another user's receipt: not found for anyone but its parties and an admin, so ids do not leak.
  walk('GET', '/api/transactions/{otherTransaction}', { visitor: 401, user: 404, admin: 200 }),
  // Its verifiable receipt: the same rule.
  walk('GET', '/api/transactions/{otherTransaction}/receipt', { visitor: 401, user: 404, admin: 200 }),
  // The published liabilities are public; a proof is the caller's own (none for who holds nothing).
  everyone('GET', '/api/ledger/liabilities', 200),
  signedIn('GET', '/api/ledger/liabilities/proof', 404),
  signedIn('POST', '/api/payments/verify', 201, { paymentMethod: 'USDT', amount: 1 }),
  signedIn('GET', '/api/payments/quote?amount=10&currency=ETH', 200),
  adminOnly('GET', '/api/payments/pending', 200),
  signedIn('GET', '/api/payments/user/{self}', 200),
  adminOnly('GET', '/api/payments/user/{other}', 200),
  adminOnly('PATCH', '/api/payments/{payment}/verify', 200, { approved: false, reason: 'walk' }),
  signedIn('GET', '/api/users/by-email?email={otherEmail}', 200),
  adminOnly('GET', '/api/users', 200),
  signedIn('GET', '/api/notifications', 200),
  signedIn('GET', '/api/notifications/unread-count', 200),
  signedIn('GET', '/api/notifications/page', 200),
  // Someone else's notification is not found, even for an admin: it is the user's own data.
  signedIn('PATCH', '/api/notifications/{otherNotification}/read', 404),
  signedIn('PATCH', '/api/notifications/mark-all-read', 200),
  // The caller's own account: signed-in users only, visitors get 401 before the body is looked at.
  signedIn('PATCH', '/api/account/profile', 200, { bio: 'walk' }),
  signedIn('POST', '/api/account/password', 400, {
    currentPassword: 'not-the-password',
    newPassword: 'new-pass-1',
    confirmPassword: 'new-pass-1',
  }),
  signedIn('GET', '/api/account/preferences', 200),
  signedIn('PUT', '/api/account/preferences', 200, {
    emailNotifications: false,
    marketingCommunications: true,
    transactionAlerts: true,
    language: 'de',
  }),
  signedIn('POST', '/api/account/preferences/reset', 200),
  signedIn('GET', '/api/account/2fa', 200),
  // The caller's own data only: there is no user id to name, so nobody else's can be asked for.
  signedIn('GET', '/api/account/data-export', 200),
  signedIn('POST', '/api/account/2fa/setup', 200, { password: '{password}' }),
  // The caller's own sessions: another's is named by a public id the caller cannot find (404).
  signedIn('GET', '/api/account/sessions', 200),
  signedIn('POST', '/api/account/sessions/sign-out-others', 200),
  signedIn('DELETE', '/api/account/sessions/{otherSession}', 404),
  signedIn('POST', '/api/account/2fa/enable', 400, { code: '12345' }),
  signedIn('POST', '/api/account/2fa/disable', 400, { code: '12345' }),
  // Passkeys: a sign-in is open to anyone; the list and changes are the caller's own (IDOR: 404).
  everyone('POST', '/api/auth/passkeys/sign-in/options', 200),
  everyone('POST', '/api/auth/passkeys/sign-in', 400, {}),
  signedIn('GET', '/api/account/passkeys', 200),
  signedIn('POST', '/api/account/passkeys/options', 200, { password: '{password}' }),
  signedIn('POST', '/api/account/passkeys', 400, {}),
  signedIn('PATCH', '/api/account/passkeys/{otherPasskey}', 404, { name: 'Mine now' }),
  signedIn('DELETE', '/api/account/passkeys/{otherPasskey}', 404, { password: '{password}' }),
  // Cards: one's own only; the admin ships and delivers but never edits a user's card.
  signedIn('GET', '/api/cards/user/{self}', 200),
  signedIn('GET', '/api/cards/stake', 200),
  adminOnly('GET', '/api/cards/user/{other}', 200),
  signedIn('POST', '/api/cards', 201, {}),
  signedIn('PATCH', '/api/cards/{otherCard}/shipping', 404, {
    address: '1 Main Street',
    city: 'Dubai',
    state: 'Dubai',
    zipCode: '00000',
    country: 'AE',
  }),
  signedIn('POST', '/api/cards/{otherCard}/freeze', 404),
  signedIn('POST', '/api/cards/{otherCard}/unfreeze', 404),
  signedIn('POST', '/api/cards/{otherCard}/pin', 404, { pin: '1234', confirmPin: '1234' }),
  // Only the holder upgrades a card: an admin sees the card exists, and is told it is not theirs to upgrade.
  walk('POST', '/api/cards/{otherCard}/upgrade', { visitor: 401, user: 404, admin: 403 }, { tier: 'ruby' }),
  // Only the holder stakes for a card, as for an upgrade.
  walk('POST', '/api/cards/{otherCard}/stake', { visitor: 401, user: 404, admin: 403 }, { tier: 'ruby' }),
  // Crypto: prices and networks are public; balances and requests are one's own; queues are the admin's.
  everyone('GET', '/api/crypto/prices', 200),
  everyone('GET', '/api/crypto/networks', 200),
  signedIn('GET', '/api/crypto/balances', 200),
  signedIn('GET', '/api/crypto/deposit-addresses', 200),
  signedIn('POST', '/api/crypto/deposits', 201, { currency: 'ETH', network: 'ethereum' }),
  signedIn('GET', '/api/crypto/deposits', 200),
  signedIn('POST', '/api/crypto/withdraw', 422, {
    currency: 'ETH',
    amount: '1',
    address: '0x1234567890abcdef1234567890abcdef12345678',
    chain: 'ethereum',
    password: '{password}',
  }),
  signedIn('GET', '/api/crypto/withdrawals', 200),
  signedIn('POST', '/api/crypto/transfer', 422, {
    recipientEmail: '{otherEmailRaw}',
    currency: 'ETH',
    amount: '1',
  }),
  everyone('POST', '/api/contact', 201, {
    fullName: 'Ada',
    email: 'ada@example.com',
    subject: 'Hello',
    message: 'A question',
  }),
  adminOnly('GET', '/api/contact', 200),
  // The verifiable ledger: the signing key's public half is public.
  everyone('GET', '/api/ledger/public-key', 200),
  // A user's own statement is theirs.
  signedIn('GET', '/api/transactions/statement.csv?from=2020-01-01&to=2999-01-01', 200),
];

describe('authorization walk', () => {
  walkTheRoutes(WALK, (path) => !isAdminRoute(path));
});
