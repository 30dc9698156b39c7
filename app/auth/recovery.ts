import type { UserId } from '../../domain/shared/ids.ts';
import type { EventMetadata } from '../../infra/eventStore/eventStore.ts';
import { underTotpLock } from '../account/account.service.ts';
import type { CommandContext } from '../commands/context.ts';
import { removePasskey } from './passkeys.service.ts';
import { deleteTotpSecret } from './totp.table.ts';
import { loadUser, runUserCommand } from './users.service.ts';

/**
 * Second factors and a reset by mail (docs/security.md "Account recovery"). A sign-in is *proven* when it
 * passed every factor the account had at that moment: the password, and with TOTP on or a passkey held, a
 * second factor too (a passkey alone counts: it is two factors in itself). Every sign-in that opens a
 * session is one, since sign-in asks for each factor the account has; registration is one too (the
 * column's default). A session that is only used, a stolen cookie, proves nothing. A reset by mail removes
 * the second factors enrolled after the last proven sign-in: whoever added them had a session and the
 * password, which the person resetting presumes someone else has.
 */
export async function recordProvenSignIn(ctx: Pick<CommandContext, 'pool'>, userId: UserId, at: Date) {
  await ctx.pool.query('UPDATE credentials SET proven_sign_in_at = $2 WHERE user_id = $1', [userId, at]);
}

export interface RemovedFactors {
  /** The authenticator app (TOTP) was turned off. */
  twoFactor: boolean;
  passkeys: { name: string; createdAt: Date }[];
}

/**
 * Removes the second factors enrolled since the account's last proven sign-in: TOTP when it was turned on
 * after it (TwoFactorDisabled in the log, as when the owner turns it off), and each passkey added after it
 * (PasskeyRemoved). Factors from before it stay: the owner's own authenticator keeps guarding the account.
 */
export async function removeFactorsSinceProvenSignIn(
  ctx: CommandContext,
  userId: UserId,
  metadata: EventMetadata,
): Promise<RemovedFactors> {
  const { rows } = await ctx.pool.query<{ proven: Date }>(
    'SELECT proven_sign_in_at AS proven FROM credentials WHERE user_id = $1',
    [userId],
  );
  const proven = rows[0]?.proven;
  if (!proven) return { twoFactor: false, passkeys: [] };
  const twoFactor = await underTotpLock(ctx, userId, async (tx) => {
    const enrolled = await tx.query<{ confirmed_at: Date | null }>(
      'SELECT confirmed_at FROM totp_secrets WHERE user_id = $1 AND confirmed',
      [userId],
    );
    const at = enrolled.rows[0]?.confirmed_at;
    if (!at || at <= proven || !(await loadUser(ctx, userId))?.twoFactorEnabled) return false;
    await runUserCommand(ctx, { type: 'DisableTwoFactor', data: { userId }, now: ctx.now() }, metadata);
    await deleteTotpSecret(tx, userId);
    return true;
  });
  const added = await ctx.pool.query<{ id: string; name: string; created_at: Date }>(
    'SELECT id, name, created_at FROM passkeys WHERE user_id = $1 AND created_at > $2 ORDER BY created_at',
    [userId, proven],
  );
  for (const passkey of added.rows) await removePasskey(ctx, userId, passkey.id, metadata);
  return {
    twoFactor,
    passkeys: added.rows.map((p) => ({ name: p.name, createdAt: p.created_at })),
  };
}

/**
 * Removes every second factor of the account (a reclaimed registration, app/mail/emailVerification.ts):
 * whoever held the account before its owner took it back chose them. An unverified account cannot enrol
 * one, so this normally finds nothing; it is the rule that makes a reclaim whole whatever came before.
 */
export async function removeEverySecondFactor(
  ctx: CommandContext,
  userId: UserId,
  metadata: EventMetadata,
): Promise<RemovedFactors> {
  const twoFactor = await underTotpLock(ctx, userId, async (tx) => {
    const on = (await loadUser(ctx, userId))?.twoFactorEnabled === true;
    if (on) {
      await runUserCommand(ctx, { type: 'DisableTwoFactor', data: { userId }, now: ctx.now() }, metadata);
    }
    // A set-up that was never confirmed goes too.
    await deleteTotpSecret(tx, userId);
    return on;
  });
  const held = await ctx.pool.query<{ id: string; name: string; created_at: Date }>(
    'SELECT id, name, created_at FROM passkeys WHERE user_id = $1 ORDER BY created_at',
    [userId],
  );
  for (const passkey of held.rows) await removePasskey(ctx, userId, passkey.id, metadata);
  return { twoFactor, passkeys: held.rows.map((p) => ({ name: p.name, createdAt: p.created_at })) };
}
