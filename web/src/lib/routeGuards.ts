import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { currentUserQuery, type User } from '../queries/auth.queries.ts';

/**
 * Navigation guards for `beforeLoad`. They only steer the browser: the API enforces every rule itself
 * (docs/product-rules.md rule 3), so a stale cache can at worst show a screen whose calls then answer 401.
 */

/** Signed-out visitors go to /login. A failing user lookup is rethrown for the route's error screen. */
export async function requireUser(queryClient: QueryClient): Promise<User> {
  const user = await queryClient.ensureQueryData(currentUserQuery);
  if (!user) throw redirect({ to: '/login', replace: true });
  return user;
}

/** Admin screens: visitors and non-admins go to /login (docs/product-rules.md spec 2, admin dashboard; /login sends a signed-in user on). */
export async function requireAdmin(queryClient: QueryClient): Promise<User> {
  const user = await queryClient.ensureQueryData(currentUserQuery);
  if (!user?.isAdmin) throw redirect({ to: '/login', replace: true });
  return user;
}

/** The sign-in screens send someone already signed in to the dashboard. */
export async function redirectIfSignedIn(queryClient: QueryClient): Promise<void> {
  const user = await queryClient.ensureQueryData(currentUserQuery).catch(() => null);
  if (user) throw redirect({ to: '/dashboard', replace: true });
}

/** Spec: after sign-in or registration the next screen opens after 300 ms, once the toast is up. */
export const AUTH_REDIRECT_MS = 300;
