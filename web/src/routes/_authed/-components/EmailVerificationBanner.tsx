import { useQuery } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { useState } from 'react';
import { t } from '@/i18n/i18n.ts';
import { knownText } from '@/lib/api.ts';
import { currentUserQuery } from '@/queries/auth.queries.ts';
import { useVerificationResendMutation } from '@/queries/mail.queries.ts';
import { Button } from '@/ui/Button/Button.tsx';
import * as panel from '@/ui/panel/Panel.css.ts';
import * as styles from './EmailVerificationBanner.css.ts';

/**
 * "Confirm your e-mail" above every signed-in screen while the account's address is unverified: until the
 * mailed link is opened the account receives no money and adds no second factor (docs/security.md,
 * "Account recovery"). "Send the link again" is limited by the server; its refusal is shown in place.
 */
export function EmailVerificationBanner() {
  const user = useQuery(currentUserQuery).data;
  const resend = useVerificationResendMutation();
  const [answer, setAnswer] = useState<{ text: string; failed: boolean } | null>(null);
  if (!user || user.emailVerified) return null;

  const onResend = () => {
    if (resend.isPending) return;
    resend.mutate(undefined, {
      onSuccess: (sent) =>
        setAnswer({ text: knownText(sent.message, ['shell.verifyEmail.sent']), failed: false }),
      onError: (error) => setAnswer({ text: error.message, failed: true }),
    });
  };

  return (
    <section className={styles.frame} aria-labelledby="verify-email-title">
      <div className={panel.notice} data-testid="verify-email-banner">
        <h2 id="verify-email-title" className={styles.title}>
          <MailWarning size={16} aria-hidden="true" className={styles.icon} />
          {t('shell.verifyEmail.title')}
        </h2>
        <p className={styles.text}>{t('shell.verifyEmail.text', { email: user.email })}</p>
        <div className={styles.actions}>
          <Button
            type="button"
            variant="secondary"
            onClick={onResend}
            pending={resend.isPending}
            pendingLabel={t('shell.verifyEmail.sending')}
          >
            {t('shell.verifyEmail.resend')}
          </Button>
        </div>
        <p className={styles.text} role={answer?.failed ? 'alert' : 'status'}>
          {answer?.text ?? ''}
        </p>
      </div>
    </section>
  );
}
