import { ConflictError, ValidationError } from '../../domain/shared/errors.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import type { PreferencesInput } from '../../domain/users/preferences.ts';
import type { EventMetadata, LogPosition } from '../../infra/eventStore/eventStore.ts';
import { type PoolClient, withTransaction } from '../../infra/postgres/pool.ts';
import { loadPasswordHash, savePasswordHash } from '../auth/credentials.table.ts';
import { hashSecret, verifySecret } from '../auth/credentials.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { deleteTotpSecret, hasTotpSecret } from '../auth/totp.table.ts';
import { startTotpEnrolment, totpEncryptionKey, verifyTotpCode } from '../auth/totp.ts';
import {
  assertActive,
  assertSecondFactorAllowed,
  type RegisteredUser,
  runUserCommand,
} from '../auth/users.service.ts';
import type { CommandContext } from '../commands/context.ts';
import type { AppContext } from '../context.ts';
import { dropTokens } from '../mail/accountTokens.table.ts';

/**
 * The user's own account settings. Every change is a command on the user's stream; secrets (password
 * hash, TOTP secret) go to their tables outside the log, and the log records only that they changed.
 */
type Ctx = CommandContext & Pick<AppContext, 'sessions'>;

const INVALID_CODE = 'Invalid authentication code. Please try again.';

export async function changePassword(
  ctx: Ctx,
  userId: UserId,
  keepSessionId: string,
  input: { currentPassword: string; newPassword: string },
  metadata: EventMetadata,
): Promise<{ position: LogPosition | null; endedSessions: number }> {
  await assertActive(ctx, userId);
  const hash = await loadPasswordHash(ctx.pool, userId);
  if (!hash || !(await verifySecret(hash, input.currentPassword))) {
    throw new ValidationError('Current password is incorrect', {
      code: 'password_incorrect',
    });
  }
  // Anyone else signed in as this user (perhaps with the old password) is signed out; this browser stays.
  return await storeNewPassword(ctx, userId, await hashSecret(input.newPassword), metadata, {
    reason: 'password_changed',
    keepSessionId,
  });
}

/**
 * A new password takes effect: its hash is stored (outside the log), PasswordChanged is appended, and the
 * user's sessions end, all but `keepSessionId` when given. Shared by the profile's change and the mailed
 * reset (app/mail/passwordReset.ts).
 */
export async function storeNewPassword(
  ctx: Parameters<typeof runUserCommand>[0],
  userId: UserId,
  passwordHash: string,
  metadata: EventMetadata,
  sessions: { reason: string; keepSessionId?: string },
): Promise<{ position: LogPosition | null; endedSessions: number }> {
  await savePasswordHash(ctx.pool, userId, passwordHash);
  const { position } = await runUserCommand(
    ctx,
    { type: 'RecordPasswordChange', data: { userId }, now: ctx.now() },
    metadata,
  );
  const endedSessions = await revokeUserSessions(ctx.pool, userId, sessions.reason, sessions.keepSessionId);
  // A new password is the owner's remedy: it cancels every pending e-mail change (a thief who knew the old
  // password may have asked for one to his address).
  await dropTokens(ctx.pool, userId, 'email_change');
  return { position, endedSessions };
}

export async function savePreferences(
  ctx: Ctx,
  userId: UserId,
  preferences: PreferencesInput,
  metadata: EventMetadata,
): Promise<{ user: RegisteredUser; position: LogPosition | null }> {
  return await runUserCommand(
    ctx,
    { type: 'UpdatePreferences', data: { userId, preferences }, now: ctx.now() },
    metadata,
  );
}

/**
 * Set-up, enable and disable of one user run one at a time (across processes: an advisory lock held by
 * the transaction that writes `totp_secrets`), so a set-up cannot swap the secret while a code for the
 * previous one is being confirmed.
 */
export async function underTotpLock<T>(
  ctx: Pick<CommandContext, 'pool'>,
  userId: UserId,
  work: (tx: PoolClient) => Promise<T>,
): Promise<T> {
  return await withTransaction(ctx.pool, async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('sai:totp:' || $1, 0))`, [userId]);
    return await work(tx);
  });
}

export async function setUpTwoFactor(
  ctx: Ctx,
  userId: UserId,
): Promise<{ otpauthUri: string; qrCodeDataUrl: string }> {
  return await underTotpLock(ctx, userId, async (tx) => {
    const user = await assertActive(ctx, userId);
    if (user.twoFactorEnabled) throw new ConflictError('Two-factor authentication is already enabled');
    await assertSecondFactorAllowed(ctx, userId);
    return await startTotpEnrolment(tx, totpEncryptionKey(ctx.sessions.secret), user);
  });
}

/**
 * Runs the user's command to turn two-factor authentication on or off once `code` checks out against the
 * secret (the enrolment's, when turning it on); a wrong code is a 400 and runs nothing.
 */
async function onTotpCode(
  ctx: Ctx,
  tx: PoolClient,
  userId: UserId,
  code: string,
  type: 'EnableTwoFactor' | 'DisableTwoFactor',
  metadata: EventMetadata,
): Promise<LogPosition | null> {
  const key = totpEncryptionKey(ctx.sessions.secret);
  const options = type === 'EnableTwoFactor' ? { confirm: true } : undefined;
  if (!(await verifyTotpCode(tx, key, userId, code, ctx.now(), options))) {
    throw new ValidationError(INVALID_CODE, { code: 'two_factor_code_invalid' });
  }
  const { position } = await runUserCommand(ctx, { type, data: { userId }, now: ctx.now() }, metadata);
  return position;
}

export async function enableTwoFactor(
  ctx: Ctx,
  userId: UserId,
  code: string,
  metadata: EventMetadata,
): Promise<{ position: LogPosition | null }> {
  return await underTotpLock(ctx, userId, async (tx) => {
    const user = await assertActive(ctx, userId);
    if (user.twoFactorEnabled) throw new ConflictError('Two-factor authentication is already enabled');
    if (!(await hasTotpSecret(tx, userId))) {
      throw new ConflictError('Set up two-factor authentication first');
    }
    return { position: await onTotpCode(ctx, tx, userId, code, 'EnableTwoFactor', metadata) };
  });
}

export async function disableTwoFactor(
  ctx: Ctx,
  userId: UserId,
  code: string,
  metadata: EventMetadata,
): Promise<{ position: LogPosition | null }> {
  return await underTotpLock(ctx, userId, async (tx) => {
    const user = await assertActive(ctx, userId);
    if (!user.twoFactorEnabled) throw new ConflictError('Two-factor authentication is not enabled');
    const position = await onTotpCode(ctx, tx, userId, code, 'DisableTwoFactor', metadata);
    await deleteTotpSecret(tx, userId);
    return { position };
  });
}
