import { ConflictError, ValidationError } from '../../domain/shared/errors.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import type { EventMetadata, LogPosition } from '../../infra/eventStore/eventStore.ts';
import { storeNewPassword } from '../account/account.service.ts';
import { hashSecret } from '../auth/credentials.ts';
import { type RemovedFactors, removeEverySecondFactor } from '../auth/recovery.ts';
import { findUserIdByEmail, loadUser, runUserCommand } from '../auth/users.service.ts';
import type { AppContext } from '../context.ts';
import { dropTokens, findToken, issueToken, spendToken } from './accountTokens.table.ts';
import { accountReclaimMail, emailVerificationMail } from './messages.ts';
import { sendUserMail } from './userMail.ts';

/**
 * E-mail verification (docs/security.md, "Account recovery"): a registration is unverified until the link
 * mailed to its address is opened. The link does one of two things, chosen on its page:
 * - **confirm**, in a session of the account or with its password: the registrant proves the mailbox;
 * - **reclaim**, with a new password: the mailbox's owner, who did not register, takes the account: the
 *   old password stops working, every session ends, every mailed link and second factor goes.
 * The log records only EmailVerified (how, and when) and, on a reclaim, PasswordChanged; never the link.
 */
type Ctx = Pick<
  AppContext,
  'store' | 'cache' | 'pool' | 'now' | 'privacy' | 'mailer' | 'logger' | 'config' | 'ledgerFreeze'
>;

export const VERIFY_LINK_INVALID = 'This link is invalid, already used or expired. Ask for a new one.';
export const ALREADY_VERIFIED = 'This e-mail address is already confirmed.';

function verificationLink(ctx: Ctx, token: string): string {
  return `${ctx.config.PUBLIC_URL}/verify-email#token=${token}`;
}

/**
 * Mails the account a new verification link, unless it is verified already (then nothing). At
 * registration and on "Send the link again"; run after the answer has gone (inBackground).
 */
export async function sendVerificationLink(ctx: Ctx, userId: UserId, metadata: EventMetadata): Promise<void> {
  const user = await loadUser(ctx, userId);
  if (!user || user.emailVerified) return;
  const token = await issueToken(ctx.pool, userId, 'email_verification', ctx.now());
  await sendUserMail(ctx, userId, emailVerificationMail(user.email, verificationLink(ctx, token)), metadata);
}

/**
 * A registration with an address another account holds: when that account is still unverified, its
 * address gets a link that lets its owner take it back; else nothing. The registration's answer is the same
 * either way (409, docs/security.md) and does not wait for this: run it with `inBackground`.
 */
export async function sendReclaimLink(ctx: Ctx, email: string, metadata: EventMetadata): Promise<void> {
  const userId = await findUserIdByEmail(ctx, email);
  const user = userId ? await loadUser(ctx, userId) : null;
  if (!user || user.emailVerified) return;
  const token = await issueToken(ctx.pool, user.userId, 'email_verification', ctx.now());
  await sendUserMail(
    ctx,
    user.userId,
    accountReclaimMail(user.email, verificationLink(ctx, token)),
    metadata,
  );
}

/**
 * Whether confirming with `token` needs the account's password: not when `session` is one of the account's.
 * The link proves the mailbox, not the person who registered: an owner who opens the mail of a stranger's
 * registration must not confirm the stranger's account by it. Null for a link that cannot be used.
 */
export async function verificationNeedsPassword(
  ctx: Ctx,
  token: string,
  session: { userId: UserId } | null,
): Promise<{ userId: UserId; needsPassword: boolean } | null> {
  const pending = await findToken(ctx.pool, token, 'email_verification', ctx.now());
  if (!pending) return null;
  return { userId: pending.userId, needsPassword: session?.userId !== pending.userId };
}

/** Confirms the address: spends the link (and every other verification link of the account). */
export async function confirmEmailVerification(
  ctx: Ctx,
  token: string,
  metadata: EventMetadata,
): Promise<{ userId: UserId; position: LogPosition | null }> {
  const spent = await spendToken(ctx.pool, token, 'email_verification', ctx.now());
  if (!spent) throw new ValidationError(VERIFY_LINK_INVALID, { code: 'link_invalid' });
  const { position } = await runUserCommand(
    ctx,
    { type: 'VerifyEmail', data: { userId: spent.userId, via: 'link' }, now: ctx.now() },
    { ...metadata, actorId: spent.userId },
  );
  await dropTokens(ctx.pool, spent.userId, 'email_verification');
  return { userId: spent.userId, position };
}

/**
 * The owner of the address takes the unverified account: a new password (PasswordChanged; every session
 * ends, every pending e-mail change goes: storeNewPassword), every mailed link spent, every second factor
 * removed, then EmailVerified ('reclaim'). Refused (409) once the account is verified: then the address
 * was proven by whoever holds the account, and "Forgot password?" is the owner's way. It does not sign in.
 * What the previous holder could have done meanwhile is bounded by the rules of an unverified account: it
 * received no money and enrolled no factor; its profile and username stay for the owner to edit.
 */
export async function reclaimAccount(
  ctx: Ctx,
  token: string,
  newPassword: string,
  metadata: EventMetadata,
): Promise<{ userId: UserId; position: LogPosition | null; endedSessions: number; removed: RemovedFactors }> {
  // Hashed before the token is spent: a failure here leaves the link usable.
  const passwordHash = await hashSecret(newPassword);
  const pending = await findToken(ctx.pool, token, 'email_verification', ctx.now());
  if (pending && (await loadUser(ctx, pending.userId))?.emailVerified) {
    throw new ConflictError(ALREADY_VERIFIED, { code: 'link_invalid' });
  }
  const spent = await spendToken(ctx.pool, token, 'email_verification', ctx.now());
  if (!spent) throw new ValidationError(VERIFY_LINK_INVALID, { code: 'link_invalid' });
  const userId = spent.userId;
  const by = { ...metadata, actorId: userId };
  const { endedSessions } = await storeNewPassword(ctx, userId, passwordHash, by, {
    reason: 'account_reclaimed',
  });
  await dropTokens(ctx.pool, userId);
  // After the sessions ended, so that no session of the previous holder can add a factor meanwhile.
  const removed = await removeEverySecondFactor(ctx, userId, by);
  const { position } = await runUserCommand(
    ctx,
    { type: 'VerifyEmail', data: { userId, via: 'reclaim' }, now: ctx.now() },
    by,
  );
  return { userId, position, endedSessions, removed };
}
