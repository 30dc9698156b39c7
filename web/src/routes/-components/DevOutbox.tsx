import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { t } from '@/i18n/i18n.ts';
import { useOutboxQuery } from '@/queries/mail.queries.ts';
import { Button } from '@/ui/Button/Button.tsx';
import * as styles from './DevOutbox.css.ts';

const LINK = /(https?:\/\/\S+)/;

/**
 * Development only (no SMTP_URL outside production): the mail the app "sent" to `to` waits in the server's
 * outbox, and this opens it where the person is, links included.
 */
export function DevOutbox({ to }: { to: string }) {
  const [open, setOpen] = useState(false);
  const mails = useOutboxQuery(to, open);
  if (!open) {
    return (
      <Button
        icon={Inbox}
        type="button"
        variant="secondary"
        fullWidth
        className={styles.openButton}
        onClick={() => setOpen(true)}
      >
        {t('auth.outbox.open')}
      </Button>
    );
  }
  return (
    <section className={styles.outbox} aria-labelledby="dev-outbox-title">
      <h2 id="dev-outbox-title" className={styles.title}>
        {t('auth.outbox.title')}
      </h2>
      <p className={styles.muted}>{t('auth.outbox.about', { to })}</p>
      {mails.isPending ? <p className={styles.muted}>{t('auth.outbox.loading')}</p> : null}
      {mails.isError ? <p role="alert">{mails.error.message}</p> : null}
      {mails.data?.length === 0 ? <p className={styles.muted}>{t('auth.outbox.empty')}</p> : null}
      {mails.data?.map((mail) => (
        <article key={mail.id} className={styles.mail} aria-label={mail.subject}>
          <h3 className={styles.subject}>{mail.subject}</h3>
          <p className={styles.text}>
            {mail.text.split(LINK).map((part, index) =>
              LINK.test(part) ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
                <a key={index} href={part} className={styles.link}>
                  {part}
                </a>
              ) : (
                part
              ),
            )}
          </p>
        </article>
      ))}
    </section>
  );
}
