/**
 * What the signed-in dashboard asks the API for when it opens (web/src/routes/_authed/dashboard.tsx and
 * the header it sits under): the reads the targets name. The bench's read, mixed and open-loop
 * runs all draw their reads from this one list, so they measure the same thing.
 */
export interface DashboardCall {
  /** A short stable name for the results (e.g. "history"). */
  name: string;
  /** The path and query for this user. */
  path: (userId: string) => string;
}

export const DASHBOARD_CALLS: readonly DashboardCall[] = [
  { name: 'user', path: () => '/api/auth/user' },
  // RECENT_TRANSACTIONS in web/src/queries/transactions.queries.ts.
  { name: 'history', path: () => '/api/transactions?limit=5' },
  { name: 'notifications', path: () => '/api/notifications' },
  { name: 'unread', path: () => '/api/notifications/unread-count' },
  { name: 'balances', path: () => '/api/crypto/balances' },
  { name: 'card', path: (userId) => `/api/cards/user/${userId}` },
  { name: 'prices', path: () => '/api/crypto/prices' },
];

/** The trivial-read ceiling: an unauthenticated endpoint that touches no table. */
export const CEILING_PATH = '/livez';
