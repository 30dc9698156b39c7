import { ConflictError, ValidationError } from '../../domain/shared/errors.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import { normaliseUniqueValue } from '../../domain/users/uniqueValue.ts';
import type { EventMetadata, LogPosition } from '../../infra/eventStore/eventStore.ts';
import { loadPasswordHash } from '../auth/credentials.table.ts';
import { verifySecret } from '../auth/credentials.ts';
import { publicSessionId } from '../auth/sessions.ts';
import {
  assertActive,
  findUserIdByEmail,
  type RegisteredUser,
  releaseUniqueValue,
  reserveUniqueValue,
  runUserCommand,
} from '../auth/users.service.ts';
import type { AppContext } from '../context.ts';
import { dropTokens, findToken, issueToken, spendToken } from './accountTokens.table.ts';
import { emailChangeConfirmMail, emailChangeNoticeMail } from './messages.ts';
import { sendUserMail } from './userMail.ts';

type Ctx = Pick<
  AppContext,
  'store' | 'cache' | 'pool' | 'now' | 'privacy' | 'mailer' | 'logger' | 'config' | 'ledgerFreeze'
>;

export const EMAIL_TAKEN = 'Email already registered';
export const CONFIRM_LINK_INVALID = 'This link is invalid, already used or expired. Ask for a new one.';

/**
 * Change of e-mail, step 1 (docs/architecture/security.md, "E-mail change"): the current password proves
 * the holder; an address another account uses is refused as at registration; a one-time link goes to the
 * new address and a notice to the current one. Nothing changes, and nothing is reserved, until the link is
 * used: a request cannot hold someone else's address.
 */
export async function requestEmailChange(
  ctx: Ctx,
  userId: UserId,
  sessionId: string,
  input: { newEmail: string; currentPassword: string },
  metadata: EventMetadata,
): Promise<{ confirm: () => Promise<void> }> {
  const user = await assertActive(ctx, userId);
  const hash = await loadPasswordHash(ctx.pool, userId);
  if (!hash || !(await verifySecret(hash, input.currentPassword))) {
    throw new ValidationError('Current password is incorrect', { code: 'password_incorrect' });
  }
  const newEmail = input.newEmail.trim();
  if (normaliseUniqueValue(newEmail) === normaliseUniqueValue(user.email)) {
    throw new ValidationError('This is already your e-mail address', { code: 'email_unchanged' });
  }
  await assertAddressFree(ctx, userId, newEmail);
  // The link confirms without a password only in the session that asked: by its public id, not its key.
  const token = await issueToken(
    ctx.pool,
    userId,
    'email_change',
    ctx.now(),
    newEmail,
    publicSessionId(sessionId),
  );
  const link = `${ctx.config.PUBLIC_URL}/confirm-email#token=${token}`;
  // The caller sends once it has answered: the SMTP round trips are not the person's wait.
  return {
    confirm: async () => {
      await sendUserMail(ctx, userId, emailChangeConfirmMail(newEmail, link), metadata);
      await sendUserMail(ctx, userId, emailChangeNoticeMail(user.email, newEmail), metadata);
    },
  };
}

async function assertAddressFree(ctx: Ctx, userId: UserId, address: string): Promise<void> {
  const holder = await findUserIdByEmail(ctx, address);
  if (holder !== null && holder !== userId) {
    throw new ConflictError(EMAIL_TAKEN, { code: 'value_taken', attribute: 'newEmail' });
  }
}

/**
 * Whether confirming `token` needs the account's password: it does unless `session` is the live session
 * that asked for the change. The link alone proves the new mailbox, not the person who asked: whoever
 * gets someone else to open a link to their own account's change (or finds a forwarded mail) must not
 * attach that address without the password. Null for a link that cannot be used.
 */
export async function confirmationNeedsPassword(
  ctx: Ctx,
  token: string,
  session: { sessionId: string; userId: UserId } | null,
): Promise<{ userId: UserId; needsPassword: boolean } | null> {
  const pending = await findToken(ctx.pool, token, 'email_change', ctx.now());
  if (!pending) return null;
  const asking =
    session !== null &&
    session.userId === pending.userId &&
    pending.sessionId !== null &&
    publicSessionId(session.sessionId) === pending.sessionId;
  return { userId: pending.userId, needsPassword: !asking };
}

/**
 * Step 2, the link's use: the new address is reserved through the registration's uniqueness streams (the
 * first writer wins, so a registration racing for it is refused or wins), UserEmailChanged lands on the
 * user's stream, then the old address is released. Sign-in works with the new address from then on only.
 */
export async function confirmEmailChange(
  ctx: Ctx,
  token: string,
  metadata: EventMetadata,
): Promise<{ user: RegisteredUser; position: LogPosition | null; previousEmail: string }> {
  const spent = await spendToken(ctx.pool, token, 'email_change', ctx.now());
  if (!spent?.newEmail) throw new ValidationError(CONFIRM_LINK_INVALID, { code: 'link_invalid' });
  const { userId, newEmail } = spent;
  const before = await assertActive(ctx, userId);
  const by = { ...metadata, actorId: userId };
  await reserveUniqueValue(ctx, 'email', newEmail, userId, by);
  let result: { user: RegisteredUser; position: LogPosition | null };
  try {
    result = await runUserCommand(
      ctx,
      { type: 'ChangeEmail', data: { userId, email: newEmail }, now: ctx.now() },
      by,
    );
  } catch (error) {
    await releaseUniqueValue(ctx, 'email', newEmail, userId, 'changed', by).catch(() => {});
    throw error;
  }
  if (normaliseUniqueValue(before.email) !== normaliseUniqueValue(newEmail)) {
    await releaseUniqueValue(ctx, 'email', before.email, userId, 'changed', by);
  }
  // A reset link mailed to the old address must not outlive it (whoever reads that mailbox now is not
  // the account's address any more).
  await dropTokens(ctx.pool, userId, 'password_reset');
  return { ...result, previousEmail: before.email };
}
