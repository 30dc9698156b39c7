/**
 * The texts of the notifications (the bell and the notifications page), worded from each notification's
 * kind and params (lib/notificationText.ts, projections/notifications/noticeParams.ts). The English is the
 * server's own text of the same notice, so a notification reads the same whichever wrote it. `{amount}` is
 * an amount with its asset ("12.50 USDT"), already in the reader's notation.
 */
export const shellNotices = {
  'shell.title.cardStakeChanged': 'Card stake changed',
  'shell.notice.CardRequested':
    'Your {tier} card was requested. It activates once your deposit is confirmed.',
  'shell.notice.CardPaymentSubmitted': 'We are verifying your payment for your card (1-2 business days).',
  'shell.notice.CardActivated': 'Your metal card is active.',
  'shell.notice.CardShipped':
    'Your card is on its way by courier (3-7 working days). Tracking number {trackingNumber}, estimated delivery {estimatedDelivery}.',
  'shell.notice.CardDelivered': 'Your card has been delivered. Enjoy it!',
  'shell.notice.CardFrozen': 'Your card is frozen; no payments go through until you unfreeze it.',
  'shell.notice.CardUnfrozen': 'Your card works again.',
  'shell.notice.CardPinChanged':
    'Your card PIN was changed. If this was not you, freeze the card and contact support.',
  'shell.notice.CardTierUpgraded': 'Your card is now {to}.',
  'shell.notice.CardStaked': 'Your card is now {tier}. SAI staked for it: {staked}.',
  'shell.notice.CardUpgraded': 'You upgraded your card from {from} to {to}. Its benefits apply from now on.',
  'shell.notice.CryptoDepositConfirmed': '{amount} were credited to your balance.',
  'shell.notice.CryptoDepositRejected': 'Your declared deposit was rejected.',
  'shell.notice.CryptoDepositRejectedBecause': 'Your declared deposit was rejected: {reason}',
  'shell.notice.WithdrawalRequested': 'Your withdrawal of {amount} is being processed (within 24 hours).',
  'shell.notice.WithdrawalCompleted': '{amount} were sent (transaction {txHash}).',
  'shell.notice.WithdrawalFailed': 'Your withdrawal failed. {amount} are back in your balance.',
  'shell.notice.WithdrawalFailedBecause':
    'Your withdrawal failed: {reason}. {amount} are back in your balance.',
  'shell.notice.TokensTransferred': 'You received {amount} from {from}.',
  'shell.notice.TokensMinted': '{amount} were added to your balance.',
  'shell.notice.PaymentProofSubmitted':
    'Your payment proof for {amount} is pending confirmation. Tokens are added automatically once it is confirmed (10-60 minutes).',
  'shell.notice.PaymentApproved': 'Your payment was approved: {amount} are now in your balance.',
  'shell.notice.fee': 'A conversion fee of {fee} ({rate}%) was charged on top.',
  'shell.notice.PaymentRejected': 'Your payment proof was rejected. You can submit a new one.',
  'shell.notice.PaymentRejectedBecause':
    'Your payment proof was rejected: {reason} You can submit a new one.',
  'shell.notice.PasskeyAdded':
    'A passkey was added to your account. If this was not you, remove it under Profile, Security, and change your password.',
  'shell.notice.PasskeyRemoved':
    'A passkey was removed from your account. If this was not you, change your password.',
  'shell.notice.SignedIn':
    'New sign-in from {browser} on {os}. If this was not you, sign that session out under Profile, Security and change your password.',
  'shell.notice.unknownBrowser': 'an unknown browser',
  'shell.notice.unknownSystem': 'an unknown system',
  'shell.notice.erasedUser': 'Erased user',
  'shell.notice.distribution': 'Token distribution',
  'shell.notice.quoted': '“{text}”',
};
