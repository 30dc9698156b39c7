import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../components/Button.tsx';
import { t } from '../i18n/i18n.ts';
import { ApiError, knownText } from '../lib/api.ts';
import type { FormErrors } from '../lib/validation.ts';
import { tokenFromFragment, useEmailConfirmMutation } from '../queries/mail.queries.ts';
import { PasswordField } from '../ui/form/fields.tsx';
import { useForm } from '../ui/form/useForm.ts';
import { AuthShell, authStyles } from './-components/AuthShell.tsx';

export const Route = createFileRoute('/confirm-email')({ component: ConfirmEmailPage });

type Values = { password: string };
const ORDER: (keyof Values)[] = ['password'];

function validate(values: Values): FormErrors<keyof Values> {
  return values.password ? {} : { password: t('shell.api.reauthPassword') };
}

/**
 * The link mailed to a new address: `/confirm-email#token=…`. The change is made by the button, not by
 * opening the page, so a mail scanner that follows links cannot spend it. Away from the session that
 * asked for the change (another browser, signed out), the server asks for the account's password too
 * (docs/security.md "Account recovery"): the page then shows the field and sends it with the token.
 */
function ConfirmEmailPage() {
  const [token] = useState(() => {
    const found = tokenFromFragment(window.location.hash);
    if (found) window.history.replaceState(null, '', window.location.pathname);
    return found;
  });
  const queryClient = useQueryClient();
  const confirm = useEmailConfirmMutation();
  const form = useForm<Values>({ password: '' }, ORDER, { validate });
  const [needsPassword, setNeedsPassword] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(token ? null : t('auth.linkIncomplete'));

  const onConfirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending || (needsPassword && !form.check())) return;
    confirm.mutate(needsPassword ? { token, password: form.values.password } : { token }, {
      onSuccess: (answer) => {
        setDone(
          `${knownText(answer.message, ['auth.confirm.done'])} ${t('auth.confirm.address', { email: answer.email })}`,
        );
        void queryClient.invalidateQueries();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'reauthentication_required') {
          setNeedsPassword(true);
          return;
        }
        // A wrong password, or too many tries: on the field, and the link stays usable.
        if (error instanceof ApiError && needsPassword && (error.status === 401 || error.status === 429)) {
          form.showServerErrors({ password: error.message });
          return;
        }
        setProblem(
          error instanceof ApiError && error.fieldErrors?.token ? error.fieldErrors.token : error.message,
        );
      },
    });
  };

  return (
    <AuthShell
      title={t('auth.confirm.title')}
      subtitle={t('auth.confirm.subtitle')}
      footer={
        <p>
          <Link to="/profile" search={{ tab: 'security' }}>
            {t('auth.confirm.back')}
          </Link>
        </p>
      }
    >
      {done ? (
        <div className={authStyles.form}>
          <p className={authStyles.notice} role="status">
            {done}
          </p>
        </div>
      ) : problem ? (
        <div className={authStyles.form}>
          <p className={authStyles.notice} role="alert">
            {problem}
          </p>
        </div>
      ) : (
        <form
          className={authStyles.form}
          onSubmit={onConfirm}
          noValidate
          aria-label={t('auth.confirm.title')}
        >
          {needsPassword && (
            <>
              <p className={authStyles.notice} role="status">
                {t('auth.confirm.passwordNeeded')}
              </p>
              <PasswordField
                {...form.textField('password')}
                label={t('auth.confirm.password')}
                autoComplete="current-password"
              />
            </>
          )}
          <Button
            type="submit"
            size="lg"
            fullWidth
            pending={confirm.isPending}
            pendingLabel={t('auth.confirm.confirming')}
          >
            <MailCheck size={18} aria-hidden="true" />
            {t('auth.confirm.submit')}
          </Button>
        </form>
      )}
    </AuthShell>
  );
}
