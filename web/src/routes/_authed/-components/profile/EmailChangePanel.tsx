import { useQuery } from '@tanstack/react-query';
import { AtSign } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { t } from '@/i18n/i18n.ts';
import { ApiError } from '@/lib/api.ts';
import { type FormErrors, isEmail, messages } from '@/lib/validation.ts';
import { currentUserQuery } from '@/queries/auth.queries.ts';
import { type MailRequestAnswer, useEmailChangeMutation } from '@/queries/mail.queries.ts';
import { DevOutbox } from '@/routes/-components/DevOutbox.tsx';
import { Button } from '@/ui/Button/Button.tsx';
import { EmailField, PasswordField } from '@/ui/form/fields.tsx';
import { PanelForm } from '@/ui/form/PanelForm.tsx';
import { useForm } from '@/ui/form/useForm.ts';
import * as panel from '@/ui/panel/Panel.css.ts';
import { Panel } from '@/ui/panel/Panel.tsx';
import { toastFailure } from '@/ui/toast/index.ts';
import * as styles from './Profile.css.ts';

type Values = { newEmail: string; currentPassword: string };
const ORDER: (keyof Values)[] = ['newEmail', 'currentPassword'];

function validate(values: Values): FormErrors<keyof Values> {
  const errors: FormErrors<keyof Values> = {};
  if (!isEmail(values.newEmail)) errors.newEmail = messages.email;
  if (values.currentPassword.length === 0) errors.currentPassword = t('profile.password.enterCurrent');
  return errors;
}

/**
 * Change of e-mail (docs/architecture/security.md, "E-mail change"): the current password, then a link to
 * the new address confirms it; until then the account keeps its address.
 */
export function EmailChangePanel() {
  const user = useQuery(currentUserQuery);
  const change = useEmailChangeMutation();
  const form = useForm<Values>({ newEmail: '', currentPassword: '' }, ORDER, { validate });
  const [sent, setSent] = useState<(MailRequestAnswer & { to: string }) | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending || !form.check()) return;
    const input = { newEmail: form.values.newEmail.trim(), currentPassword: form.values.currentPassword };
    change.mutate(input, {
      onSuccess: (answer) => {
        form.reset();
        setSent({ ...answer, to: input.newEmail });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors) form.showServerErrors(error.fieldErrors);
        toastFailure(t('profile.email.failed'), error);
      },
    });
  };

  return (
    <Panel icon={AtSign} titleId="email-change-title" title={t('profile.email.title')}>
      <p className={panel.subtitle}>
        {t('profile.email.intro', { email: user.data?.email ?? t('profile.email.currentAddress') })}
      </p>
      {sent ? (
        <div className={panel.form}>
          <p className={panel.notice} role="status">
            {/* Worded here, not the server's English (api/account/emailChange.routes.ts says the same). */}
            {t('profile.email.sent', { email: sent.to })}
          </p>
          {sent.devOutbox ? <DevOutbox to={sent.to} /> : null}
          <div className={styles.formActions}>
            <Button type="button" variant="secondary" onClick={() => setSent(null)}>
              {t('profile.email.changeAgain')}
            </Button>
          </div>
        </div>
      ) : (
        <PanelForm label={t('profile.email.form')} onSubmit={onSubmit}>
          <div className={styles.twoColumns}>
            <EmailField {...form.textField('newEmail')} label={t('profile.email.new')} autoComplete="email" />
            <PasswordField
              {...form.textField('currentPassword')}
              label={t('profile.email.password')}
              autoComplete="current-password"
            />
          </div>
          <div className={styles.formActions}>
            <Button type="submit" pending={change.isPending} pendingLabel={t('profile.email.sending')}>
              {t('profile.email.send')}
            </Button>
          </div>
        </PanelForm>
      )}
    </Panel>
  );
}
