import { type UseMutationResult, useQueryClient } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { t } from '@/i18n/i18n.ts';
import { ApiError } from '@/lib/api.ts';
import type { FormErrors } from '@/lib/validation.ts';
import { tokenFromFragment } from '@/queries/mail.queries.ts';
import { PasswordField } from '@/ui/form/fields.tsx';
import { useForm } from '@/ui/form/useForm.ts';
import { AuthNotice, AuthSubmit, authStyles } from './AuthShell.tsx';

/**
 * The token of a mailed link's page (`…#token=…`), read once; it is then dropped from the address bar so
 * it does not linger in the history or get shared with the page's address.
 */
export function useFragmentToken(): string {
  const [token] = useState(() => {
    const found = tokenFromFragment(window.location.hash);
    if (found) window.history.replaceState(null, '', window.location.pathname);
    return found;
  });
  return token;
}

/** Why the link cannot be used, if it cannot: from the start when the page was opened without its token. */
export function useLinkProblem(token: string) {
  return useState<string | null>(token ? null : t('auth.linkIncomplete'));
}

interface LinkOutcomeProps {
  done: string | null;
  problem: string | null;
  /** Under the notice of what was done, and under the link's problem. */
  afterDone?: ReactNode;
  afterProblem?: ReactNode;
  /** The page's form, while the link is still to be used. */
  children: ReactNode;
}

/** A mailed link's page: what was done, else why the link cannot be used, else its form. */
export function LinkOutcome({ done, problem, afterDone, afterProblem, children }: LinkOutcomeProps) {
  if (done)
    return (
      <AuthNotice role="status" text={done}>
        {afterDone}
      </AuthNotice>
    );
  if (problem)
    return (
      <AuthNotice role="alert" text={problem}>
        {afterProblem}
      </AuthNotice>
    );
  return children;
}

/** Why a mailed link cannot be used: the server's word on the token, or else its message. */
function linkProblemText(error: Error): string {
  return error instanceof ApiError && error.fieldErrors?.token ? error.fieldErrors.token : error.message;
}

type ConfirmValues = { password: string };

function validateConfirm(values: ConfirmValues): FormErrors<keyof ConfirmValues> {
  return values.password ? {} : { password: t('shell.api.reauthPassword') };
}

type ConfirmMutation<Answer> = UseMutationResult<Answer, Error, { token: string; password?: string }>;

/**
 * The "Confirm" of a mailed link (a new address, a new registration), with the link's token and its
 * `problem`. Away from a session of the account the server asks for its password (docs/security.md
 * "Account recovery"): the form then shows the field and sends it with the token. A wrong password, or too
 * many tries, stays on the field and the link stays usable; any other refusal is the link's problem.
 */
export function useLinkConfirm<Answer>(confirm: ConfirmMutation<Answer>, onDone: (answer: Answer) => void) {
  const token = useFragmentToken();
  const [problem, setProblem] = useLinkProblem(token);
  const linkProblem = (error: Error) => setProblem(linkProblemText(error));
  const queryClient = useQueryClient();
  const form = useForm<ConfirmValues>({ password: '' }, ['password'], { validate: validateConfirm });
  const [needsPassword, setNeedsPassword] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending || (needsPassword && !form.check())) return;
    confirm.mutate(needsPassword ? { token, password: form.values.password } : { token }, {
      onSuccess: (answer) => {
        onDone(answer);
        // The account changed (its address, its state): what the screens hold is asked again.
        void queryClient.invalidateQueries();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'reauthentication_required') {
          setNeedsPassword(true);
          return;
        }
        if (error instanceof ApiError && needsPassword && (error.status === 401 || error.status === 429)) {
          form.showServerErrors({ password: error.message });
          return;
        }
        linkProblem(error);
      },
    });
  };

  return { token, problem, linkProblem, form, needsPassword, onSubmit, pending: confirm.isPending };
}

interface LinkConfirmFormProps {
  confirm: ReturnType<typeof useLinkConfirm>;
  /** Whose texts: the new address's page (`auth.confirm.*`) or the new registration's (`auth.verify.*`). */
  section: 'confirm' | 'verify';
}

/** The form of `useLinkConfirm`: the button, and the password field once the server asks for it. */
export function LinkConfirmForm({ confirm, section }: LinkConfirmFormProps) {
  return (
    <form
      className={authStyles.form}
      onSubmit={confirm.onSubmit}
      noValidate
      aria-label={t(`auth.${section}.title`)}
    >
      {confirm.needsPassword && (
        <>
          <p className={authStyles.notice} role="status">
            {t(`auth.${section}.passwordNeeded`)}
          </p>
          <PasswordField
            {...confirm.form.textField('password')}
            label={t(`auth.${section}.password`)}
            autoComplete="current-password"
          />
        </>
      )}
      <AuthSubmit
        icon={MailCheck}
        label={t(`auth.${section}.submit`)}
        pending={confirm.pending}
        pendingLabel={t(`auth.${section}.confirming`)}
      />
    </form>
  );
}
