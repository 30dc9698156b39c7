import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../components/Button.tsx';
import { t } from '../i18n/i18n.ts';
import { ApiError, knownText } from '../lib/api.ts';
import { tokenFromFragment, useEmailConfirmMutation } from '../queries/mail.queries.ts';
import { AuthShell, authStyles } from './-components/AuthShell.tsx';

export const Route = createFileRoute('/confirm-email')({ component: ConfirmEmailPage });

/**
 * The link mailed to a new address: `/confirm-email#token=…`. The change is made by the button, not by
 * opening the page, so a mail scanner that follows links cannot spend it.
 */
function ConfirmEmailPage() {
  const [token] = useState(() => {
    const found = tokenFromFragment(window.location.hash);
    if (found) window.history.replaceState(null, '', window.location.pathname);
    return found;
  });
  const queryClient = useQueryClient();
  const confirm = useEmailConfirmMutation();
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(token ? null : t('auth.linkIncomplete'));

  const onConfirm = () => {
    confirm.mutate(
      { token },
      {
        onSuccess: (answer) => {
          setDone(
            `${knownText(answer.message, ['auth.confirm.done'])} ${t('auth.confirm.address', { email: answer.email })}`,
          );
          void queryClient.invalidateQueries();
        },
        onError: (error) =>
          setProblem(
            error instanceof ApiError && error.fieldErrors?.token ? error.fieldErrors.token : error.message,
          ),
      },
    );
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
      <div className={authStyles.form}>
        {done ? (
          <p className={authStyles.notice} role="status">
            {done}
          </p>
        ) : problem ? (
          <p className={authStyles.notice} role="alert">
            {problem}
          </p>
        ) : (
          <Button
            type="button"
            size="lg"
            fullWidth
            onClick={onConfirm}
            pending={confirm.isPending}
            pendingLabel={t('auth.confirm.confirming')}
          >
            <MailCheck size={18} aria-hidden="true" />
            {t('auth.confirm.submit')}
          </Button>
        )}
      </div>
    </AuthShell>
  );
}
