import { useRouter } from '@tanstack/react-router';
import { Fingerprint } from 'lucide-react';
import { t } from '@/i18n/i18n.ts';
import { ApiError } from '@/lib/api.ts';
import { AUTH_REDIRECT_MS } from '@/lib/routeGuards.ts';
import { homePathFor } from '@/queries/auth.queries.ts';
import {
  passkeyFailureMessage,
  passkeysSupported,
  usePasskeySignInMutation,
} from '@/queries/passkeys.queries.ts';
import { Button } from '@/ui/Button/Button.tsx';
import { toast } from '@/ui/toast/index.ts';
import { authStyles } from './AuthShell.tsx';
import * as styles from './PasskeySignIn.css.ts';

/**
 * Sign in with a passkey, under the password form: no e-mail typed, the authenticator offers the accounts
 * it holds for this site. The passkey verifies the person (fingerprint, face or device PIN), so it is the
 * whole sign-in: no password and no authenticator code after it.
 */
export function PasskeySignIn() {
  const router = useRouter();
  const signIn = usePasskeySignInMutation();
  if (!passkeysSupported()) return null;

  const start = () => {
    if (signIn.isPending) return;
    signIn.mutate(
      { rememberMe: false },
      {
        onSuccess: (user) => {
          toast({
            title: t('auth.success'),
            description: t('auth.signedIn'),
            variant: 'success',
          });
          window.setTimeout(() => {
            void router.navigate({ href: homePathFor(user) });
          }, AUTH_REDIRECT_MS);
        },
        onError: (error) => {
          const description = error instanceof ApiError ? error.message : passkeyFailureMessage(error);
          toast({ title: t('auth.passkey.failed'), description, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <div className={authStyles.form}>
      <p className={styles.or}>{t('auth.passkey.or')}</p>
      <Button
        variant="secondary"
        size="lg"
        fullWidth
        onClick={start}
        pending={signIn.isPending}
        pendingLabel={t('auth.passkey.waiting')}
      >
        <Fingerprint size={18} aria-hidden="true" />
        {t('auth.passkey.signIn')}
      </Button>
    </div>
  );
}
