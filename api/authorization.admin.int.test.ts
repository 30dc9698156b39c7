import { describe } from 'vitest';
import { isAdminRoute, type Walk, walkTheRoutes } from '../testing/authorizationWalk.ts';

/**
 * The authorization walk of the admin's routes, those under /api/admin/ (api/authorization.int.test.ts
 * walks the others): each as a visitor, a user and an admin, with the status each must get. A route of
 * theirs missing from this table fails the test.
 */
const ADMIN_WALK: Walk[] = [
  // The admin's overview.
  { method: 'GET', path: '/api/admin/stats', expect: { visitor: 401, user: 403, admin: 200 } },
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
  // Cards: the admin lists, ships and delivers them.
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
  // Crypto: the queues of deposits and withdrawals are the admin's.
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
  // Audit and finance: admins only.
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
  // The verifiable ledger's catalogue of digests, the projections and the ledger's status: the admins'.
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

describe('authorization walk: admin routes', () => {
  walkTheRoutes(ADMIN_WALK, isAdminRoute);
});
