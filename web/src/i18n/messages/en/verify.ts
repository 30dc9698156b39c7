/** The /verify page's verdicts (the rest of the page is in English only, as the public ledger pages are). */
export const verify = {
  'verify.checking': 'Checking…',
  'verify.verified': 'Verified',
  'verify.notVerified': 'Not verified: {check}',
  'verify.notFromSaiWallet': 'Not from SAI Wallet',
  'verify.notFromSaiWalletWhy':
    'This file was not signed with a key SAI Wallet publishes, or not at a time that key was in use. Anyone can make a file that checks out against a key of their own, so only a signature by the key SAI Wallet publishes shows that a file comes from its ledger.',
  'verify.announceVerified': '{name}: verified',
  'verify.announceNotVerified': '{name}: not verified, {check}',
  'verify.announceNotFromSaiWallet': '{name}: not from SAI Wallet',
  'verify.tooLarge': '{name} is larger than {limit} KiB: a receipt or a liability proof is far smaller.',
};
