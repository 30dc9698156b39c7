import { useQuery } from '@tanstack/react-query';
import { KeyRound, ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { t } from '@/i18n/i18n.ts';
import { ApiError } from '@/lib/api.ts';
import { type FormErrors, MIN_PASSWORD, messages, validateNewPassword } from '@/lib/validation.ts';
import {
  type PasswordChangeInput,
  type TwoFactorSetup,
  twoFactorQuery,
  useChangePasswordMutation,
  useSetUpTwoFactorMutation,
  useTwoFactorMutation,
} from '@/queries/account.queries.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import { Button } from '@/ui/Button/Button.tsx';
import { CodeField, NewPasswordFields, PasswordField } from '@/ui/form/fields.tsx';
import { PanelForm } from '@/ui/form/PanelForm.tsx';
import { useForm } from '@/ui/form/useForm.ts';
import * as panel from '@/ui/panel/Panel.css.ts';
import { Panel } from '@/ui/panel/Panel.tsx';
import { StatusBadge } from '@/ui/panel/StatusBadge.tsx';
import { PanelError } from '@/ui/query/QueryState.tsx';
import { toast, toastFailure } from '@/ui/toast/index.ts';
import { EmailChangePanel } from './EmailChangePanel.tsx';
import { PasskeysPanel } from './PasskeysPanel.tsx';
import * as styles from './Profile.css.ts';
import { SessionsPanel } from './SessionsPanel.tsx';

type PasswordName = keyof PasswordChangeInput;
const EMPTY_PASSWORDS: PasswordChangeInput = { currentPassword: '', newPassword: '', confirmPassword: '' };
const PASSWORD_ORDER: PasswordName[] = ['currentPassword', 'newPassword', 'confirmPassword'];

export function validatePasswordChange(values: PasswordChangeInput): FormErrors<PasswordName> {
  const errors: FormErrors<PasswordName> = validateNewPassword(values);
  if (values.currentPassword.length === 0) errors.currentPassword = t('profile.password.enterCurrent');
  return errors;
}

/** Security (docs/product-rules.md spec 2; docs/product-rules.md rules 5 and 13): Update Password, and TOTP two-factor sign-in. */
export function SecuritySettings() {
  return (
    <>
      <PasswordForm />
      <TwoFactorSettings />
      <PasskeysPanel />
      <EmailChangePanel />
      <SessionsPanel />
    </>
  );
}

function PasswordForm() {
  const change = useChangePasswordMutation();
  const form = useForm(EMPTY_PASSWORDS, PASSWORD_ORDER);
  const { values } = form;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    if (!form.check(validatePasswordChange(values))) return;
    change.mutate(values, {
      onSuccess: () => {
        form.reset();
        toast({
          title: t('profile.password.updated'),
          description: t('profile.password.updatedDetail'),
          variant: 'success',
        });
      },
      onError: (error) => {
        // By its code: the message is in the reader's language (lib/refusals.ts).
        if (error instanceof ApiError && error.code === 'password_incorrect')
          form.setErrors({ currentPassword: error.message });
        else if (error instanceof ApiError && error.fieldErrors) form.setErrors(error.fieldErrors);
        toastFailure(t('profile.password.failed'), error);
      },
    });
  };

  return (
    <Panel icon={KeyRound} titleId="password-title" title={t('profile.password.title')}>
      <PanelForm label={t('profile.password.form')} onSubmit={onSubmit}>
        <PasswordField
          {...form.textField('currentPassword')}
          label={t('profile.password.current')}
          autoComplete="current-password"
        />
        <div className={styles.twoColumns}>
          <NewPasswordFields
            password={{
              ...form.textField('newPassword'),
              label: t('profile.password.new'),
              hint: t('profile.password.newHint', { count: MIN_PASSWORD }),
            }}
            confirm={{ ...form.textField('confirmPassword'), label: t('profile.password.confirm') }}
          />
        </div>
        <div className={styles.formActions}>
          <Button type="submit" pending={change.isPending} pendingLabel={t('profile.password.updating')}>
            {t('profile.password.submit')}
          </Button>
        </div>
      </PanelForm>
    </Panel>
  );
}

const CODE = /^\d{6}$/;

