import { createFileRoute, Link } from '@tanstack/react-router';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../components/Button.tsx';
import { toast } from '../components/toast/index.ts';
import { t } from '../i18n/i18n.ts';
import { ApiError, knownText } from '../lib/api.ts';
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
  const [linkError, setLinkError] = useState<string | null>(token ? null : t('auth.linkIncomplete'));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending || !form.check()) return;
    reset.mutate(
      { token, ...form.values },
      {
        onSuccess: (answer) => setDone(knownText(answer.message, ['auth.reset.done'])),
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors?.token) {
            setLinkError(error.fieldErrors.token);
            return;
          }
          if (error instanceof ApiError && error.fieldErrors) form.showServerErrors(error.fieldErrors);
          toast({
            title: t('auth.reset.couldNotReset'),
            description: error.message,
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <AuthShell
      title={t('auth.reset.title')}
      subtitle={t('auth.reset.subtitle')}
      footer={
        <p>
          <Link to="/login">{t('auth.reset.back')}</Link>
        </p>
      }
    >
      {done ? (
        <div className={authStyles.form}>
          <p className={authStyles.notice} role="status">
            {done}
          </p>
          <Link to="/login">{t('auth.signIn')}</Link>
        </div>
      ) : linkError ? (
        <div className={authStyles.form}>
          <p className={authStyles.notice} role="alert">
            {linkError}
          </p>
          <Link to="/forgot-password">{t('auth.reset.newLink')}</Link>
        </div>
      ) : (
        <form className={authStyles.form} onSubmit={onSubmit} noValidate aria-label={t('auth.reset.title')}>
          <PasswordField
            {...form.textField('newPassword')}
            label={t('auth.reset.newPassword')}
            autoComplete="new-password"
            hint={t('auth.passwordHint', { min: MIN_PASSWORD })}
          />
          <PasswordField
            {...form.textField('confirmPassword')}
            label={t('auth.reset.confirm')}
            autoComplete="new-password"
          />
          <Button
            type="submit"
            size="lg"
            fullWidth
            pending={reset.isPending}
            pendingLabel={t('auth.reset.saving')}
          >
            <KeyRound size={18} aria-hidden="true" />
            {t('auth.reset.submit')}
          </Button>
        </form>
      )}
    </AuthShell>
  );
}
