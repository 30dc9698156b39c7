import type { AccountEvent } from '../../domain/accounts/account.ts';
import { type CardEvent, TIER_NAMES } from '../../domain/cards/card.ts';
import type { CryptoDepositEvent } from '../../domain/crypto/cryptoDeposit.ts';
import { DISPLAY_DECIMALS } from '../../domain/crypto/networks.ts';
import type { WithdrawalEvent } from '../../domain/crypto/withdrawal.ts';
import type { PaymentEvent } from '../../domain/payments/payment.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import { minimumDecimals } from '../../domain/shared/money.ts';
import { PASSKEY_ADDED, PASSKEY_REMOVED, type PasskeyEvent } from '../../domain/users/passkeys.ts';
import type { SignInEvent } from '../../domain/users/signIns.ts';
import { type NoticeParams, presentTexts } from './noticeParams.ts';
import { signInNotice } from './signInNotice.ts';

export type Notice = {
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
  card: { userId: UserId; cardId: string },
  title: string,
  message: string,
  params: NoticeParams = {},
): Notice[] {
  return [{ userId: card.userId, title, message, type: 'card', relatedId: card.cardId, params }];
}

/** A notice about a movement of the user's history: it links to the movement's receipt. */
function movementNotice(
  type: 'transaction' | 'system',
  userId: UserId,
  relatedId: string,
  title: string,
  message: string,
  params: NoticeParams,
): Notice[] {
  return [{ userId, title, message, type, relatedId, movement: true, params }];
}

