import { ValidationError } from '../../domain/shared/errors.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import type { EventMetadata, LogPosition } from '../../infra/eventStore/eventStore.ts';
import { storeNewPassword } from '../account/account.service.ts';
import { hashSecret } from '../auth/credentials.ts';
import { type RemovedFactors, removeFactorsSinceProvenSignIn } from '../auth/recovery.ts';
import { assertActive, findUserIdByEmail, loadUser } from '../auth/users.service.ts';
import type { AppContext } from '../context.ts';
import { dropTokens, issueToken, spendToken } from './accountTokens.table.ts';
import { passwordResetMail } from './messages.ts';
import { sendUserMail } from './userMail.ts';

type Ctx = Pick<
  AppContext,
  'store' | 'cache' | 'pool' | 'now' | 'privacy' | 'mailer' | 'logger' | 'config' | 'ledgerFreeze'
>;

export const RESET_LINK_INVALID = 'This link is invalid, already used or expired. Ask for a new one.';

/**
 * "Forgot password?": when `email` belongs to an active account, a one-time link to its address; else
 * nothing. The caller answers the same either way and does not wait for this (so the time does not tell
 * either): run it with `inBackground`.
 */
export async function sendPasswordResetLink(ctx: Ctx, email: string, metadata: EventMetadata): Promise<void> {
  const userId = await findUserIdByEmail(ctx, email);
  const user = userId ? await loadUser(ctx, userId) : null;
  if (user?.status !== 'active') return;
  const token = await issueToken(ctx.pool, user.userId, 'password_reset', ctx.now());
  // To the address the account has, not as typed: the same address, but the account's spelling.
  await sendUserMail(
    ctx,
    user.userId,
    passwordResetMail(user.email, `${ctx.config.PUBLIC_URL}/reset-password#token=${token}`),
    metadata,
  );
}

/**
 * The link's use: sets the new password (PasswordChanged in the log, as a change from the profile does),
 * ends every session of the user, spends every reset link they have, and removes the second factors
 * enrolled since the last proven sign-in (app/auth/recovery.ts). It does not sign in: the person signs in
 * with the new password, and with the second factor they kept, which a reset link alone must not bypass.
 */
export async function resetPassword(
  ctx: Ctx,
  token: string,
  newPassword: string,
  metadata: EventMetadata,
): Promise<{
  position: LogPosition | null;
  endedSessions: number;
  userId: UserId;
  removed: RemovedFactors;
}> {
  // Hashed before the token is spent: a failure here leaves the link usable.
  const passwordHash = await hashSecret(newPassword);
  const spent = await spendToken(ctx.pool, token, 'password_reset', ctx.now());
  if (!spent) throw new ValidationError(RESET_LINK_INVALID, { code: 'link_invalid' });
  await assertActive(ctx, spent.userId);
  const { position, endedSessions } = await storeNewPassword(
    ctx,
    spent.userId,
    passwordHash,
    { ...metadata, actorId: spent.userId },
    { reason: 'password_reset' },
  );
  await dropTokens(ctx.pool, spent.userId, 'password_reset');
  // After the sessions ended, so that no session of the thief's can enrol another factor meanwhile. A
  // failure here leaves the password reset and the factors in place; the next reset removes them.
  const removed = await removeFactorsSinceProvenSignIn(ctx, spent.userId, {
    ...metadata,
    actorId: spent.userId,
  });
  return { position, endedSessions, userId: spent.userId, removed };
}

/**
 * Runs mail work after the answer has gone: its failure is logged by purpose and error name only (an SMTP
 * error may quote the address; the mail holds a link), never thrown at the person.
 */
export function inBackground(
  ctx: Pick<AppContext, 'logger'>,
  purpose: string,
  work: () => Promise<void>,
): void {
  work().catch((error: unknown) => {
    const name = error instanceof Error ? error.name : 'Error';
    const code = (error as { code?: unknown }).code;
    ctx.logger.warn({ purpose, err: name, code: typeof code === 'string' ? code : undefined }, 'mail failed');
  });
}
