import type { PoolClient } from 'pg';
import type { AccountEvent } from '../../domain/accounts/account.ts';
import { type CardEvent, TIER_NAMES } from '../../domain/cards/card.ts';
import type { CryptoDepositEvent } from '../../domain/crypto/cryptoDeposit.ts';
import { DISPLAY_DECIMALS } from '../../domain/crypto/networks.ts';
import type { WithdrawalEvent } from '../../domain/crypto/withdrawal.ts';
import type { NotificationReadEvent } from '../../domain/notifications/notificationReads.ts';
import type { PaymentEvent } from '../../domain/payments/payment.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import { minimumDecimals } from '../../domain/shared/money.ts';
import { PASSKEY_ADDED, PASSKEY_REMOVED, type PasskeyEvent } from '../../domain/users/passkeys.ts';
import type { SignInEvent } from '../../domain/users/signIns.ts';
import { ERASED_USERNAME, type PersonErasedEvent } from '../../domain/users/user.ts';
import type { RecordedEvent } from '../../infra/eventStore/eventStore.ts';
import { nameBasedUuid } from '../../infra/ids.ts';
import { type ApplyContext, defineProjection, oneHandlerFor } from '../projection.ts';
import { insertRows } from '../sql.ts';
import { ERASED_PARAMS, type NoticeParams, presentTexts } from './noticeParams.ts';
import { NOTIFICATIONS_BULK_SQL } from './notifications.bulk.ts';
import { signInNotice } from './signInNotice.ts';

type Notice = {
  userId: UserId;
  params: NoticeParams;
  title: string;
  message: string;
  type: 'transaction' | 'system' | 'card' | 'other';
  relatedId: string;
  /** The related id names a movement of the user's history: the notification links to its receipt. */
  movement?: true;
  /** The other person the message names (a transfer's sender), so their erasure can blank the name. */
  counterpartyId?: UserId;
};

/**
 * An amount as the screens show it: the asset's display decimals are a minimum, trailing zeros past them
 * go, a significant digit never does ("10.00000000" USDT → "10.00", "0.00000001" ETH stays).
 */
export function shownAmount(amount: string, asset: string): string {
  return minimumDecimals(amount, DISPLAY_DECIMALS[asset as keyof typeof DISPLAY_DECIMALS] ?? 2);
}

/** What each event tells whom. Ids derive from the event id, so a rebuild makes the same notifications. */
function cardNotice(
  userId: UserId,
  relatedId: string,
  title: string,
  message: string,
  params: NoticeParams = {},
): Notice[] {
  return [{ userId, title, message, type: 'card', relatedId, params }];
}

/** A movement's amount and asset, as a notice shows them. */
const moneyOf = (data: { amount: string; asset: string }) => ({
  amount: shownAmount(data.amount, data.asset),
  asset: data.asset,
});

/** An approved purchase's conversion fee, charged on top of the amount (docs/product-rules.md rule 25). */
function feeNote(data: { fee?: string; feeRate?: string }): string {
  const fee = feeParams(data);
  return fee.fee ? ` A conversion fee of ${fee.fee} SAI (${fee.feeRate}%) was charged on top.` : '';
}

/** The fee and its rate, when one was charged (none, or a zero fee: nothing). */
function feeParams(data: { fee?: string; feeRate?: string }): NoticeParams {
  if (data.fee === undefined || /^0+(\.0+)?$/.test(data.fee)) return {};
  return presentTexts({ fee: data.fee, feeRate: data.feeRate });
}

