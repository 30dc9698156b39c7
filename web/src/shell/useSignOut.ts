import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useLogoutMutation } from '@/queries/auth.queries.ts';

/** Spec: the browser goes to /login about 100 ms after sign-out, even when the server call fails. */
export const LOGOUT_REDIRECT_MS = 100;

export function useSignOut() {
  const { mutateAsync, isPending } = useLogoutMutation();
  const router = useRouter();
  const signOut = useCallback(() => {
    // The menu that started this unmounts as soon as the user is cleared, so nothing below may depend
    // on component state: only the router and timers outlive it.
    void mutateAsync()
      .catch(() => undefined)
      .finally(() => {
        window.setTimeout(() => {
          void router.navigate({ to: '/login' });
        }, LOGOUT_REDIRECT_MS);
      });
  }, [mutateAsync, router]);
  return { signOut, isPending };
}