function systemNotice(
  userId: UserId,
  relatedId: string,
  title: string,
  message: string,
  params: NoticeParams = {},
): Notice[] {
  return [{ userId, title, message, type: 'system', relatedId, params }];
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

/** The events a notice can come from. */
export type NoticeEvent =
  | AccountEvent
  | PaymentEvent
  | CardEvent
  | CryptoDepositEvent
  | WithdrawalEvent
  | SignInEvent
  | PasskeyEvent;

/**
 * What an event tells whom, if anything. Each group of events has its own function, which answers
 * undefined for an event not of its group.
 */
export function noticesFor(event: NoticeEvent): Notice[] {
  // A sign-in from a device and place the account knows is recorded, not announced (docs/security.md).
  if (event.type === 'SignedIn') return event.data.newDevice === false ? [] : [signInNotice(event.data)];
  return cardNoticesFor(event) ?? movementNoticesFor(event) ?? paymentAndPasskeyNoticesFor(event) ?? [];
}

/** The card steps whose notice never varies: its title and message. */
const FIXED_CARD_NOTICES = {
  CardPaymentSubmitted: [
    'Verifying payment',
    'We are verifying your payment for your card (1-2 business days).',
  ],
  CardActivated: ['Card activated', 'Your metal card is active.'],
  CardDelivered: ['Card delivered', 'Your card has been delivered. Enjoy it!'],
  CardFrozen: ['Card frozen', 'Your card is frozen; no payments go through until you unfreeze it.'],
  CardUnfrozen: ['Card unfrozen', 'Your card works again.'],
  CardPinChanged: [
    'PIN changed',
    'Your card PIN was changed. If this was not you, freeze the card and contact support.',
  ],
} satisfies Partial<Record<CardEvent['type'], readonly [title: string, message: string]>>;

/** A card's steps, each told to its holder. */
function cardNoticesFor(event: NoticeEvent): Notice[] | undefined {
  switch (event.type) {
    case 'CardRequested':
      return cardNotice(
        event.data,
        'Card request submitted',
        `Your ${TIER_NAMES[event.data.tier]} card was requested. It activates once your deposit is confirmed.`,
        { tier: event.data.tier },
      );
    case 'CardPaymentSubmitted':
    case 'CardActivated':
    case 'CardDelivered':
    case 'CardFrozen':
    case 'CardUnfrozen':
    case 'CardPinChanged':
      return cardNotice(event.data, ...FIXED_CARD_NOTICES[event.type]);
    case 'CardShipped':
      return cardNotice(
        event.data,
        'Card shipped',
        `Your card is on its way by courier (3-7 working days). Tracking number ${event.data.trackingNumber}, estimated delivery ${event.data.estimatedDelivery}.`,
        { trackingNumber: event.data.trackingNumber, estimatedDelivery: event.data.estimatedDelivery },
      );
    case 'CardTierUpgraded':
      return cardNotice(event.data, 'Card upgraded', `Your card is now ${TIER_NAMES[event.data.to]}.`, {
        to: event.data.to,
      });
    case 'CardStaked':
      return cardNotice(
        event.data,
        'Card stake changed',
        `Your card is now ${TIER_NAMES[event.data.tier]}. SAI staked for it: ${shownAmount(event.data.staked, 'SAI')}.`,
        { tier: event.data.tier, staked: shownAmount(event.data.staked, 'SAI') },
      );
    case 'CardUpgraded':
      return cardNotice(
        event.data,
        'Card upgraded',
        `You upgraded your card from ${TIER_NAMES[event.data.from]} to ${TIER_NAMES[event.data.to]}. Its benefits apply from now on.`,
        { from: event.data.from, to: event.data.to },
      );
    default:
      return undefined;
  }
}

/** Money in and out of a balance: deposits, withdrawals, transfers and distributions. */
function movementNoticesFor(event: NoticeEvent): Notice[] | undefined {
  switch (event.type) {
    case 'CryptoDepositConfirmed':
      return movementNotice(
        'transaction',
        event.data.userId,
        event.data.depositId,
        'Deposit confirmed',
        `${shownAmount(event.data.amount, event.data.asset)} ${event.data.asset} were credited to your balance.`,
        moneyOf(event.data),
      );
    case 'CryptoDepositRejected':
      return movementNotice(
        'system',
        event.data.userId,
        event.data.depositId,
        'Deposit rejected',
        `Your declared deposit was rejected${event.data.reason ? `: ${event.data.reason}` : '.'}`,
        presentTexts({ reason: event.data.reason }),
      );
    case 'WithdrawalRequested':
      return movementNotice(
        'transaction',
        event.data.userId,
        event.data.withdrawalId,
        'Withdrawal Initiated',
        `Your withdrawal of ${shownAmount(event.data.amount, event.data.asset)} ${event.data.asset} is being processed (within 24 hours).`,
        moneyOf(event.data),
      );
    case 'WithdrawalCompleted':
      return movementNotice(
        'transaction',
        event.data.userId,
        event.data.withdrawalId,
        'Withdrawal completed',
        `${shownAmount(event.data.amount, event.data.asset)} ${event.data.asset} were sent (transaction ${event.data.txHash}).`,
        { ...moneyOf(event.data), txHash: event.data.txHash },
      );
    case 'WithdrawalFailed':
      return movementNotice(
        'transaction',
        event.data.userId,
        event.data.withdrawalId,
        'Withdrawal failed',
        `Your withdrawal failed${event.data.reason ? `: ${event.data.reason}` : ''}. ${shownAmount(event.data.amount, event.data.asset)} ${event.data.asset} are back in your balance.`,
        { ...moneyOf(event.data), ...presentTexts({ reason: event.data.reason }) },
      );
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
      return movementNotice(
        'transaction',
        event.data.userId,
        event.data.transactionId,
        'Tokens received',
        `${shownAmount(event.data.amount, event.data.asset)} ${event.data.asset} were added to your balance.${event.data.description ? ` “${event.data.description}”` : ''}`,
        { ...moneyOf(event.data), ...presentTexts({ description: event.data.description }) },
      );
    default:
      return undefined;
  }
}

/** Bought SAI's payments, and the passkeys of an account. */
function paymentAndPasskeyNoticesFor(event: NoticeEvent): Notice[] | undefined {
  switch (event.type) {
    case 'PaymentProofSubmitted':
      return systemNotice(
        event.data.userId,
        event.data.paymentId,
        'Deposit submitted',
        `Your payment proof for ${shownAmount(event.data.amount, 'SAI')} SAI is pending confirmation. Tokens are added automatically once it is confirmed (10-60 minutes).`,
        { amount: shownAmount(event.data.amount, 'SAI') },
      );
    case 'PaymentApproved':
      return movementNotice(
        'transaction',
        event.data.userId,
        event.data.paymentId,
        'Payment approved',
        `Your payment was approved: ${shownAmount(event.data.amount, 'SAI')} SAI are now in your balance.${feeNote(event.data)}`,
        { amount: shownAmount(event.data.amount, 'SAI'), ...feeParams(event.data) },
      );
    case 'PaymentRejected':
      return systemNotice(
        event.data.userId,
        event.data.paymentId,
        'Payment rejected',
        `Your payment proof was rejected${event.data.reason ? `: ${event.data.reason}` : '.'} You can submit a new one.`,
        presentTexts({ reason: event.data.reason }),
      );
    case 'PasskeyAdded':
      return systemNotice(event.data.userId, event.data.passkeyId, 'Passkey added', PASSKEY_ADDED);
    case 'PasskeyRemoved':
      return systemNotice(event.data.userId, event.data.passkeyId, 'Passkey removed', PASSKEY_REMOVED);
    default:
      return undefined;
  }
}
