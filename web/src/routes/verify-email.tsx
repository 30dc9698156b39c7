import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { KeyRound, MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../components/Button.tsx';
import { t } from '../i18n/i18n.ts';
import { ApiError, knownText } from '../lib/api.ts';
import { type FormErrors, MIN_PASSWORD, messages } from '../lib/validation.ts';
import { currentUserQuery } from '../queries/auth.queries.ts';
import { tokenFromFragment, useEmailVerifyMutation, useReclaimMutation } from '../queries/mail.queries.ts';
import { PasswordField } from '../ui/form/fields.tsx';
import { useForm } from '../ui/form/useForm.ts';
import { AuthShell, authStyles } from './-components/AuthShell.tsx';

export const Route = createFileRoute('/verify-email')({ component: VerifyEmailPage });

type ConfirmValues = { password: string };
type ReclaimValues = { newPassword: string; confirmPassword: string };

function validateConfirm(values: ConfirmValues): FormErrors<keyof ConfirmValues> {
  return values.password ? {} : { password: t('shell.api.reauthPassword') };
}

function validateReclaim(values: ReclaimValues): FormErrors<keyof ReclaimValues> {
  const errors: FormErrors<keyof ReclaimValues> = {};
  if (values.newPassword.length < MIN_PASSWORD) errors.newPassword = messages.password;
  if (values.confirmPassword !== values.newPassword) errors.confirmPassword = messages.passwordsMatch;
  return errors;
}

/**
 * The link mailed to a new registration's address: `/verify-email#token=…` (docs/security.md, "Account
 * recovery"). Nothing happens by opening it (a mail scanner following links spends nothing). "Confirm"
 * confirms the address of the account that registered; outside a session of that account the server asks
 * for its password, and the page then shows the field. "This is my address" is for the mailbox's owner
 * who did not register: a new password, and the account is theirs (whoever registered it is signed out).
 */
function VerifyEmailPage() {
  const [token] = useState(() => {
    const found = tokenFromFragment(window.location.hash);
    if (found) window.history.replaceState(null, '', window.location.pathname);
    return found;
  });
  const queryClient = useQueryClient();
  const signedIn = useQuery(currentUserQuery).data;
  const confirm = useEmailVerifyMutation();
  const reclaim = useReclaimMutation();
  const confirmForm = useForm<ConfirmValues>({ password: '' }, ['password'], { validate: validateConfirm });
  const reclaimForm = useForm<ReclaimValues>(
    { newPassword: '', confirmPassword: '' },
    ['newPassword', 'confirmPassword'],
    { validate: validateReclaim },
  );
  const [needsPassword, setNeedsPassword] = useState(false);
  const [done, setDone] = useState<{ text: string; reclaimed: boolean } | null>(null);
  const [problem, setProblem] = useState<string | null>(token ? null : t('auth.linkIncomplete'));

  const linkProblem = (error: Error) =>
    setProblem(
      error instanceof ApiError && error.fieldErrors?.token ? error.fieldErrors.token : error.message,
    );

  const onConfirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending || (needsPassword && !confirmForm.check())) return;
    confirm.mutate(needsPassword ? { token, password: confirmForm.values.password } : { token }, {
      onSuccess: (answer) => {
        setDone({ text: knownText(answer.message, ['auth.verify.done']), reclaimed: false });
        void queryClient.invalidateQueries();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'reauthentication_required') {
          setNeedsPassword(true);
          return;
        }
        if (error instanceof ApiError && needsPassword && (error.status === 401 || error.status === 429)) {
          confirmForm.showServerErrors({ password: error.message });
          return;
        }
        linkProblem(error);
      },
    });
  };

  const onReclaim = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reclaim.isPending || !reclaimForm.check()) return;
    reclaim.mutate(
      { token, ...reclaimForm.values },
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
          linkProblem(error);
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
      {done ? (
        <div className={authStyles.form}>
          <p className={authStyles.notice} role="status">
            {done.text}
          </p>
        </div>
      ) : problem ? (
        <div className={authStyles.form}>
          <p className={authStyles.notice} role="alert">
            {problem}
          </p>
        </div>
      ) : (
        <>
          <form
            className={authStyles.form}
            onSubmit={onConfirm}
            noValidate
            aria-label={t('auth.verify.title')}
          >
            {needsPassword && (
              <>
                <p className={authStyles.notice} role="status">
                  {t('auth.verify.passwordNeeded')}
                </p>
                <PasswordField
                  {...confirmForm.textField('password')}
                  label={t('auth.verify.password')}
                  autoComplete="current-password"
                />
              </>
            )}
            <Button
              type="submit"
              size="lg"
              fullWidth
              pending={confirm.isPending}
              pendingLabel={t('auth.verify.confirming')}
            >
              <MailCheck size={18} aria-hidden="true" />
              {t('auth.verify.submit')}
            </Button>
          </form>
          <form
            className={authStyles.form}
            onSubmit={onReclaim}
            noValidate
            aria-label={t('auth.verify.notMe')}
          >
            <h2 className={authStyles.notice}>{t('auth.verify.notMe')}</h2>
            <p>{t('auth.verify.notMeText')}</p>
            <PasswordField
              {...reclaimForm.textField('newPassword')}
              label={t('auth.verify.newPassword')}
              autoComplete="new-password"
              hint={t('auth.passwordHint', { min: MIN_PASSWORD })}
            />
            <PasswordField
              {...reclaimForm.textField('confirmPassword')}
              label={t('auth.verify.confirmPassword')}
              autoComplete="new-password"
            />
            <Button
              type="submit"
              variant="secondary"
              size="lg"
              fullWidth
              pending={reclaim.isPending}
              pendingLabel={t('auth.verify.reclaiming')}
            >
              <KeyRound size={18} aria-hidden="true" />
              {t('auth.verify.reclaim')}
            </Button>
          </form>
        </>
      )}
    </AuthShell>
  );
}
