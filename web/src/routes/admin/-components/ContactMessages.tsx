import { useQuery } from '@tanstack/react-query';
import { Mail, RefreshCw } from 'lucide-react';
import { Button } from '../../../components/Button.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { contactMessagesQuery } from '../../../queries/admin.queries.ts';
import { visuallyHidden } from '../../../styles/layout.css.ts';
import * as panel from '../../../ui/panel/Panel.css.ts';
import * as styles from './Admin.css.ts';
import * as adminStyles from './AdminPanel.css.ts';

/** The contact form's messages (DECISIONS 13: stored, and admins can read them), newest first. */
export function ContactMessages() {
  const messages = useQuery(contactMessagesQuery);
  return (
    <section className={panel.panel} aria-labelledby="contact-messages-title">
      <div className={panel.head}>
        <div className={panel.titleRow}>
          <Mail size={20} aria-hidden="true" className={panel.titleIcon} />
          <h2 id="contact-messages-title" className={panel.title}>
            Contact messages
          </h2>
        </div>
        {messages.data ? <p className={panel.muted}>{messages.data.length} received</p> : null}
      </div>
      {messages.isPending ? (
        <div className={panel.skeletonList} aria-busy="true">
          <p role="status" className={visuallyHidden}>
            Loading messages…
          </p>
          <div className={panel.skeletonRow} />
        </div>
      ) : messages.isError ? (
        <div className={panel.errorState} role="alert">
          <p>Could not load the messages.</p>
          <Button variant="secondary" size="sm" onClick={() => messages.refetch()}>
            <RefreshCw size={14} aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : messages.data.length === 0 ? (
        <p className={panel.state}>No messages yet.</p>
      ) : (
        <ul className={styles.payments} aria-label="Messages">
          {messages.data.map((message) => (
            <li key={message.id} className={styles.payment}>
              <div className={styles.paymentHead}>
                <p className={styles.userName}>{message.subject}</p>
                <time className={panel.muted} dateTime={message.receivedAt}>
                  {formatDateTime(message.receivedAt)}
                </time>
              </div>
              <p className={panel.muted}>
                {message.fullName} · <a href={`mailto:${message.email}`}>{message.email}</a>
                {message.userId ? ' · signed-in user' : ''}
              </p>
              <p className={adminStyles.message}>{message.message}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
