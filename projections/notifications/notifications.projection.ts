import type { PoolClient } from 'pg';
import type { AccountEvent } from '../../domain/accounts/account.ts';
import type { CardEvent } from '../../domain/cards/card.ts';
import type { CryptoDepositEvent } from '../../domain/crypto/cryptoDeposit.ts';
import type { WithdrawalEvent } from '../../domain/crypto/withdrawal.ts';
import type { NotificationReadEvent } from '../../domain/notifications/notificationReads.ts';
import type { PaymentEvent } from '../../domain/payments/payment.ts';
import type { PasskeyEvent } from '../../domain/users/passkeys.ts';
import type { SignInEvent } from '../../domain/users/signIns.ts';
import { ERASED_USERNAME, type PersonErasedEvent } from '../../domain/users/user.ts';
import type { RecordedEvent } from '../../infra/eventStore/eventStore.ts';
import { nameBasedUuid } from '../../infra/ids.ts';
import { type ApplyContext, defineProjection, oneHandlerFor } from '../projection.ts';
import { insertRows } from '../sql.ts';
import { ERASED_PARAMS } from './noticeParams.ts';
import { noticesFor } from './notices.ts';
import { NOTIFICATIONS_BULK_SQL } from './notifications.bulk.ts';

export const notificationsProjection = defineProjection<
  | AccountEvent
  | CardEvent
  | CryptoDepositEvent
  | WithdrawalEvent
  | PaymentEvent
  | NotificationReadEvent
  | PersonErasedEvent
  | SignInEvent
  | PasskeyEvent
>({
  name: 'notifications',
  // 2: amounts shown with their display decimals; movement_id names the receipt a notification links to;
  // an approved purchase's notice names its conversion fee.
  // 3: counterparty_id; an erased person's notifications go, and others' name them "Erased user".
  // 4: a new sign-in, and a passkey added or removed, is told.
  // 5: kind and params, the notice as data, for screens to word in the reader's language.
  version: 5,
  tables: ['notifications'],
  schema: `
    CREATE TABLE IF NOT EXISTS notifications (
      id uuid PRIMARY KEY,
      user_id text NOT NULL,
      title text NOT NULL,
      message text NOT NULL,
      type text NOT NULL,
      related_id text,
      movement_id text,
      counterparty_id text,
      kind text,
      params jsonb NOT NULL DEFAULT '{}',
      is_read boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL,
      position_commit numeric(30, 0) NOT NULL,
      position_prepare numeric(30, 0) NOT NULL
    );
    -- A table version 1 built (before it is rebuilt).
    ALTER TABLE notifications ADD COLUMN IF NOT EXISTS movement_id text;
    ALTER TABLE notifications ADD COLUMN IF NOT EXISTS counterparty_id text;
    ALTER TABLE notifications ADD COLUMN IF NOT EXISTS kind text;
    ALTER TABLE notifications ADD COLUMN IF NOT EXISTS params jsonb NOT NULL DEFAULT '{}';
    CREATE INDEX IF NOT EXISTS notifications_user ON notifications (user_id, position_commit DESC, position_prepare DESC);
    CREATE INDEX IF NOT EXISTS notifications_unread ON notifications (user_id) WHERE NOT is_read;
  `,
  // The apply path finds a user's unread notifications through notifications_unread and one by its key.
  deferredIndexes: ['notifications_user'],
  bulkSql: { parts: [{ tables: ['notifications'], sql: NOTIFICATIONS_BULK_SQL }] },
  bulkExtensions: ['pgcrypto'],
  handlers: oneHandlerFor(
    [
      'CardRequested',
      'CardPaymentSubmitted',
      'CardActivated',
      'CardShipped',
      'CardDelivered',
      'CardFrozen',
      'CardUnfrozen',
      'CardPinChanged',
      'CardTierUpgraded',
      'CardUpgraded',
      'CardStaked',
      'CryptoDepositConfirmed',
      'CryptoDepositRejected',
      'WithdrawalRequested',
      'WithdrawalCompleted',
      'WithdrawalFailed',
      'TokensTransferred',
      'TokensMinted',
      'PaymentProofSubmitted',
      'PaymentApproved',
      'PaymentRejected',
      'PasskeyAdded',
      'PasskeyRemoved',
      'NotificationMarkedRead',
      'AllNotificationsMarkedRead',
      'PersonErased',
      'SignedIn',
    ],
    (event, tx) => applyNotifications([event], tx),
  ),
  applyBatch: applyNotifications,
});

