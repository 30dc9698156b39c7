import type { TableOwner } from '../tables.ts';

/**
 * `contact_messages` is a read model (projections/contact/), but for the messages sent without an account
 * from the person's e-mail: no event names their sender, so no projection can find them on PersonErased;
 * the erasure blanks them itself (their sealed fields open to '' once the contact key is gone, so a rebuild
 * agrees).
 */
export const anonymousContactMessages: TableOwner = {
  table: 'contact_messages',
  async erase(client, { email }) {
    if (email === null) return;
    await client.query(
      `UPDATE contact_messages SET full_name = '', email = '', subject = '', message = ''
        WHERE user_id IS NULL AND lower(trim(email)) = $1`,
      [email.trim().toLowerCase()],
    );
  },
};
