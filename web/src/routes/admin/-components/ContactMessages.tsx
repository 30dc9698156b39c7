import { useQuery } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { formatDateTime } from '@/lib/format.ts';
import { contactMessagesQuery } from '@/queries/admin.queries.ts';
import * as panel from '@/ui/panel/Panel.css.ts';
import * as styles from './Admin.css.ts';
import * as adminStyles from './AdminPanel.css.ts';
import { QueuePanel } from './QueueList.tsx';

/** The contact form's messages (docs/product-rules.md rule 13: stored, and admins can read them), newest first. */
export function ContactMessages() {
  const messages = useQuery(contactMessagesQuery);
  return (
    <QueuePanel
      panel={{ icon: Mail, titleId: 'contact-messages-title', title: 'Contact messages' }}
      counted="received"
      query={messages}
      loading="Loading messages…"
      failed="Could not load the messages."
      empty="No messages yet."
      label="Messages"
    >
      {(message) => (
        <li className={styles.payment}>
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
      )}
    </QueuePanel>
  );
}