/**
 * New notices are gathered and inserted with one statement; a "marked read" event first writes what was
 * gathered before it, so it sees exactly the notifications the log had made by then.
 */
async function applyNotifications(
  events: readonly RecordedEvent[],
  tx: PoolClient,
  context?: ApplyContext,
): Promise<void> {
  let pending: unknown[][] = [];
  const flush = async () => {
    await insertRows(tx, 'notifications', COLUMNS, pending, {
      ifRedelivered: 'ON CONFLICT (id) DO NOTHING',
      context,
    });
    pending = [];
  };
  for (const recorded of events) {
    const event = { type: recorded.type, data: recorded.data } as
      | AccountEvent
      | PaymentEvent
      | NotificationReadEvent
      | PersonErasedEvent;
    if (event.type === 'PersonErased') {
      await flush();
      await tx.query(ERASED_NOTIFICATIONS_SQL, [event.data.userId]);
    } else if (event.type === 'NotificationMarkedRead') {
      await flush();
      await tx.query('UPDATE notifications SET is_read = true WHERE id = $1 AND user_id = $2', [
        event.data.notificationId,
        event.data.userId,
      ]);
    } else if (event.type === 'AllNotificationsMarkedRead') {
      await flush();
      // Everything the user had when this event was written: the notifications of earlier events, and
      // only those, so a redelivered event does not also mark what came after it.
      await tx.query(
        `UPDATE notifications SET is_read = true WHERE user_id = $1 AND NOT is_read
           AND (position_commit, position_prepare) < ($2::numeric, $3::numeric)`,
        [event.data.userId, recorded.position.commit.toString(), recorded.position.prepare.toString()],
      );
    } else {
      for (const [index, notice] of noticesFor(event).entries())
        pending.push([
          nameBasedUuid(`notification:${recorded.id}:${index}`),
          notice.userId,
          notice.title,
          notice.message,
          notice.type,
          notice.relatedId,
          notice.movement ? notice.relatedId : null,
          notice.counterpartyId ?? null,
          recorded.type,
          JSON.stringify(notice.params),
          recorded.recordedAt,
          recorded.position.commit.toString(),
          recorded.position.prepare.toString(),
        ]);
    }
  }
  await flush();
}

const COLUMNS = [
  ['id', 'uuid'],
  ['user_id', 'text'],
  ['title', 'text'],
  ['message', 'text'],
  ['type', 'text'],
  ['related_id', 'text'],
  ['movement_id', 'text'],
  ['counterparty_id', 'text'],
  ['kind', 'text'],
  ['params', 'jsonb'],
  ['created_at', 'timestamptz'],
  ['position_commit', 'numeric'],
  ['position_prepare', 'numeric'],
] as const;

/**
 * An erased person's own notifications go; in everyone else's, the transfers they sent read as a rebuild
 * renders them once their key is destroyed: the sender "Erased user" and no description (their text). The
 * bulk form (notifications.bulk.ts) runs the same statement for every PersonErased of the log.
 */
export const ERASED_NOTIFICATIONS_SQL = `
  WITH gone AS (DELETE FROM notifications WHERE user_id = $1)
  UPDATE notifications
     SET message = substring(message from '^You received \\S+ \\S+ from ') || '${ERASED_USERNAME}.',
         ${ERASED_PARAMS}
   WHERE counterparty_id = $1 AND user_id <> $1`;
