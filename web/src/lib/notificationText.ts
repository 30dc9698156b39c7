import { TYPE_LABELS } from '@domain/ledger/history.ts';
// The sender as the server names an erased person.
import { ERASED_USERNAME } from '@domain/users/user.ts';
import { type MessageId, type MessageValues, t } from '../i18n/i18n.ts';
import type { AppNotification } from '../queries/notifications.queries.ts';
import { formatAsset } from './assets.ts';
import { CARD_TIERS } from './constants.ts';
import { formatDate, formatDecimal } from './format.ts';

/**
 * A notification in the reader's language. The server keeps each one's kind (the event it was made of)
 * and the values its text carries (projections/notifications/noticeParams.ts); the words are the
 * catalog's (i18n/messages/<language>/shellNotices.ts), the values are put in the reader's notation
 * (amounts, dates). A kind this client does not know yet, or a notification from before kinds were kept,
 * shows the server's English title and text as they are.
 */
export interface NotificationText {
  title: string;
  message: string;
}

type Params = Record<string, string>;

const tierName = (tier: string | undefined) =>
  CARD_TIERS.find((info) => info.tier === tier)?.name ?? tier ?? '';
const amount = (p: Params) => `${formatAsset(p.amount ?? '', p.asset ?? 'SAI')} ${p.asset ?? 'SAI'}`;
const sai = (value: string | undefined) => `${formatAsset(value ?? '', 'SAI')} SAI`;
/** "2026-12-10" read as that calendar day, in the reader's date notation; other text as it is. */
export const shownDay = (value: string | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(`${value}T12:00:00Z`) : (value ?? '');
/**
 * The note an admin's distribution carries when they gave none: the server's English words
 * (domain/ledger/history.ts TYPE_LABELS.admin_deposit), worded here in the reader's language.
 */
const DISTRIBUTION_NOTE = TYPE_LABELS.admin_deposit;
/** A sender's note, in the reader's quotation marks, after the sentence. */
const withNote = (text: string, note: string | undefined) =>
  note
    ? `${text} ${t('shell.notice.quoted', { text: note === DISTRIBUTION_NOTE ? t('shell.notice.distribution') : note })}`
    : text;
/** One of two texts: with the reason the admin gave, or without one. */
const because = (p: Params, without: MessageId, withReason: MessageId, values: MessageValues = {}) =>
  p.reason ? t(withReason, { ...values, reason: p.reason }) : t(without, values);

const KINDS: Record<string, { title: MessageId; message: (p: Params) => string }> = {
  CardRequested: {
    title: 'shell.title.cardRequested',
    message: (p) => t('shell.notice.CardRequested', { tier: tierName(p.tier) }),
  },
  CardPaymentSubmitted: {
    title: 'shell.title.verifyingPayment',
    message: () => t('shell.notice.CardPaymentSubmitted'),
  },
  CardActivated: { title: 'shell.title.cardActivated', message: () => t('shell.notice.CardActivated') },
  CardShipped: {
    title: 'shell.title.cardShipped',
    message: (p) =>
      t('shell.notice.CardShipped', {
        trackingNumber: p.trackingNumber,
        estimatedDelivery: shownDay(p.estimatedDelivery),
      }),
  },
  CardDelivered: { title: 'shell.title.cardDelivered', message: () => t('shell.notice.CardDelivered') },
  CardFrozen: { title: 'shell.title.cardFrozen', message: () => t('shell.notice.CardFrozen') },
  CardUnfrozen: { title: 'shell.title.cardUnfrozen', message: () => t('shell.notice.CardUnfrozen') },
  CardPinChanged: { title: 'shell.title.pinChanged', message: () => t('shell.notice.CardPinChanged') },
  CardTierUpgraded: {
    title: 'shell.title.cardUpgraded',
    message: (p) => t('shell.notice.CardTierUpgraded', { to: tierName(p.to) }),
  },
  CardStaked: {
    title: 'shell.title.cardStakeChanged',
    message: (p) =>
      t('shell.notice.CardStaked', { tier: tierName(p.tier), staked: formatAsset(p.staked ?? '', 'SAI') }),
  },
  CardUpgraded: {
    title: 'shell.title.cardUpgraded',
    message: (p) => t('shell.notice.CardUpgraded', { from: tierName(p.from), to: tierName(p.to) }),
  },
  CryptoDepositConfirmed: {
    title: 'shell.title.depositConfirmed',
    message: (p) => t('shell.notice.CryptoDepositConfirmed', { amount: amount(p) }),
  },
  CryptoDepositRejected: {
    title: 'shell.title.depositRejected',
    message: (p) =>
      because(p, 'shell.notice.CryptoDepositRejected', 'shell.notice.CryptoDepositRejectedBecause'),
  },
  WithdrawalRequested: {
    title: 'shell.title.withdrawalInitiated',
    message: (p) => t('shell.notice.WithdrawalRequested', { amount: amount(p) }),
  },
  WithdrawalCompleted: {
    title: 'shell.title.withdrawalCompleted',
    message: (p) => t('shell.notice.WithdrawalCompleted', { amount: amount(p), txHash: p.txHash }),
  },
  WithdrawalFailed: {
    title: 'shell.title.withdrawalFailed',
    message: (p) =>
      because(p, 'shell.notice.WithdrawalFailed', 'shell.notice.WithdrawalFailedBecause', {
        amount: amount(p),
      }),
  },
  TokensTransferred: {
    title: 'shell.title.moneyReceived',
    message: (p) =>
      withNote(
        t('shell.notice.TokensTransferred', {
          amount: amount(p),
          from: p.from === ERASED_USERNAME ? t('shell.notice.erasedUser') : p.from,
        }),
        p.description,
      ),
  },
  TokensMinted: {
    title: 'shell.title.tokensReceived',
    message: (p) => withNote(t('shell.notice.TokensMinted', { amount: amount(p) }), p.description),
  },
  PaymentProofSubmitted: {
    title: 'shell.title.depositSubmitted',
    message: (p) => t('shell.notice.PaymentProofSubmitted', { amount: sai(p.amount) }),
  },
  PaymentApproved: {
    title: 'shell.title.paymentApproved',
    message: (p) => {
      const approved = t('shell.notice.PaymentApproved', { amount: sai(p.amount) });
      if (!p.fee) return approved;
      const rate = p.feeRate ?? '0';
      const fee = t('shell.notice.fee', {
        fee: sai(p.fee),
        rate: formatDecimal(rate, rate.split('.')[1]?.length ?? 0),
      });
      return `${approved} ${fee}`;
    },
  },
  PaymentRejected: {
    title: 'shell.title.paymentRejected',
    message: (p) => because(p, 'shell.notice.PaymentRejected', 'shell.notice.PaymentRejectedBecause'),
  },
  PasskeyAdded: { title: 'shell.title.passkeyAdded', message: () => t('shell.notice.PasskeyAdded') },
  PasskeyRemoved: { title: 'shell.title.passkeyRemoved', message: () => t('shell.notice.PasskeyRemoved') },
  SignedIn: {
    title: 'shell.title.newSignIn',
    message: (p) =>
      t('shell.notice.SignedIn', {
        browser: p.browser ?? t('shell.notice.unknownBrowser'),
        os: p.os ?? t('shell.notice.unknownSystem'),
      }),
  },
};

/** The kinds this client words itself (projections/bulk.int.test.ts holds the server's to them). */
export const WORDED_KINDS: readonly string[] = Object.keys(KINDS);

export function notificationText(notification: AppNotification): NotificationText {
  const known = notification.kind ? KINDS[notification.kind] : undefined;
  if (!known) return { title: notification.title, message: notification.message };
  return { title: t(known.title), message: known.message(notification.params ?? {}) };
}
