import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { t } from '../../../../i18n/i18n.ts';
import { ApiError } from '../../../../lib/api.ts';
import { formatAsset } from '../../../../lib/assets.ts';
import { type CryptoCurrency, WITHDRAWAL_PROMISE_HOURS } from '../../../../lib/constants.ts';
import { twoFactorQuery } from '../../../../queries/account.queries.ts';
import { CodeField, PasswordField } from '../../../../ui/form/fields.tsx';
import * as panel from '../../../../ui/panel/Panel.css.ts';
import { ReviewStep } from '../../../../ui/review/ReviewStep.tsx';

export interface WithdrawOrder {
  currency: CryptoCurrency;
  amount: string;
  address: string;
  chain: string;
  notes: string;
}

/** The proof a withdrawal carries: the authenticator code with 2FA on, else the password. */
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
 * The withdrawal's review (docs/product-rules.md rule 26): what leaves, on which network, to which address,
 * its fee (none) and when it arrives, then the proof the server asks for (docs/security.md,
 * "Re-authentication"). The server's refusal of the proof shows on its field; the form stays here.
 */
export function WithdrawReview({
  order,
  chainLabel,
  pending,
  notice,
  refusal,
  onEdit,
  onConfirm,
}: {
  order: WithdrawOrder;
  chainLabel: string;
  pending: boolean;
  /** The withdrawal's status while it waits for its outcome (lib/idempotency.ts). */
  notice?: string | undefined;
  /** The server's last refusal of the proof, if any. */
  refusal: ProofRefusal | null;
  onEdit: () => void;
  onConfirm: (proof: Proof) => void;
}) {
  const twoFactor = useQuery(twoFactorQuery);
  // The server knows best: its refusal names the proof it wants (2FA may have changed meanwhile).
  const method: Method = refusal?.method ?? (twoFactor.data?.enabled ? 'totp' : 'password');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement | null>(null);

  // A refused proof is cleared (a TOTP code works once anyway) and its message shown on the field.
  useEffect(() => {
    if (!refusal) return;
    setValue('');
    setError(refusal.message);
    input.current?.focus();
  }, [refusal]);

  const confirm = () => {
    if (method === 'totp' && !/^\d{6}$/.test(value)) {
      setError(t('dashboard.withdraw.codeMissing'));
      input.current?.focus();
      return;
    }
    if (method === 'password' && value === '') {
      setError(t('dashboard.withdraw.passwordMissing'));
      input.current?.focus();
      return;
    }
    onConfirm(method === 'totp' ? { totpCode: value } : { password: value });
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
  return (
    <ReviewStep
      title={t('dashboard.withdraw.review')}
      rows={[
        {
          label: t('dashboard.review.amount'),
          value: `${formatAsset(order.amount, order.currency)} ${order.currency}`,
        },
        { label: t('dashboard.review.fee'), value: t('dashboard.withdraw.noFee') },
        { label: t('dashboard.review.network'), value: chainLabel },
        { label: t('dashboard.review.address'), value: <code>{order.address}</code> },
        ...(order.notes ? [{ label: t('dashboard.review.notes'), value: order.notes }] : []),
        {
          label: t('dashboard.review.arrives'),
          value: t('dashboard.withdraw.within', { hours: WITHDRAWAL_PROMISE_HOURS }),
        },
      ]}
      confirmLabel={t('dashboard.withdraw.confirm')}
      pendingLabel={t('dashboard.requesting')}
      pending={pending}
      notice={notice}
      onEdit={onEdit}
      onConfirm={confirm}
    >
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
    </ReviewStep>
  );
}
