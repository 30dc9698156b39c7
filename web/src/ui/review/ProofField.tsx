import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { t } from '@/i18n/i18n.ts';
import { ApiError } from '@/lib/api.ts';
import { twoFactorQuery } from '@/queries/account.queries.ts';
import { CodeField, PasswordField } from '@/ui/form/fields.tsx';
import * as panel from '@/ui/panel/Panel.css.ts';

/** The proof a money command carries when the server asks: the authenticator code with 2FA on, else the password. */
export type Proof = { totpCode: string } | { password: string };
type Method = 'totp' | 'password';

/** A refusal of the proof the review shows on its field: which proof it is about, if it says, and why. */
export interface ProofRefusal {
  method?: Method;
  message: string;
}

/**
 * A re-authentication refusal (401, api/http/reauth.ts), or too many guesses (429): the review stays
 * open and shows it on the proof's field. Anything else is not about the proof.
 */
export function reauthenticationRefusal(error: unknown): ProofRefusal | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 429) return { message: error.message };
  if (error.status !== 401 || !error.code?.startsWith('reauthentication')) return null;
  if (error.fieldErrors?.totpCode) return { method: 'totp', message: error.message };
  if (error.fieldErrors?.password) return { method: 'password', message: error.message };
  return { message: error.message };
}

/**
 * The proof's field of a review (docs/security.md, "Re-authentication" and "Step-up for transfers"): the
 * code or the password, whichever the server's refusal names (2FA may have changed meanwhile), else what
 * the account has. `read` checks it is filled in and gives the proof, or shows why not and gives null.
 * The server's refusal clears the field (a TOTP code works once anyway) and shows its message there.
 */
export function useProofField(refusal: ProofRefusal | null, pending: boolean, lead?: string) {
  const twoFactor = useQuery(twoFactorQuery);
  const method: Method = refusal?.method ?? (twoFactor.data?.enabled ? 'totp' : 'password');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement | null>(null);

  useEffect(() => {
    if (!refusal) return;
    setValue('');
    setError(refusal.message);
    input.current?.focus();
  }, [refusal]);

  const read = (): Proof | null => {
    if (method === 'totp' && !/^\d{6}$/.test(value)) {
      setError(t('dashboard.withdraw.codeMissing'));
      input.current?.focus();
      return null;
    }
    if (method === 'password' && value === '') {
      setError(t('dashboard.withdraw.passwordMissing'));
      input.current?.focus();
      return null;
    }
    return method === 'totp' ? { totpCode: value } : { password: value };
  };

  const field = {
    ref: input,
    name: method === 'totp' ? 'totpCode' : 'password',
    value,
    error,
    // Read-only rather than disabled while the request runs, so a refusal can focus it at once.
    readOnly: pending,
    disabled: twoFactor.isPending,
  };
  const element = (
    <>
      {lead ? <p className={panel.subtitle}>{lead}</p> : null}
      <p className={panel.subtitle}>
        {method === 'totp'
          ? t('dashboard.withdraw.confirmWithCode')
          : t('dashboard.withdraw.confirmWithPassword')}
      </p>
      {method === 'totp' ? (
        <CodeField
          {...field}
          pattern="[0-9]{6}"
          onCode={(code) => {
            setValue(code);
            setError(undefined);
          }}
        />
      ) : (
        <PasswordField
          {...field}
          label={t('dashboard.withdraw.password')}
          autoComplete="current-password"
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
          }}
        />
      )}
    </>
  );
  return { element, read };
}

/**
 * A transfer review's proof, asked only once the server wants one (docs/security.md, "Step-up for
 * transfers"): `given` is what Confirm sends with the command (nothing until asked; null while the field
 * is not filled in), `refused` takes an error and says whether it was about the proof (the review stays,
 * the message on the field), `clear` forgets the request, `element` is the field, once asked.
 */
export function useAskedProof(pending: boolean, lead: string) {
  const [refusal, setRefusal] = useState<ProofRefusal | null>(null);
  const proof = useProofField(refusal, pending, lead);
  return {
    given: (): Proof | Record<string, never> | null => (refusal ? proof.read() : {}),
    refused: (error: unknown): boolean => {
      const refused = reauthenticationRefusal(error);
      setRefusal(refused);
      return refused !== null;
    },
    clear: () => setRefusal(null),
    element: refusal ? proof.element : null,
  };
}
