import type { UserId } from '../../domain/shared/ids.ts';
import type { EventMetadata } from '../../infra/eventStore/eventStore.ts';
import type { RemovedFactors } from '../auth/recovery.ts';
import { loadUser } from '../auth/users.service.ts';
import type { AppContext } from '../context.ts';
import type { Mail } from './mailer.ts';
import { maskAddress } from './messages.ts';
import { inBackground } from './passwordReset.ts';
import { sendUserMail } from './userMail.ts';

/**
 * Every change to how one signs in or recovers the account is announced by mail to the account's address
 * (docs/security.md "Step-up and notices"): a thief who got in with a stolen session or password cannot
 * change the locks without the owner being told. Sent after the change has been answered (inBackground):
 * a mail server down never undoes or delays the change, and its failure is a log line.
 */
export type SecurityChange =
  | 'two_factor_enabled'
  | 'two_factor_disabled'
  | 'passkey_added'
  | 'passkey_removed'
  | 'password_changed'
  | 'password_reset'
  | 'email_changed'
  | 'account_reclaimed';

const WHAT: Record<SecurityChange, string> = {
  two_factor_enabled: 'Two-factor authentication was turned on for your SAI Wallet account.',
  two_factor_disabled: 'Two-factor authentication was turned off for your SAI Wallet account.',
  passkey_added: 'A passkey was added to your SAI Wallet account.',
  passkey_removed: 'A passkey was removed from your SAI Wallet account.',
  password_changed:
    'The password of your SAI Wallet account was changed. Your other sessions were signed out, and any pending change of your e-mail address was cancelled.',
  password_reset:
    'The password of your SAI Wallet account was reset through a link sent to this address. Every session was signed out, and any pending change of your e-mail address was cancelled.',
  email_changed: 'The e-mail address of your SAI Wallet account was changed.',
  account_reclaimed:
    'You took over the SAI Wallet account registered with this address and confirmed it. Whoever registered it was signed out everywhere, their password no longer works, and any second factor or pending change of the e-mail address was removed. Check the name and username under Profile.',
};

export function securityNoticeMail(to: string, change: SecurityChange, detail?: string): Mail {
  return {
    to,
    purpose: 'security_notice',
    subject: 'A security change on your SAI Wallet account',
    text: [
      WHAT[change],
      ...(detail ? [detail] : []),
      '',
      'If this was you, there is nothing to do. You can review it under Profile → Security.',
      'If it was not you, reset your password from the sign-in page ("Forgot password?") now: that signs out every session and cancels pending changes. Then check your passkeys and two-factor settings, and contact support.',
    ].join('\n'),
  };
}

const minute = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * What a reset by mail removed (app/auth/recovery.ts), for its notice; undefined when nothing. The owner
 * learns which factors went, so that one of their own can be enrolled again, and one they never added
 * tells them who else was in.
 */
export function removedFactorsText(removed: RemovedFactors): string | undefined {
  const lines = [
    ...(removed.twoFactor ? ['- two-factor authentication with an authenticator app (it is now off)'] : []),
    ...removed.passkeys.map((p) => `- the passkey "${p.name}", added ${minute(p.createdAt)}`),
  ];
  if (lines.length === 0) return undefined;
  return [
    'These ways of signing in were added after the last sign-in that passed all of your factors, so the reset removed them:',
    ...lines,
    'If one of them was yours, add it again under Profile → Security.',
  ].join('\n');
}

type Ctx = Parameters<typeof sendUserMail>[0] & Pick<AppContext, 'logger'>;

/**
 * Announces `change` to the account's current address (and, for an e-mail change, to the address it had:
 * `previousEmail`), once the caller has answered.
 */
export function announceSecurityChange(
  ctx: Ctx,
  userId: UserId,
  change: SecurityChange,
  metadata: EventMetadata,
  options: { previousEmail?: string; detail?: string | undefined } = {},
): void {
  inBackground(ctx, `security_${change}`, async () => {
    const user = await loadUser(ctx, userId);
    if (user?.status !== 'active') return;
    const recipients = [user.email];
    if (options.previousEmail && options.previousEmail !== user.email) recipients.push(options.previousEmail);
    const detail =
      change === 'email_changed'
        ? `It is now ${maskAddress(user.email)}; sign-in uses that address.`
        : options.detail;
    for (const to of recipients)
      await sendUserMail(ctx, userId, securityNoticeMail(to, change, detail), metadata);
  });
}
