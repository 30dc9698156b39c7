import { createFileRoute, Link } from '@tanstack/react-router';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toastFailure } from '@/ui/toast/index.ts';
import { t } from '../i18n/i18n.ts';
import { ApiError, knownText } from '../lib/api.ts';
import { MIN_PASSWORD, type NewPasswordValues, validateNewPassword } from '../lib/validation.ts';
import { usePasswordResetMutation } from '../queries/mail.queries.ts';
import { NewPasswordFields } from '../ui/form/fields.tsx';
import { useForm } from '../ui/form/useForm.ts';
import { AuthShell, AuthSubmit, authStyles } from './-components/AuthShell.tsx';
import { LinkOutcome, useFragmentToken, useLinkProblem } from './-components/MailedLink.tsx';

export const Route = createFileRoute('/reset-password')({ component: ResetPasswordPage });

const ORDER: (keyof NewPasswordValues)[] = ['newPassword', 'confirmPassword'];

/** The mailed link's page: `/reset-password#token=…`; the token is taken from the fragment, then dropped from the address bar. */
function ResetPasswordPage() {
  const token = useFragmentToken();
  const reset = usePasswordResetMutation();
  const form = useForm<NewPasswordValues>({ newPassword: '', confirmPassword: '' }, ORDER, {
    validate: validateNewPassword,
  });
  const [done, setDone] = useState<string | null>(null);
  const [linkError, setLinkError] = useLinkProblem(token);

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
          toastFailure(t('auth.reset.couldNotReset'), error);
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
      <LinkOutcome
        done={done}
        problem={linkError}
        afterDone={<Link to="/login">{t('auth.signIn')}</Link>}
        afterProblem={<Link to="/forgot-password">{t('auth.reset.newLink')}</Link>}
      >
        <form className={authStyles.form} onSubmit={onSubmit} noValidate aria-label={t('auth.reset.title')}>
          <NewPasswordFields
            password={{
              ...form.textField('newPassword'),
              label: t('auth.reset.newPassword'),
              hint: t('auth.passwordHint', { min: MIN_PASSWORD }),
            }}
            confirm={{ ...form.textField('confirmPassword'), label: t('auth.reset.confirm') }}
          />
          <AuthSubmit
            icon={KeyRound}
            label={t('auth.reset.submit')}
            pending={reset.isPending}
            pendingLabel={t('auth.reset.saving')}
          />
        </form>
      </LinkOutcome>
    </AuthShell>
  );
}
