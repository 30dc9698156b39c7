import { createFileRoute, Link } from '@tanstack/react-router';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../components/Button.tsx';
import { toast } from '../components/toast/index.ts';
import { ApiError } from '../lib/api.ts';
import { type FormErrors, MIN_PASSWORD, messages } from '../lib/validation.ts';
import { tokenFromFragment, usePasswordResetMutation } from '../queries/mail.queries.ts';
import { PasswordField } from '../ui/form/fields.tsx';
import { useForm } from '../ui/form/useForm.ts';
import { AuthShell, authStyles } from './-components/AuthShell.tsx';

export const Route = createFileRoute('/reset-password')({ component: ResetPasswordPage });

type Values = { newPassword: string; confirmPassword: string };
const ORDER: (keyof Values)[] = ['newPassword', 'confirmPassword'];

function validate(values: Values): FormErrors<keyof Values> {
  const errors: FormErrors<keyof Values> = {};
  if (values.newPassword.length < MIN_PASSWORD) errors.newPassword = messages.password;
  if (values.confirmPassword !== values.newPassword) errors.confirmPassword = messages.passwordsMatch;
  return errors;
}

/** The mailed link's page: `/reset-password#token=…`; the token is taken from the fragment, then dropped from the address bar. */
function ResetPasswordPage() {
  const [token] = useState(() => {
    const found = tokenFromFragment(window.location.hash);
    if (found) window.history.replaceState(null, '', window.location.pathname);
    return found;
  });
  const reset = usePasswordResetMutation();
  const form = useForm<Values>({ newPassword: '', confirmPassword: '' }, ORDER, { validate });
  const [done, setDone] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(token ? null : 'This link is incomplete.');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending || !form.check()) return;
    reset.mutate(
      { token, ...form.values },
      {
        onSuccess: (answer) => setDone(answer.message),
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors?.token) {
            setLinkError(error.fieldErrors.token);
            return;
          }
          if (error instanceof ApiError && error.fieldErrors) form.showServerErrors(error.fieldErrors);
          toast({
            title: 'Could not reset the password',
            description: error.message,
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <AuthShell
      title="Choose a new password"
      subtitle="The new password signs you in from now on; every device signed in to your account is signed out."
      footer={
        <p>
          <Link to="/login">Back to sign in</Link>
        </p>
      }
    >
      {done ? (
        <div className={authStyles.form}>
          <p className={authStyles.notice} role="status">
            {done}
          </p>
          <Link to="/login">Sign in</Link>
        </div>
      ) : linkError ? (
        <div className={authStyles.form}>
          <p className={authStyles.notice} role="alert">
            {linkError}
          </p>
          <Link to="/forgot-password">Send a new link</Link>
        </div>
      ) : (
        <form className={authStyles.form} onSubmit={onSubmit} noValidate aria-label="Choose a new password">
          <PasswordField
            {...form.textField('newPassword')}
            label="New password"
            autoComplete="new-password"
            hint={`At least ${MIN_PASSWORD} characters.`}
          />
          <PasswordField
            {...form.textField('confirmPassword')}
            label="Confirm new password"
            autoComplete="new-password"
          />
          <Button type="submit" size="lg" fullWidth pending={reset.isPending} pendingLabel="Saving…">
            <KeyRound size={18} aria-hidden="true" />
            Set new password
          </Button>
        </form>
      )}
    </AuthShell>
  );
}
