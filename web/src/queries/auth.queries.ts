import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiBody, api } from '../lib/api.ts';

/** The signed-in user as the API returns it (`GET /api/auth/session`, `GET /api/auth/user`). Money fields are decimal strings. */
export interface User {
  id: string;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
  status: string;
  twoFactorEnabled: boolean;
  /** false until the link mailed to the address is opened: no money in, no second factor. */
  emailVerified: boolean;
  /** For the avatar: first and last initial, else the username's first two letters, else "U". */
  initials: string;
  /** SAI balance, e.g. "125.50". */
  balance: string;
  /** Balance × the configured token price, in USD, e.g. "313.75". */
  balanceUSD: string;
  /** Real change of the balance over the last 24 hours, from the ledger's history, e.g. "-2.50". */
  balanceChange24h: string;
  /** The configured price of one SAI in USDT, e.g. "2.50" (docs/product-rules.md rule 9). */
  tokenValue: string;
  profileImageUrl: string | null;
  bio: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface LoginInput {
  email: string;
  password: string;
  rememberMe: boolean;
  /** Only once the API has answered `totp_required`. */
  totpCode?: string;
  /** Only once the API has answered `passkey_required`: the passkey's answer to its challenge. */
  passkey?: ApiBody<'post', '/api/auth/login'>['passkey'];
}

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
  /** The API takes only `true`: the form checks the box before it sends. */
  termsAgreed: true;
}

export const authKeys = {
  all: ['auth'] as const,
  currentUser: () => [...authKeys.all, 'user'] as const,
};

/**
 * Who is signed in, or `null` for a visitor. Asked of `GET /api/auth/session`, which answers 200 either
 * way, so a visitor's page logs no failed request (`/api/auth/user` keeps its 401 for the spec's client).
 * Kept until sign-in or sign-out replaces it.
 */
export const currentUserQuery = queryOptions({
  queryKey: authKeys.currentUser(),
  queryFn: async ({ signal }): Promise<User | null> => {
    const answer = await (api.get('/api/auth/session', { signal }) satisfies Promise<{ user: User | null }>);
    return answer.user;
  },
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

/** Where a freshly signed-in user lands (spec: admins on the admin panel, everyone else on the dashboard). */
export function homePathFor(user: Pick<User, 'isAdmin'>): '/admin' | '/dashboard' {
  return user.isAdmin ? '/admin' : '/dashboard';
}

/** Everything cached belongs to whoever is signed in; a change of identity must not show the last one's data. */
export function forgetEverythingButAuth(queryClient: ReturnType<typeof useQueryClient>) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
}

/** A new session's user: nothing cached for the one before survives, and the answer is the current user. */
function signedIn(queryClient: ReturnType<typeof useQueryClient>, user: User) {
  forgetEverythingButAuth(queryClient);
  queryClient.setQueryData(currentUserQuery.queryKey, user);
}

export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api.post('/api/auth/login', { body: input }) satisfies Promise<User>,
    retry: false,
    onSuccess: (user) => signedIn(queryClient, user),
  });
}

export function useRegisterMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) =>
      api.post('/api/auth/register', {
        // The spec's client always sends these; an account never makes itself an admin.
        body: { ...input, isAdmin: false, profileImageUrl: '', bio: '' },
      }) satisfies Promise<User>,
    retry: false,
    onSuccess: (user) => signedIn(queryClient, user),
  });
}

export function useLogoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/auth/logout'),
    retry: false,
    onError: (error) => {
      // Spec: a failed logout call is only logged; the local session ends regardless.
      console.warn('Logout request failed', error);
    },
    onSettled: () => {
      forgetEverythingButAuth(queryClient);
      queryClient.setQueryData(currentUserQuery.queryKey, null);
    },
  });
}
