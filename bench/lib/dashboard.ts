/**
 * What the signed-in dashboard asks the API for when it opens (web/src/routes/_authed/dashboard.tsx and
 * the header it sits under; a dialog's reads, such as the withdrawal review's, are not counted): the reads the targets name. The bench's read, mixed and open-loop
 * runs all draw their reads from this one list, so they measure the same thing.
 */
export interface DashboardCall {
  /** A short stable name for the results (e.g. "history"). */
  name: string;
  /** The path and query for this user. */
  path: (userId: string) => string;
}

export const DASHBOARD_CALLS: readonly DashboardCall[] = [
  // Who is signed in (web/src/queries/auth.queries.ts currentUserQuery: 200 with null when no one is).
  { name: 'user', path: () => '/api/auth/session' },
  // The theme and the language (ThemeSync, LanguageSync under web/src/routes/_authed.tsx).
  { name: 'preferences', path: () => '/api/account/preferences' },
  { name: 'portfolio', path: () => '/api/portfolio' },
  // RECENT_TRANSACTIONS in web/src/queries/transactions.queries.ts.
  { name: 'history', path: () => '/api/transactions?limit=5' },
  // The bell polls the count; its list is read only when it is opened.
  { name: 'unread', path: () => '/api/notifications/unread-count' },
  { name: 'balances', path: () => '/api/crypto/balances' },
  { name: 'withdrawals', path: () => '/api/crypto/withdrawals' },
  { name: 'card', path: (userId) => `/api/cards/user/${userId}` },
  { name: 'prices', path: () => '/api/crypto/prices' },
  { name: 'payments', path: (userId) => `/api/payments/user/${userId}` },
  { name: 'depositAddresses', path: () => '/api/crypto/deposit-addresses' },
  // The giveaway banner.
  { name: 'campaign', path: () => '/api/campaign' },
];

/** The trivial-read ceiling: an unauthenticated endpoint that touches no table. */
export const CEILING_PATH = '/livez';
