import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { t } from '../i18n/i18n.ts';
import { knownText } from '../lib/api.ts';
import { useEmailConfirmMutation } from '../queries/mail.queries.ts';
import { AuthShell } from './-components/AuthShell.tsx';
import { LinkConfirmForm, LinkOutcome, useLinkConfirm } from './-components/MailedLink.tsx';

export const Route = createFileRoute('/confirm-email')({ component: ConfirmEmailPage });

/**
 * The link mailed to a new address: `/confirm-email#token=…`. The change is made by the button, not by
 * opening the page, so a mail scanner that follows links cannot spend it. Away from the session that
 * asked for the change (another browser, signed out), the server asks for the account's password too
 * (docs/security.md "Account recovery"): the page then shows the field and sends it with the token.
 */
function ConfirmEmailPage() {
  const [done, setDone] = useState<string | null>(null);
  const confirm = useLinkConfirm(useEmailConfirmMutation(), (answer) =>
    setDone(
      `${knownText(answer.message, ['auth.confirm.done'])} ${t('auth.confirm.address', { email: answer.email })}`,
    ),
  );

  return (
    <AuthShell
      title={t('auth.confirm.title')}
      subtitle={t('auth.confirm.subtitle')}
      footer={
        <p>
          <Link to="/profile" search={{ tab: 'security' }}>
            {t('auth.confirm.back')}
          </Link>
        </p>
      }
    >
      <LinkOutcome done={done} problem={confirm.problem}>
        <LinkConfirmForm confirm={confirm} section="confirm" />
      </LinkOutcome>
    </AuthShell>
  );
}
