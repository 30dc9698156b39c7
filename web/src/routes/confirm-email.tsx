import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../components/Button.tsx';
import { ApiError } from '../lib/api.ts';
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
  const [problem, setProblem] = useState<string | null>(token ? null : 'This link is incomplete.');

  const onConfirm = () => {
    confirm.mutate(
      { token },
      {
        onSuccess: (answer) => {
          setDone(`${answer.message} Your address is now ${answer.email}.`);
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
      title="Confirm your new e-mail address"
      subtitle="Once confirmed, you sign in with the new address; the old one no longer works."
      footer={
        <p>
          <Link to="/profile" search={{ tab: 'security' }}>
            Back to your profile
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
            pendingLabel="Confirming…"
          >
            <MailCheck size={18} aria-hidden="true" />
            Confirm new address
          </Button>
        )}
      </div>
    </AuthShell>
  );
}
