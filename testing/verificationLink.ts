/**
 * The token of the newest e-mail verification link among `mails` (as GET /api/dev/outbox lists them),
 * for harnesses that drive a server process over HTTP and follow the mailed link as its owner would.
 */
export function verificationToken(mails: readonly { text: string; purpose: string }[]): string {
  for (const mail of mails) {
    if (mail.purpose !== 'email_verification') continue;
    const match = /\/verify-email#token=([A-Za-z0-9_-]{43})/.exec(mail.text);
    if (match?.[1]) return match[1];
  }
  throw new Error('no e-mail verification link in the outbox');
}