function noticesFor(
  event:
    | AccountEvent
    | PaymentEvent
    | CardEvent
    | CryptoDepositEvent
    | WithdrawalEvent
    | SignInEvent
    | PasskeyEvent,
): Notice[] {
  switch (event.type) {
    case 'SignedIn':
      // A sign-in from a device and place the account knows is recorded, not announced (docs/security.md).
      return event.data.newDevice === false ? [] : [signInNotice(event.data)];
    case 'CardRequested':
      return cardNotice(
        event.data.userId,
        event.data.cardId,
        'Card request submitted',
        `Your ${TIER_NAMES[event.data.tier]} card was requested. It activates once your deposit is confirmed.`,
        { tier: event.data.tier },
      );
    case 'CardPaymentSubmitted':
      return cardNotice(
        event.data.userId,
        event.data.cardId,
        'Verifying payment',
        'We are verifying your payment for your card (1-2 business days).',
      );
    case 'CardActivated':
      return cardNotice(event.data.userId, event.data.cardId, 'Card activated', 'Your metal card is active.');
    case 'CardShipped':
      return cardNotice(
        event.data.userId,
        event.data.cardId,
        'Card shipped',
        `Your card is on its way by courier (3-7 working days). Tracking number ${event.data.trackingNumber}, estimated delivery ${event.data.estimatedDelivery}.`,
        { trackingNumber: event.data.trackingNumber, estimatedDelivery: event.data.estimatedDelivery },
      );
    case 'CardDelivered':
      return cardNotice(
        event.data.userId,
        event.data.cardId,
        'Card delivered',
        'Your card has been delivered. Enjoy it!',
      );
    case 'CardFrozen':
      return cardNotice(
        event.data.userId,
        event.data.cardId,
        'Card frozen',
        'Your card is frozen; no payments go through until you unfreeze it.',
      );
    case 'CardUnfrozen':
      return cardNotice(event.data.userId, event.data.cardId, 'Card unfrozen', 'Your card works again.');
    case 'CardPinChanged':
      return cardNotice(
        event.data.userId,
        event.data.cardId,
        'PIN changed',
        'Your card PIN was changed. If this was not you, freeze the card and contact support.',
      );
    case 'CardTierUpgraded':
      return cardNotice(
        event.data.userId,
        event.data.cardId,
        'Card upgraded',
        `Your card is now ${TIER_NAMES[event.data.to]}.`,
        { to: event.data.to },
      );
    case 'CardStaked':
      return cardNotice(
        event.data.userId,
        event.data.cardId,
        'Card stake changed',
        `Your card is now ${TIER_NAMES[event.data.tier]}. SAI staked for it: ${shownAmount(event.data.staked, 'SAI')}.`,
        { tier: event.data.tier, staked: shownAmount(event.data.staked, 'SAI') },
      );
    case 'CardUpgraded':
      return cardNotice(
        event.data.userId,
        event.data.cardId,
        'Card upgraded',
        `You upgraded your card from ${TIER_NAMES[event.data.from]} to ${TIER_NAMES[event.data.to]}. Its benefits apply from now on.`,
        { from: event.data.from, to: event.data.to },
      );
    case 'CryptoDepositConfirmed':
      return [
        {
          userId: event.data.userId,
          title: 'Deposit confirmed',
          message: `${shownAmount(event.data.amount, event.data.asset)} ${event.data.asset} were credited to your balance.`,
          type: 'transaction',
          relatedId: event.data.depositId,
          movement: true,
          params: moneyOf(event.data),
        },
      ];
    case 'CryptoDepositRejected':
      return [
        {
          userId: event.data.userId,
          title: 'Deposit rejected',
          message: `Your declared deposit was rejected${event.data.reason ? `: ${event.data.reason}` : '.'}`,
          type: 'system',
          relatedId: event.data.depositId,
          movement: true,
          params: presentTexts({ reason: event.data.reason }),
        },
      ];
    case 'WithdrawalRequested':
      return [
        {
          userId: event.data.userId,
          title: 'Withdrawal Initiated',
          message: `Your withdrawal of ${shownAmount(event.data.amount, event.data.asset)} ${event.data.asset} is being processed (within 24 hours).`,
          type: 'transaction',
          relatedId: event.data.withdrawalId,
          movement: true,
          params: moneyOf(event.data),
        },
      ];
    case 'WithdrawalCompleted':
      return [
        {
          userId: event.data.userId,
          title: 'Withdrawal completed',
          message: `${shownAmount(event.data.amount, event.data.asset)} ${event.data.asset} were sent (transaction ${event.data.txHash}).`,
          type: 'transaction',
          relatedId: event.data.withdrawalId,
          movement: true,
          params: { ...moneyOf(event.data), txHash: event.data.txHash },
        },
      ];
    case 'WithdrawalFailed':
      return [
        {
          userId: event.data.userId,
          title: 'Withdrawal failed',
          message: `Your withdrawal failed${event.data.reason ? `: ${event.data.reason}` : ''}. ${shownAmount(event.data.amount, event.data.asset)} ${event.data.asset} are back in your balance.`,
          type: 'transaction',
          relatedId: event.data.withdrawalId,
          movement: true,
          params: { ...moneyOf(event.data), ...presentTexts({ reason: event.data.reason }) },
        },
      ];
    case 'TokensTransferred':
      return [
        {
          userId: event.data.toUserId,
          title: 'Money received',
          message: `You received ${shownAmount(event.data.amount, event.data.asset)} ${event.data.asset} from ${event.data.fromLabel}.${event.data.description ? ` “${event.data.description}”` : ''}`,
          type: 'transaction',
          relatedId: event.data.transactionId,
          movement: true,
          counterpartyId: event.data.fromUserId,
          params: {
            ...moneyOf(event.data),
            from: event.data.fromLabel,
            ...presentTexts({ description: event.data.description }),
          },
        },
      ];
    case 'TokensMinted':
      if (event.data.source !== 'distribution') return [];
      return [
        {
          userId: event.data.userId,
          title: 'Tokens received',
          message: `${shownAmount(event.data.amount, event.data.asset)} ${event.data.asset} were added to your balance.${event.data.description ? ` “${event.data.description}”` : ''}`,
          type: 'transaction',
          relatedId: event.data.transactionId,
          movement: true,
          params: { ...moneyOf(event.data), ...presentTexts({ description: event.data.description }) },
        },
      ];
    case 'PaymentProofSubmitted':
      return [
        {
          userId: event.data.userId,
          title: 'Deposit submitted',
          message: `Your payment proof for ${shownAmount(event.data.amount, 'SAI')} SAI is pending confirmation. Tokens are added automatically once it is confirmed (10-60 minutes).`,
          type: 'system',
          relatedId: event.data.paymentId,
          params: { amount: shownAmount(event.data.amount, 'SAI') },
        },
      ];
    case 'PaymentApproved':
      return [
        {
          userId: event.data.userId,
          title: 'Payment approved',
          message: `Your payment was approved: ${shownAmount(event.data.amount, 'SAI')} SAI are now in your balance.${feeNote(event.data)}`,
          type: 'transaction',
          relatedId: event.data.paymentId,
          movement: true,
          params: { amount: shownAmount(event.data.amount, 'SAI'), ...feeParams(event.data) },
        },
      ];
    case 'PaymentRejected':
      return [
        {
          userId: event.data.userId,
          title: 'Payment rejected',
          message: `Your payment proof was rejected${event.data.reason ? `: ${event.data.reason}` : '.'} You can submit a new one.`,
          type: 'system',
          relatedId: event.data.paymentId,
          params: presentTexts({ reason: event.data.reason }),
        },
      ];
    case 'PasskeyAdded':
      return [
        {
          userId: event.data.userId,
          title: 'Passkey added',
          message: PASSKEY_ADDED,
          type: 'system',
          relatedId: event.data.passkeyId,
          params: {},
        },
      ];
    case 'PasskeyRemoved':
      return [
        {
          userId: event.data.userId,
          title: 'Passkey removed',
          message: PASSKEY_REMOVED,
          type: 'system',
          relatedId: event.data.passkeyId,
          params: {},
        },
      ];
    default:
      return [];
  }
}

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
