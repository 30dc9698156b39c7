import type { Mail } from './mailer.ts';

/**
 * The text of the product's mail. Plain text (every client shows it; nothing to sanitise); a link is the
 * only way to act on a mail, and it carries its token in the fragment (accountTokens.table.ts).
 */
export function passwordResetMail(to: string, link: string): Mail {
  return {
    to,
    purpose: 'password_reset',
    subject: 'Reset your SAI Wallet password',
    text: [
      'Someone, hopefully you, asked to reset the password of the SAI Wallet account of this address.',
      '',
      'To choose a new password, open this link within 30 minutes:',
      link,
      '',
      'The link works once. Using it signs out every device signed in to the account.',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ].join('\n'),
  };
}

export function emailChangeConfirmMail(to: string, link: string): Mail {
  return {
    to,
    purpose: 'email_change',
    subject: 'Confirm your new SAI Wallet e-mail address',
    text: [
      'You asked to use this address for your SAI Wallet account.',
      '',
      'To confirm it, open this link within 30 minutes:',
      link,
      '',
      'Until you do, you keep signing in with your current address.',
      'If you did not ask for this, ignore this mail: nothing changes.',
    ].join('\n'),
  };
}

export function emailChangeNoticeMail(to: string, newAddress: string): Mail {
  return {
    to,
    purpose: 'email_change_notice',
    subject: 'A change of your SAI Wallet e-mail address was requested',
    text: [
      `Someone signed in to your SAI Wallet account asked to change its e-mail address to ${maskAddress(newAddress)}.`,
      '',
      'The change happens only once the new address is confirmed, through a link mailed to it.',
      'If this was not you, change your password now and sign out the other sessions from your profile.',
    ].join('\n'),
  };
}

/** "a***@example.org": enough for the owner to recognise, not the whole address. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address[0]}***${address.slice(at)}`;
}

/** The link of a new registration (app/mail/emailVerification.ts): it confirms, or takes the account back. */
export function emailVerificationMail(to: string, link: string): Mail {
  return {
    to,
    purpose: 'email_verification',
    subject: 'Confirm your SAI Wallet e-mail address',
    text: [
      'An SAI Wallet account was registered with this address.',
      '',
      'If it was you, open this link within 24 hours to confirm the address:',
      link,
      '',
      'Until you do, the account cannot receive money nor add a second factor.',
      'If it was not you, open the same link and choose "This is my address": you set a password and the',
      'account becomes yours; whoever registered it is signed out and their password stops working.',
    ].join('\n'),
  };
}

/** Someone registered again with the address of an account that is still unconfirmed. */
export function accountReclaimMail(to: string, link: string): Mail {
  return {
    to,
    purpose: 'email_verification',
    subject: 'Your SAI Wallet e-mail address is waiting to be confirmed',
    text: [
      'Someone, hopefully you, tried to register an SAI Wallet account with this address. An account with it',
      'already exists, but the address was never confirmed.',
      '',
      'If that account is yours, open this link within 24 hours to confirm the address:',
      link,
      '',
      'If it is not, open the same link and choose "This is my address": you set a password and the account',
      'becomes yours; whoever registered it is signed out and their password stops working.',
    ].join('\n'),
  };
}
