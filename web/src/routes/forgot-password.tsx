import { createFileRoute, Link } from '@tanstack/react-router';
import { Mail } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/ui/Button/Button.tsx';
import { toastFailure } from '@/ui/toast/index.ts';
import { t } from '../i18n/i18n.ts';
import { ApiError, knownText } from '../lib/api.ts';
import { isEmail, messages } from '../lib/validation.ts';
import { type MailRequestAnswer, usePasswordResetRequestMutation } from '../queries/mail.queries.ts';
import { useForm } from '../ui/form/useForm.ts';
import { AuthEmailField, AuthNotice, AuthShell, AuthSubmit, authStyles } from './-components/AuthShell.tsx';
import { DevOutbox } from './-components/DevOutbox.tsx';

export const Route = createFileRoute('/forgot-password')({ component: ForgotPasswordPage });

/** "Forgot password?": a one-time link by mail (docs/architecture/security.md, "Password reset"). */
function ForgotPasswordPage() {
  const request = usePasswordResetRequestMutation();
  const form = useForm({ email: '' }, ['email'], {
    validate: (values) => (isEmail(values.email.trim()) ? {} : { email: messages.email }),
  });
  const [sent, setSent] = useState<(MailRequestAnswer & { to: string }) | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending || !form.check()) return;
    const email = form.values.email.trim();
    request.mutate(
      { email },
      {
        onSuccess: (answer) => setSent({ ...answer, to: email }),
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors) form.showServerErrors(error.fieldErrors);
          toastFailure(t('auth.forgot.couldNotSend'), error);
        },
      },
    );
  };

  return (
    <AuthShell
      title={t('auth.forgot.title')}
      subtitle={t('auth.forgot.subtitle')}
      footer={
        <p>
          {t('auth.forgot.remembered')} <Link to="/login">{t('auth.signIn')}</Link>
        </p>
      }
    >
      {sent ? (
        <AuthNotice role="status" text={knownText(sent.message, ['auth.forgot.sent'])}>
          {sent.devOutbox ? <DevOutbox to={sent.to} /> : null}
          <Button type="button" variant="link" onClick={() => setSent(null)}>
            {t('auth.forgot.another')}
          </Button>
        </AuthNotice>
      ) : (
        <form className={authStyles.form} onSubmit={onSubmit} noValidate aria-label={t('auth.forgot.form')}>
          <AuthEmailField {...form.textField('email')} />
          <AuthSubmit
            icon={Mail}
            label={t('auth.forgot.send')}
            pending={request.isPending}
            pendingLabel={t('auth.forgot.sending')}
          />
        </form>
      )}
    </AuthShell>
  );
}
