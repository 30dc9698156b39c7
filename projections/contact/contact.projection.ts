import type { ContactMessageEvent } from '../../domain/contact/contactMessage.ts';
import type { PersonErasedEvent } from '../../domain/users/user.ts';
import { blanked } from '../erasure.ts';
import { defineProjection } from '../projection.ts';

export const contactProjection = defineProjection<ContactMessageEvent | PersonErasedEvent>({
  name: 'contact',
  // 2: the messages an erased person sent signed in are blanked (those sent without an account are
  // blanked by the erasure itself, app/privacy/erasureScrub.ts: no event names their sender).
  version: 2,
  tables: ['contact_messages'],
  schema: `
    CREATE TABLE IF NOT EXISTS contact_messages (
      id text PRIMARY KEY,
      full_name text NOT NULL,
      email text NOT NULL,
      subject text NOT NULL,
      message text NOT NULL,
      user_id text,
      received_at timestamptz NOT NULL
    );
    CREATE INDEX IF NOT EXISTS contact_messages_received ON contact_messages (received_at DESC);
    -- A person's own messages, for their data export (docs/architecture/data-export.md).
    CREATE INDEX IF NOT EXISTS contact_messages_user ON contact_messages (user_id, received_at, id)
      WHERE user_id IS NOT NULL;
  `,
  handlers: {
    async ContactMessageReceived(event, tx) {
      const d = event.data;
      await tx.query(
        `INSERT INTO contact_messages (id, full_name, email, subject, message, user_id, received_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
        [d.messageId, d.fullName, d.email, d.subject, d.message, d.userId, d.receivedAt],
      );
    },
    async PersonErased(event, tx) {
      await tx.query(
        `UPDATE contact_messages SET ${blanked('full_name', 'email', 'subject', 'message')} WHERE user_id = $1`,
        [event.data.userId],
      );
    },
  },
});
