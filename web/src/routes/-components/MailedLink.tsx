import type { UseMutationResult } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { t } from '@/i18n/i18n.ts';
import { ApiError } from '@/lib/api.ts';
import type { FormErrors } from '@/lib/validation.ts';
import { tokenFromFragment } from '@/queries/mail.queries.ts';
import { PasswordField } from '@/ui/form/fields.tsx';
import { useForm } from '@/ui/form/useForm.ts';
import { AuthSubmit, authStyles } from './AuthShell.tsx';

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

/** Why a mailed link cannot be used: the server's word on the token, or else its message. */
export function linkProblemText(error: Error): string {
  return error instanceof ApiError && error.fieldErrors?.token ? error.fieldErrors.token : error.message;
}

type ConfirmValues = { password: string };

function validateConfirm(values: ConfirmValues): FormErrors<keyof ConfirmValues> {
  return values.password ? {} : { password: t('shell.api.reauthPassword') };
}

type ConfirmMutation<Answer> = UseMutationResult<Answer, Error, { token: string; password?: string }>;

/**
 * The "Confirm" of a mailed link (a new address, a new registration). Away from a session of the account
 * the server asks for its password (docs/security.md "Account recovery"): the form then shows the field
 * and sends it with the token. A wrong password, or too many tries, stays on the field and the link stays
 * usable; any other refusal is the link's problem.
 */
export function useLinkConfirm<Answer>(
  token: string,
  confirm: ConfirmMutation<Answer>,
  { onDone, onLinkProblem }: { onDone: (answer: Answer) => void; onLinkProblem: (error: Error) => void },
) {
  const form = useForm<ConfirmValues>({ password: '' }, ['password'], { validate: validateConfirm });
  const [needsPassword, setNeedsPassword] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending || (needsPassword && !form.check())) return;
    confirm.mutate(needsPassword ? { token, password: form.values.password } : { token }, {
      onSuccess: onDone,
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'reauthentication_required') {
          setNeedsPassword(true);
          return;
        }
        if (error instanceof ApiError && needsPassword && (error.status === 401 || error.status === 429)) {
          form.showServerErrors({ password: error.message });
          return;
        }
        onLinkProblem(error);
      },
    });
  };

  return { form, needsPassword, onSubmit, pending: confirm.isPending };
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
