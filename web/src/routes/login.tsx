import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { createFileRoute, Link, useRouter } from '@tanstack/react-router';
import { Fingerprint, LogIn } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '@/ui/Button/Button.tsx';
import { CheckboxField } from '@/ui/Field/CheckboxField.tsx';
import { toast, toastFailure } from '@/ui/toast/index.ts';
import { t } from '../i18n/i18n.ts';
import { ApiError } from '../lib/api.ts';
import { AUTH_REDIRECT_MS, redirectIfSignedIn } from '../lib/routeGuards.ts';
import { type LoginValues, validateLogin } from '../lib/validation.ts';
import { homePathFor, type LoginInput, useLoginMutation } from '../queries/auth.queries.ts';
import { answerPasskeyChallenge, passkeyFailureMessage } from '../queries/passkeys.queries.ts';
import { CodeField, PasswordField } from '../ui/form/fields.tsx';
import { useForm } from '../ui/form/useForm.ts';
import { AuthEmailField, AuthShell, AuthSubmit, authStyles } from './-components/AuthShell.tsx';
import { LanguageSwitcher } from './-components/LanguageSwitcher.tsx';
import { PasskeySignIn } from './-components/PasskeySignIn.tsx';

export const Route = createFileRoute('/login')({
  beforeLoad: ({ context }) => redirectIfSignedIn(context.queryClient),
  component: LoginPage,
});

type Field = keyof LoginValues;

interface PasskeyStep {
  options: PublicKeyCredentialRequestOptionsJSON;
  /** The account has TOTP too: its code may be given instead. */
  totpAllowed: boolean;
}

/** The passkey step a 401 asks for ('passkey_required', or 'passkey_invalid' with fresh options). */
function passkeyStepOf(error: ApiError): PasskeyStep | null {
  if (error.status !== 401 || !error.code?.startsWith('passkey')) return null;
  const options = error.problem?.passkeyOptions;
  if (typeof options !== 'object' || options === null) return null;
  return {
    options: options as PublicKeyCredentialRequestOptionsJSON,
    totpAllowed: error.problem?.totpAllowed === true,
  };
}
const FIELD_ORDER: Field[] = ['email', 'password', 'totpCode'];

function LoginPage() {
  const router = useRouter();
  const login = useLoginMutation();
  // Set once the API answers `totp_required`: the account has two-factor sign-in on.
  const [needsTotp, setNeedsTotp] = useState(false);
  // Set once the API answers `passkey_required`: the options of the passkey step (api/auth/secondFactor.ts).
  const [passkeyStep, setPasskeyStep] = useState<PasskeyStep | null>(null);
  const form = useForm({ email: '', password: '', totpCode: '' }, FIELD_ORDER, {
    validate: (values) => validateLogin(values, needsTotp),
  });
  const { values } = form;
  const [rememberMe, setRememberMe] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus once, when the code field appears
  useEffect(() => {
    if (needsTotp) form.focus('totpCode');
  }, [needsTotp]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    // Errors appear on submit, then follow the input as it is corrected.
    if (!form.check()) return;
    const input: LoginInput = { email: values.email.trim(), password: values.password, rememberMe };
    if (needsTotp) input.totpCode = values.totpCode.trim();
    send(input);
  };

  /** The passkey step: the browser asks the passkey, and the password goes again with its answer. */
  const usePasskey = async () => {
    if (!passkeyStep || login.isPending) return;
    try {
      const passkey = await answerPasskeyChallenge(passkeyStep.options);
      send({ email: values.email.trim(), password: values.password, rememberMe, passkey });
    } catch (error) {
      toast({
        title: t('auth.login.passkeyNotUsed'),
        description: passkeyFailureMessage(error),
        variant: 'destructive',
      });
    }
  };

  const send = (input: LoginInput) => {
    login.mutate(input, {
      onSuccess: (user) => {
        toast({ title: t('auth.success'), description: t('auth.signedIn'), variant: 'success' });
        window.setTimeout(() => {
          void router.navigate({ href: homePathFor(user) });
        }, AUTH_REDIRECT_MS);
      },
      onError: (error) => {
        const step = error instanceof ApiError ? passkeyStepOf(error) : null;
        if (step) {
          setPasskeyStep(step);
          if (error instanceof ApiError && error.code === 'passkey_invalid')
            toastFailure(t('auth.login.passkeyNotAccepted'), error);
          return;
        }
        if (error instanceof ApiError && error.status === 401 && error.code?.startsWith('totp')) {
          if (!needsTotp) {
            setNeedsTotp(true);
            return;
          }
          form.showErrors({
            totpCode: t('auth.login.codeDidNotWork'),
          });
          return;
        }
        const description =
          error instanceof ApiError && error.status === 401
            ? t('auth.login.invalidCredentials')
            : error.message || t('auth.login.failed');
        toast({ title: t('shell.error'), description, variant: 'destructive' });
      },
    });
  };

  return (
    <AuthShell
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      switcher={<LanguageSwitcher />}
      footer={
        <p>
          {t('auth.login.noAccount')} <Link to="/register">{t('auth.login.signUp')}</Link>
        </p>
      }
    >
      <form className={authStyles.form} onSubmit={onSubmit} noValidate aria-label={t('auth.signIn')}>
        <AuthEmailField {...form.textField('email')} />
        <PasswordField
          {...form.textField('password')}
          label={t('auth.password')}
          autoComplete="current-password"
        />
        {passkeyStep && !needsTotp ? (
          <div className={authStyles.notice} role="status">
            <p>{t('auth.login.passkeyNotice')}</p>
            <div className={authStyles.inline}>
              <Button onClick={usePasskey} pending={login.isPending} pendingLabel={t('auth.login.checking')}>
                <Fingerprint size={18} aria-hidden="true" />
                {t('auth.login.usePasskey')}
              </Button>
              {passkeyStep.totpAllowed ? (
                <Button variant="link" size="inline" onClick={() => setNeedsTotp(true)}>
                  {t('auth.login.useCode')}
                </Button>
              ) : null}
            </div>
          </div>
        ) : null}
        {needsTotp ? (
          <>
            <p className={authStyles.notice} role="status">
              {t('auth.login.totpNotice')}
            </p>
            <CodeField
              {...form.textField('totpCode')}
              pattern="[0-9]{6}"
              onCode={(code) => form.set('totpCode', code)}
            />
          </>
        ) : null}
        <div className={authStyles.inline}>
          <CheckboxField
            label={t('auth.login.rememberMe')}
            name="rememberMe"
            checked={rememberMe}
            onCheckedChange={setRememberMe}
          />
          <Link to="/forgot-password" className={authStyles.smallLink}>
            {t('auth.login.forgot')}
          </Link>
        </div>
        {passkeyStep && !needsTotp ? null : (
          <AuthSubmit
            icon={LogIn}
            label={needsTotp ? t('auth.login.verify') : t('auth.signIn')}
            pending={login.isPending}
            pendingLabel={t('auth.login.signingIn')}
          />
        )}
      </form>
      <PasskeySignIn />
    </AuthShell>
  );
}
