import {
  CONTACT_MESSAGE_EVENT_TYPES,
  type ContactMessageEvent,
} from '../../domain/contact/contactMessage.ts';
import type { RecordedEvent } from '../../infra/eventStore/eventStore.ts';
import type { Projection } from '../projection.ts';

export const contactProjection: Projection = {
  name: 'contact',
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
  `,
  handles: new Set(CONTACT_MESSAGE_EVENT_TYPES),
  async apply(recorded: RecordedEvent, tx) {
    const d = recorded.data as ContactMessageEvent['data'];
    await tx.query(
      `INSERT INTO contact_messages (id, full_name, email, subject, message, user_id, received_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
      [d.messageId, d.fullName, d.email, d.subject, d.message, d.userId, d.receivedAt],
    );
  },
};