function TwoFactorSettings() {
  const status = useQuery(twoFactorQuery);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  // Enrolling an authenticator changes how one signs in: the password first (docs/security.md "Step-up").
  const [confirming, setConfirming] = useState(false);

  return (
    <Panel
      icon={ShieldCheck}
      titleId="two-factor-title"
      title={t('profile.twoFactor.title')}
      aside={
        status.data ? (
          <StatusBadge
            status={status.data.enabled ? 'active' : 'off'}
            label={status.data.enabled ? t('profile.twoFactor.on') : t('profile.twoFactor.off')}
          />
        ) : null
      }
    >
      <p className={panel.subtitle}>{t('profile.twoFactor.intro')}</p>
      {status.isPending ? (
        <div className={panel.skeletonRow} aria-busy="true">
          <span className={visuallyHidden}>{t('profile.loading')}</span>
        </div>
      ) : status.isError ? (
        <PanelError onRetry={() => status.refetch()}>{t('profile.twoFactor.loadFailed')}</PanelError>
      ) : status.data.enabled ? (
        <CodeForm
          enable={false}
          label={t('profile.twoFactor.disable')}
          hint={t('profile.twoFactor.disableHint')}
          onDone={() => setSetup(null)}
        />
      ) : setup ? (
        <div className={styles.qrBlock}>
          <p>{t('profile.twoFactor.scan')}</p>
          <img
            src={setup.qrCodeDataUrl}
            alt={t('profile.twoFactor.qrAlt')}
            width={200}
            height={200}
            className={styles.qrImage}
          />
          <code className={styles.uri} data-testid="otpauth-uri">
            {setup.otpauthUri}
          </code>
          <CodeForm
            enable
            label={t('profile.twoFactor.confirm')}
            hint={t('profile.twoFactor.confirmHint')}
            onDone={() => setSetup(null)}
            onCancel={() => setSetup(null)}
          />
        </div>
      ) : confirming ? (
        <StartForm
          onStarted={(started) => {
            setConfirming(false);
            setSetup(started);
          }}
          onCancel={() => setConfirming(false)}
        />
      ) : (
        <div>
          <Button icon={ShieldCheck} onClick={() => setConfirming(true)}>
            {t('profile.twoFactor.enable')}
          </Button>
        </div>
      )}
    </Panel>
  );
}

/** The password, then the new secret (the enrolment's first step). */
function StartForm({
  onStarted,
  onCancel,
}: {
  onStarted: (setup: TwoFactorSetup) => void;
  onCancel: () => void;
}) {
  const setUp = useSetUpTwoFactorMutation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (setUp.isPending) return;
    if (password === '') {
      setError(t('profile.passkeys.enterPassword'));
      return;
    }
    setUp.mutate(
      { password },
      {
        onSuccess: onStarted,
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 401) setError(failure.message);
          else toastFailure(t('profile.twoFactor.startFailed'), failure);
        },
      },
    );
  };

  return (
    <PanelForm label={t('profile.twoFactor.enable')} onSubmit={onSubmit}>
      <PasswordField
        name="two-factor-password"
        label={t('profile.passkeys.password')}
        autoComplete="current-password"
        value={password}
        error={error}
        hint={t('profile.passkeys.passwordHint')}
        onChange={(event) => {
          setPassword(event.target.value);
          setError(undefined);
        }}
      />
      <div className={styles.formActions}>
        <Button variant="ghost" onClick={onCancel} disabled={setUp.isPending}>
          {t('profile.cancel')}
        </Button>
        <Button type="submit" pending={setUp.isPending} pendingLabel={t('profile.preparing')}>
          {t('profile.twoFactor.enable')}
        </Button>
      </div>
    </PanelForm>
  );
}

function CodeForm({
  enable,
  label,
  hint,
  onDone,
  onCancel,
}: {
  enable: boolean;
  label: string;
  hint: string;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const mutation = useTwoFactorMutation();
  const form = useForm({ code: '' }, ['code']);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const trimmed = form.values.code.trim();
    if (!form.check(CODE.test(trimmed) ? {} : { code: messages.totp })) return;
    mutation.mutate(
      { enable, code: trimmed },
      {
        onSuccess: () => {
          form.reset();
          toast({
            title: enable ? t('profile.twoFactor.enabled') : t('profile.twoFactor.disabled'),
            description: enable
              ? t('profile.twoFactor.enabledDetail')
              : t('profile.twoFactor.disabledDetail'),
            variant: 'success',
          });
          onDone();
        },
        onError: (failure) => {
          form.setErrors({ code: failure.message });
          toastFailure(t('profile.twoFactor.failed'), failure);
        },
      },
    );
  };

  return (
    <PanelForm label={label} onSubmit={onSubmit}>
      <CodeField {...form.textField('code')} onCode={(code) => form.set('code', code)} hint={hint} />
      <div className={styles.formActions}>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={mutation.isPending}>
            {t('profile.cancel')}
          </Button>
        ) : null}
        <Button type="submit" variant={enable ? 'primary' : 'danger'} pending={mutation.isPending}>
          {label}
        </Button>
      </div>
    </PanelForm>
  );
}
