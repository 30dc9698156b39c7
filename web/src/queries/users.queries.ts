import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../lib/api.ts';
import type { User } from './auth.queries.ts';

/** What a sender learns about a recipient (`GET /api/users/by-email`). */
export interface Recipient {
  id: string;
  email: string;
  username: string;
}

/** A row of the admin user list: the fields of `User` the list carries. */
export type AdminUser = Pick<
  User,
  'id' | 'username' | 'email' | 'firstName' | 'lastName' | 'isAdmin' | 'status' | 'balance' | 'createdAt'
>;

export interface AdminUserPage {
  total: number;
  users: AdminUser[];
}

export interface AdminStats {
  totalUsers: number;
  /** SAI the users hold (issued minus conversion fees). */
  tokensInCirculation: string;
  /** Conversion fees collected, SAI. */
  feesCollected: string;
  transactionsLast24h: number;
  /** Week-over-week change in percent; null when there is nothing to compare with. */
  trends: { users: number | null; tokens: number | null; transactions: number | null };
}

export const userKeys = {
  recipient: (email: string) => ['recipients', email.trim().toLowerCase()] as const,
};

export const adminKeys = {
  all: ['admin'] as const,
  users: (params: { q?: string; limit: number }) => [...adminKeys.all, 'users', params] as const,
  stats: () => [...adminKeys.all, 'stats'] as const,
};

/** docs/product-rules.md spec 8: a missing recipient reads "Recipient not found", anything else "Failed to find recipient". */
export class RecipientLookupError extends Error {
  override readonly name = 'RecipientLookupError';
  constructor(readonly notFound: boolean) {
    super(notFound ? 'Recipient not found' : 'Failed to find recipient');
  }
}

export function recipientQuery(email: string) {
  const normalized = email.trim();
  return queryOptions({
    queryKey: userKeys.recipient(normalized),
    queryFn: async ({ signal }) => {
      try {
        return await (api.get('/api/users/by-email', {
          query: { email: normalized },
          signal,
        }) satisfies Promise<Recipient>);
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        throw new RecipientLookupError(error instanceof ApiError && error.status === 404);
      }
    },
    // A recipient's id never changes; a minute spares repeat lookups while the form is filled in.
    staleTime: 60_000,
    retry: false,
  });
}

/** docs/product-rules.md spec 7: the admin user list is fresh for 30 s. */
export function adminUsersQuery(params: { q?: string; limit: number }) {
  return queryOptions({
    queryKey: adminKeys.users(params),
    queryFn: ({ signal }) => {
      return api.get('/api/users', {
        query: { limit: params.limit, ...(params.q ? { q: params.q } : {}) },
        signal,
      }) satisfies Promise<AdminUserPage>;
    },
    staleTime: 30_000,
  });
}

export const adminStatsQuery = queryOptions({
  queryKey: adminKeys.stats(),
  queryFn: ({ signal }) => api.get('/api/admin/stats', { signal }) satisfies Promise<AdminStats>,
  staleTime: 30_000,
});
