/**
 * The API's refusals that the client words in the person's language beyond ./shellMessages.ts (merged by
 * ./shell.ts): the server's English texts, verbatim, with `{name}` where the server's text carries a value
 * (parsed out of it by web/src/lib/refusals.ts), and a general wording per code for a text it does not know.
 */
export const shellRefusals = {
  'shell.api.reauthRequired': 'Confirm with your password or your authenticator code',
  'shell.api.reauthWrong': 'That confirmation is not correct. Please try again.',
  'shell.api.stepUp': 'Confirm this transfer with your password or authenticator code',
  'shell.api.mailUnavailable': 'This is unavailable: this server cannot send e-mail. Contact support.',
  'shell.api.proofsDamaged':
    'Ledger proofs unavailable: the stored tree is damaged; the operator has been alerted',
  'shell.api.shortOfResources': 'The service is short of resources for a moment. Please try again shortly.',
  'shell.api.busy': 'The service is busy for a moment. Please try again.',
  'shell.api.signIn': 'Please sign in to continue',
  'shell.api.twoFactorOn': 'Two-factor authentication is already enabled',
  'shell.api.alreadyVerified': 'This e-mail address is already confirmed.',
  'shell.api.sessionNotFound': 'Session not found',
  'shell.api.passkeyNotFound': 'Passkey not found',
  'shell.api.transactionNotFound': 'Transaction not found',
  'shell.api.invalidCharacters': 'Contains invalid characters',
  'shell.api.textNotAllowed':
    'This text contains an invisible or control character that cannot be stored. Remove it and try again.',
  'shell.api.valueTaken': 'This is already used by another account',
  'shell.api.networkUnsupported': '{currency} cannot be deposited on that network',
  'shell.api.networkUnavailable': 'This currency cannot be deposited on that network',
  'shell.api.selectNetwork': 'Please select a network',
  'shell.api.txHashInvalid': 'This is not a valid transaction hash for that network',
  'shell.api.txHashRequired': 'Enter the transaction hash of this deposit to confirm it',
  'shell.api.txHashMismatch': 'This deposit was declared with another transaction hash',
  'shell.api.txCredited': 'This transaction has already been credited to a deposit on {network}',
  'shell.api.txDeclared': 'This transaction hash has already been declared for a deposit on {network}',
  'shell.api.txHashTaken': 'This transaction hash is already used by another deposit',
  'shell.api.userNotFound': 'User not found',
  'shell.api.recipientNotFound': 'Recipient not found',
  'shell.api.receiverSuspended': "The recipient's account is suspended and cannot receive funds.",
  'shell.api.selfTransfer': 'You cannot send tokens to yourself',
  'shell.api.insufficientFunds': 'Your available balance is not enough for this',
  'shell.api.stakeInsufficient':
    'Staking for {tier} holds {staked} SAI: {more} SAI more than your stake, and you have {available} SAI available.',
  'shell.api.passwordIncorrect': 'Current password is incorrect',
  'shell.api.currencyNotPriced': '{currency} has no price set, so a purchase in it cannot be quoted',
  'shell.api.notPriced': 'This currency has no price set, so a purchase in it cannot be quoted',
  'shell.api.quoteChanged':
    'The price changed since it was quoted: the fee is now {fee} SAI and you pay {amount} {currency}. Review the new quote and submit again.',
  'shell.api.quoteStale': 'The price changed since it was quoted. Review the new quote and submit again.',
  'shell.api.addressInvalid':
    'This is not a valid address for that network: check it character by character or copy it again from your wallet.',
  'shell.api.depositUnavailable':
    'Deposits in {currency} on {network} are not available yet: no deposit address is set',
  'shell.api.depositsUnavailable':
    'Deposits in this currency on that network are not available yet: no deposit address is set',
  'shell.api.emailUnchanged': 'This is already your e-mail address',
  'shell.api.cardNotFound': 'Card not found',
  'shell.api.notificationNotFound': 'Notification not found',
  'shell.api.depositDeclaredAlready': 'This deposit was already declared',
  'shell.api.withdrawalRequested': 'This withdrawal was already requested',
  'shell.api.cannotWithdrawOn': '{currency} cannot be withdrawn on {network}',
};
