import { createFileRoute, Link, useRouter } from '@tanstack/react-router';
import { LogIn } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../components/Button.tsx';
import { CheckboxField } from '../components/CheckboxField.tsx';
import { toast } from '../components/toast/index.ts';
import { ApiError } from '../lib/api.ts';
import { AUTH_REDIRECT_MS, redirectIfSignedIn } from '../lib/routeGuards.ts';
import { type LoginValues, validateLogin } from '../lib/validation.ts';
import { homePathFor, type LoginInput, useLoginMutation } from '../queries/auth.queries.ts';
import { CodeField, EmailField, PasswordField } from '../ui/form/fields.tsx';
import { useForm } from '../ui/form/useForm.ts';
import { AuthShell, authStyles } from './-components/AuthShell.tsx';
import { PasskeySignIn } from './-components/PasskeySignIn.tsx';

export const Route = createFileRoute('/login')({
  beforeLoad: ({ context }) => redirectIfSignedIn(context.queryClient),
  component: LoginPage,
});

type Field = keyof LoginValues;
const FIELD_ORDER: Field[] = ['email', 'password', 'totpCode'];

function LoginPage() {
  const router = useRouter();
  const login = useLoginMutation();
  // Set once the API answers `totp_required`: the account has two-factor sign-in on.
  const [needsTotp, setNeedsTotp] = useState(false);
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

    login.mutate(input, {
      onSuccess: (user) => {
        toast({ title: 'Success', description: 'You have been logged in successfully.', variant: 'success' });
        window.setTimeout(() => {
          void router.navigate({ href: homePathFor(user) });
        }, AUTH_REDIRECT_MS);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401 && error.code?.startsWith('totp')) {
          if (!needsTotp) {
            setNeedsTotp(true);
            return;
          }
          form.showErrors({
            totpCode: 'That code did not work. Check your authenticator app and try again.',
          });
          return;
        }
        const description =
          error instanceof ApiError && error.status === 401
            ? 'Invalid email or password. Please try again.'
            : error.message || 'Failed to log in. Please try again.';
        toast({ title: 'Error', description, variant: 'destructive' });
      },
    });
  };

  return (
    <AuthShell
      title="Welcome back"
      subtitle="Sign in to manage your SAI balance and metal card."
      footer={
        <p>
          Don&apos;t have an account? <Link to="/register">Sign up</Link>
        </p>
      }
    >
      <form className={authStyles.form} onSubmit={onSubmit} noValidate aria-label="Sign in">
        <EmailField
          {...form.textField('email')}
          label="Email"
          autoComplete="username"
          placeholder="you@example.com"
        />
        <PasswordField {...form.textField('password')} label="Password" autoComplete="current-password" />
        {needsTotp ? (
          <>
            <p className={authStyles.notice} role="status">
              Two-factor sign-in is on for this account. Enter the 6-digit code from your authenticator app.
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
            label="Remember me"
            name="rememberMe"
            checked={rememberMe}
            onCheckedChange={setRememberMe}
          />
          <Link to="/forgot-password" className={authStyles.smallLink}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" fullWidth pending={login.isPending} pendingLabel="Signing in…">
          <LogIn size={18} aria-hidden="true" />
          {needsTotp ? 'Verify and sign in' : 'Sign in'}
        </Button>
      </form>
      <PasskeySignIn />
    </AuthShell>
  );
}
