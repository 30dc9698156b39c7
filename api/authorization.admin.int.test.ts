import { describe } from 'vitest';
import { adminOnly, isAdminRoute, type Walk, walkTheRoutes } from '../testing/authorizationWalk.ts';

/**
 * The authorization walk of the admin's routes, those under /api/admin/ (api/authorization.int.test.ts
 * walks the others): each as a visitor, a user and an admin, with the status each must get. A route of
 * theirs missing from this table fails the test.
 */
const ADMIN_WALK: Walk[] = [
  // The admin's overview.
  adminOnly('GET', '/api/admin/stats', 200),
  // Suspension is for admins only (IDOR: a user cannot touch another account), and never of oneself.
  adminOnly('PATCH', '/api/admin/users/{other}/status', 200, { status: 'active' }),
  adminOnly('PATCH', '/api/admin/users/{self}/status', 400, { status: 'suspended' }),
  // Erasure is for admins only, and never of oneself (422 once the body is valid). The other user is not
  // erased here (the walk goes on with them): a wrong confirmation is refused after the role check.
  adminOnly('POST', '/api/admin/users/{other}/erase', 400, { reason: 'walk', confirm: 'NO' }),
  adminOnly('POST', '/api/admin/users/{self}/erase', 422, { reason: 'walk', confirm: 'ERASE' }),
  // Cards: the admin lists, ships and delivers them.
  adminOnly('GET', '/api/admin/cards', 200),
  adminOnly('PATCH', '/api/admin/cards/{otherCard}/ship', 409, {
    trackingNumber: 'DHL-1234',
    estimatedDelivery: '2026-12-01',
  }),
  adminOnly('PATCH', '/api/admin/cards/{otherCard}/deliver', 409),
  // Crypto: the queues of deposits and withdrawals are the admin's.
  adminOnly('GET', '/api/admin/crypto/deposits', 200),
  adminOnly('PATCH', '/api/admin/crypto/deposits/{otherDeposit}', 200, { action: 'reject', reason: 'walk' }),
  adminOnly('GET', '/api/admin/crypto/withdrawals', 200),
  // Four-eyes requests (api/approvals): admins only; an unknown request is 404 to an admin.
  adminOnly('GET', '/api/admin/approvals', 200),
  adminOnly('POST', '/api/admin/approvals/{unknownApproval}/approve', 404, {}),
  adminOnly('POST', '/api/admin/approvals/{unknownApproval}/reject', 404, {}),
  adminOnly('PATCH', '/api/admin/crypto/withdrawals/{otherWithdrawal}', 200, {
    action: 'fail',
    reason: 'walk test',
  }),
  // Audit and finance: admins only.
  adminOnly('GET', '/api/admin/audit/streams/{otherStream}', 200),
  adminOnly('GET', '/api/admin/audit/users/{other}', 200),
  adminOnly('GET', '/api/admin/ledger/balance?account=user:{other}&asset=SAI&position=1-1', 200),
  adminOnly(
    'GET',
    '/api/admin/ledger/statement?account=user:{other}&asset=SAI&from=2020-01-01&to=2999-01-01',
    200,
  ),
  adminOnly('GET', '/api/admin/ledger/export?from=2020-01-01&to=2999-01-01', 200),
  // The verifiable ledger's catalogue of digests, the projections and the ledger's status: the admins'.
  adminOnly('GET', '/api/admin/ledger/digests', 200),
  adminOnly('GET', '/api/admin/projections', 200),
  adminOnly('GET', '/api/admin/ledger/status', 200),
  // A liabilities statement now: an admin's choice, never a user's (statements are on a schedule).
  adminOnly('POST', '/api/admin/ledger/liabilities', 200, {}),
  adminOnly('GET', '/api/admin/transactions/{otherTransaction}', 200),
  // Settings are the admin's.
  adminOnly('GET', '/api/admin/settings', 200),
  adminOnly('PUT', '/api/admin/settings/prices/{currency}', 200, { price: '70000' }),
  adminOnly('PUT', '/api/admin/settings/token-price', 200, { price: '2.50' }),
  adminOnly('GET', '/api/admin/settings/fees', 200),
  adminOnly('PUT', '/api/admin/settings/fees/{tier}', 200, { rate: '0.50' }),
  adminOnly('GET', '/api/admin/settings/deposit-addresses', 200),
  adminOnly('PUT', '/api/admin/settings/deposit-addresses/{currency}/{network}', 200, {
    address: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
  }),
  adminOnly('DELETE', '/api/admin/settings/deposit-addresses/{currency}/{network}', 200),
];

describe('authorization walk: admin routes', () => {
  walkTheRoutes(ADMIN_WALK, isAdminRoute);
});
