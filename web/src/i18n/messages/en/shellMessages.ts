/**
 * The shell's longer texts, kept apart from ./shell.ts (which merges them) so that neither file grows
 * past the size a file may have: the forms' validation messages (lib/validation.ts), the API's refusals
 * the client words in the person's language (lib/api.ts), and the titles of the notifications the server
 * writes (shell/NotificationBell.tsx). Every English text here is the server's or today's verbatim.
 */
export const shellMessages = {
  'shell.validation.email': 'Please enter a valid email address',
  'shell.validation.password':
    '{min, plural, one {Password must be at least # character} other {Password must be at least # characters}}',
  'shell.validation.username':
    '{min, plural, one {Username must be at least # character} other {Username must be at least # characters}}',
  'shell.validation.passwordsMatch': "Passwords don't match",
  'shell.validation.terms': 'You must agree to the terms and conditions',
  'shell.validation.totp': 'Enter the 6-digit code from your authenticator app',
  'shell.validation.recipientEmail': 'Valid email is required',
  'shell.validation.amount': 'Amount must be a positive number',
  'shell.validation.amountPrecision': 'Amount can have at most 2 decimal places',
  'shell.validation.insufficientBalance':
    'Insufficient balance: You do not have enough SAI tokens to complete this transaction.',
  'shell.validation.description':
    '{max, plural, one {Description must be at most # character} other {Description must be at most # characters}}',
  'shell.validation.notes':
    '{max, plural, one {Notes must be at most # character} other {Notes must be at most # characters}}',
  'shell.api.unreachable': 'Could not reach the server. Check your connection and try again.',
  'shell.api.interrupted': 'The download was interrupted. Please try again.',
  'shell.api.suspended': 'Your account is suspended. Please contact support.',
  'shell.api.totpInvalid': 'Invalid authentication code. Please try again.',
  'shell.api.passkeyRequired': 'Confirm the sign-in with your passkey',
  'shell.api.passkeyInvalid': 'That passkey could not be verified. Please try again.',
  'shell.api.passkeyUnknown': 'That passkey could not be verified. Try again, or sign in with your password.',
  'shell.api.reauthTotp': 'Enter the 6-digit code from your authenticator app to confirm',
  'shell.api.reauthPassword': 'Enter your password to confirm',
  'shell.api.reauthTotpWrong':
    'That code is not valid, or was already used. Wait for the next code and try again.',
  'shell.api.reauthPasswordWrong': 'That password is not correct',
  'shell.api.ledgerFrozen':
    'Money movements are paused: the ledger failed its continuous verification and is being checked. Please try again later.',
  'shell.api.mailReset': 'Password reset is unavailable: this server cannot send e-mail. Contact support.',
  'shell.api.mailEmailChange':
    'Changing the e-mail address is unavailable: this server cannot send e-mail. Contact support.',
  'shell.api.timeout':
    'The request took too long. It may still complete: check before retrying, or retry with the same Idempotency-Key.',
  'shell.api.csrf': 'Cross-origin request refused',
  'shell.api.receiptUnavailable': 'The receipt is not available yet. Please try again in a moment.',
  'shell.api.proofUnavailable': 'Liability proofs are unavailable until the next statement',
  'shell.api.noStatement': 'No liabilities statement has been published yet',
  'shell.api.heldNothing': 'You held no balance at the latest liabilities statement',
  'shell.api.personHoldsMoney':
    'This person still holds money or has movements open: those must be settled before the erasure.',
  'shell.api.tooMany': 'Too many attempts. Please wait a moment and try again.',
  'shell.api.serverError': 'Something went wrong on our side. Please try again.',
  'shell.api.unavailable': 'The service is temporarily unavailable. Please try again shortly.',
  'shell.api.changed': 'The data changed while your request ran. Please try again.',
  'shell.api.invalidCredentials': 'Invalid email or password',
  'shell.api.linkInvalid': 'This link is invalid, already used or expired. Ask for a new one.',
  'shell.api.linkIncomplete': 'The link is incomplete',
  'shell.api.emailTaken': 'Email already registered',
  'shell.api.usernameTaken': 'Username already taken',
  'shell.api.usernameCharacters': 'Username may only contain letters, numbers, dots, dashes and underscores',
  'shell.title.cardRequested': 'Card request submitted',
  'shell.title.verifyingPayment': 'Verifying payment',
  'shell.title.cardActivated': 'Card activated',
  'shell.title.cardShipped': 'Card shipped',
  'shell.title.cardDelivered': 'Card delivered',
  'shell.title.cardFrozen': 'Card frozen',
  'shell.title.cardUnfrozen': 'Card unfrozen',
  'shell.title.pinChanged': 'PIN changed',
  'shell.title.cardUpgraded': 'Card upgraded',
  'shell.title.depositConfirmed': 'Deposit confirmed',
  'shell.title.depositRejected': 'Deposit rejected',
  'shell.title.withdrawalInitiated': 'Withdrawal Initiated',
  'shell.title.withdrawalCompleted': 'Withdrawal completed',
  'shell.title.withdrawalFailed': 'Withdrawal failed',
  'shell.title.moneyReceived': 'Money received',
  'shell.title.tokensReceived': 'Tokens received',
  'shell.title.depositSubmitted': 'Deposit submitted',
  'shell.title.paymentApproved': 'Payment approved',
  'shell.title.paymentRejected': 'Payment rejected',
  'shell.title.passkeyAdded': 'Passkey added',
  'shell.title.passkeyRemoved': 'Passkey removed',
  'shell.title.newSignIn': 'New sign-in',
  'shell.validation.cryptoPositive': 'Amount must be greater than 0',
  'shell.validation.cryptoPrecision': 'Amount can have at most {places} decimal places',
  'shell.validation.cryptoInsufficient': 'Insufficient balance. You have {amount} {currency} available.',
  'shell.api.receiverUnverified':
    "This account's e-mail address is not confirmed yet: it cannot receive funds until the link mailed to it is opened.",
  'shell.api.secondFactorUnverified':
    'Confirm your e-mail address first: a second factor can be added once the link mailed to it is opened.',
  'shell.api.mailVerify':
    'Confirming the e-mail address is unavailable: this server cannot send e-mail. Contact support.',
};
