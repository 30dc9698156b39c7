import type { PoolClient } from 'pg';
import type { UserId } from '../../domain/shared/ids.ts';
import { ERASED_USERNAME, type UserEvent } from '../../domain/users/user.ts';
import { defineProjection } from '../projection.ts';

/**
 * The `users` read model: one row per registered user, keyed by the id from the log, and the user's
 * preferences (a row only once they were changed; until then the defaults apply).
 * Handlers are idempotent under an in-order redelivery: rows are set to the event's values and
 * `updated_at` only moves forward.
 */
export const usersProjection = defineProjection<UserEvent>({
  name: 'users',
  // 2: PersonErased scrubs the row (placeholders, status 'erased') and deletes the preferences.
  // 3: user_preferences.theme.
  version: 3,
  tables: ['users', 'user_preferences'],
  schema: `
    CREATE TABLE IF NOT EXISTS users (
      id text PRIMARY KEY,
      email text NOT NULL,
      email_lower text NOT NULL,
      username text NOT NULL,
      first_name text NOT NULL DEFAULT '',
      last_name text NOT NULL DEFAULT '',
      bio text NOT NULL DEFAULT '',
      profile_image_url text NOT NULL DEFAULT '',
      is_admin boolean NOT NULL DEFAULT false,
      status text NOT NULL DEFAULT 'active',
      two_factor_enabled boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    -- Tables created before 2FA existed: no TwoFactorEnabled event can precede this column, so false is right.
    ALTER TABLE users ADD COLUMN IF NOT EXISTS two_factor_enabled boolean NOT NULL DEFAULT false;
    -- Tables created before e-mail verification: every row is an account registered before it, which
    -- counts as verified (domain/users/user.ts, UserRegistered.emailVerified), so true is right.
    ALTER TABLE users ADD COLUMN IF NOT EXISTS email_verified boolean NOT NULL DEFAULT true;
    CREATE INDEX IF NOT EXISTS users_email_lower ON users (email_lower);
    CREATE INDEX IF NOT EXISTS users_created_at ON users (created_at DESC, id);
    CREATE TABLE IF NOT EXISTS user_preferences (
      user_id text PRIMARY KEY,
      email_notifications boolean NOT NULL,
      marketing_communications boolean NOT NULL,
      transaction_alerts boolean NOT NULL,
      language text NOT NULL,
      theme text NOT NULL DEFAULT 'system',
      updated_at timestamptz NOT NULL
    );
  `,
  handlers: {
    async UserRegistered(event, tx) {
      const d = event.data;
      await tx.query(
        `INSERT INTO users (id, email, email_lower, username, first_name, last_name, bio, profile_image_url,
           is_admin, status, email_verified, created_at, updated_at)
         VALUES ($1, $2, lower($2), $3, $4, $5, $6, $7, $8, 'active', $10, $9, $9)
         ON CONFLICT (id) DO NOTHING`,
        [
          d.userId,
          d.email,
          d.username,
          d.firstName,
          d.lastName,
          d.bio,
          d.profileImageUrl,
          d.isAdmin,
          d.registeredAt,
          d.emailVerified !== false,
        ],
      );
    },
    async UserPromotedToAdmin(event, tx) {
      await touch(tx, 'is_admin = true', event.data.userId, event.data.promotedAt);
    },
    async PasswordChanged(event, tx) {
      await touch(tx, '', event.data.userId, event.data.changedAt);
    },
    async UserProfileUpdated(event, tx) {
      const d = event.data;
      await touch(tx, 'first_name = $3, last_name = $4, username = $5, bio = $6', d.userId, d.updatedAt, [
        d.firstName,
        d.lastName,
        d.username,
        d.bio,
      ]);
    },
    async UserEmailChanged(event, tx) {
      const d = event.data;
      // The new address was confirmed through a link mailed to it.
      await touch(tx, 'email = $3, email_lower = lower($3), email_verified = true', d.userId, d.changedAt, [
        d.email,
      ]);
    },
    async EmailVerified(event, tx) {
      await touch(tx, 'email_verified = true', event.data.userId, event.data.verifiedAt);
    },
    async PreferencesUpdated(event, tx) {
      const d = event.data;
      await tx.query(
        `INSERT INTO user_preferences (user_id, email_notifications, marketing_communications,
           transaction_alerts, language, theme, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (user_id) DO UPDATE SET email_notifications = EXCLUDED.email_notifications,
           marketing_communications = EXCLUDED.marketing_communications,
           transaction_alerts = EXCLUDED.transaction_alerts, language = EXCLUDED.language,
           theme = EXCLUDED.theme, updated_at = EXCLUDED.updated_at`,
        [
          d.userId,
          d.emailNotifications,
          d.marketingCommunications,
          d.transactionAlerts,
          d.language,
          d.theme ?? 'system',
          d.updatedAt,
        ],
      );
    },
    async TwoFactorEnabled(event, tx) {
      await touch(tx, 'two_factor_enabled = true', event.data.userId, event.data.enabledAt);
    },
    async TwoFactorDisabled(event, tx) {
      await touch(tx, 'two_factor_enabled = false', event.data.userId, event.data.disabledAt);
    },
    async UserSuspended(event, tx) {
      await touch(tx, `status = 'suspended'`, event.data.userId, event.data.suspendedAt);
    },
    async UserReactivated(event, tx) {
      await touch(tx, `status = 'active'`, event.data.userId, event.data.reactivatedAt);
    },
    // Nothing personal stays: the row keeps the id, the role and the registration time for the records.
    async PersonErased(event, tx) {
      await touch(
        tx,
        `status = 'erased', username = $3, email = '', email_lower = '', first_name = '', last_name = '',
         bio = '', profile_image_url = '', two_factor_enabled = false`,
        event.data.userId,
        event.data.erasedAt,
        [ERASED_USERNAME],
      );
      await tx.query('DELETE FROM user_preferences WHERE user_id = $1', [event.data.userId]);
    },
  },
});

/** Sets the user's columns in `set` (parameters from $3) and moves `updated_at` forward to `at`. */
async function touch(tx: PoolClient, set: string, userId: UserId, at: string, values: unknown[] = []) {
  await tx.query(
    `UPDATE users SET ${set ? `${set}, ` : ''}updated_at = greatest(updated_at, $2) WHERE id = $1`,
    [userId, at, ...values],
  );
}
