import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { t } from '../i18n/i18n.ts';
import { ApiError, knownText } from '../lib/api.ts';
import { MIN_PASSWORD, type NewPasswordValues, validateNewPassword } from '../lib/validation.ts';
import { currentUserQuery } from '../queries/auth.queries.ts';
import { useEmailVerifyMutation, useReclaimMutation } from '../queries/mail.queries.ts';
import { NewPasswordFields } from '../ui/form/fields.tsx';
import { useForm } from '../ui/form/useForm.ts';
import { AuthShell, AuthSubmit, authStyles } from './-components/AuthShell.tsx';
import { LinkConfirmForm, LinkOutcome, useLinkConfirm } from './-components/MailedLink.tsx';

export const Route = createFileRoute('/verify-email')({ component: VerifyEmailPage });

/**
 * The link mailed to a new registration's address: `/verify-email#token=…` (docs/security.md, "Account
 * recovery"). Nothing happens by opening it (a mail scanner following links spends nothing). "Confirm"
 * confirms the address of the account that registered; outside a session of that account the server asks
 * for its password, and the page then shows the field. "This is my address" is for the mailbox's owner
 * who did not register: a new password, and the account is theirs (whoever registered it is signed out).
 */
function VerifyEmailPage() {
  const queryClient = useQueryClient();
  const signedIn = useQuery(currentUserQuery).data;
  const reclaim = useReclaimMutation();
  const reclaimForm = useForm<NewPasswordValues>(
    { newPassword: '', confirmPassword: '' },
    ['newPassword', 'confirmPassword'],
    { validate: validateNewPassword },
  );
  const [done, setDone] = useState<{ text: string; reclaimed: boolean } | null>(null);
  const confirm = useLinkConfirm(useEmailVerifyMutation(), (answer) =>
    setDone({ text: knownText(answer.message, ['auth.verify.done']), reclaimed: false }),
  );

  const onReclaim = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reclaim.isPending || !reclaimForm.check()) return;
    reclaim.mutate(
      { token: confirm.token, ...reclaimForm.values },
      {
        onSuccess: (answer) => {
          setDone({ text: knownText(answer.message, ['auth.verify.reclaimed']), reclaimed: true });
          void queryClient.invalidateQueries();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors && !error.fieldErrors.token) {
            reclaimForm.showServerErrors(error.fieldErrors);
            return;
          }
          confirm.linkProblem(error);
        },
      },
    );
  };

  return (
    <AuthShell
      title={t('auth.verify.title')}
      subtitle={t('auth.verify.subtitle')}
      footer={
        <p>
          {signedIn && !done?.reclaimed ? (
            <Link to="/dashboard">{t('auth.verify.dashboard')}</Link>
          ) : (
            <Link to="/login">{t('auth.signIn')}</Link>
          )}
        </p>
      }
    >
      <LinkOutcome done={done?.text ?? null} problem={confirm.problem}>
        <LinkConfirmForm confirm={confirm} section="verify" />
        <form className={authStyles.form} onSubmit={onReclaim} noValidate aria-label={t('auth.verify.notMe')}>
          <h2 className={authStyles.notice}>{t('auth.verify.notMe')}</h2>
          <p>{t('auth.verify.notMeText')}</p>
          <NewPasswordFields
            password={{
              ...reclaimForm.textField('newPassword'),
              label: t('auth.verify.newPassword'),
              hint: t('auth.passwordHint', { min: MIN_PASSWORD }),
            }}
            confirm={{
              ...reclaimForm.textField('confirmPassword'),
              label: t('auth.verify.confirmPassword'),
            }}
          />
          <AuthSubmit
            variant="secondary"
            icon={KeyRound}
            label={t('auth.verify.reclaim')}
            pending={reclaim.isPending}
            pendingLabel={t('auth.verify.reclaiming')}
          />
        </form>
      </LinkOutcome>
    </AuthShell>
  );
}
