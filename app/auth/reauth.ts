import type { UserId } from '../../domain/shared/ids.ts';
import type { CommandContext } from '../commands/context.ts';
import type { AppContext } from '../context.ts';
import { loadPasswordHash } from './credentials.table.ts';
import { timingDummyHash, verifySecret } from './credentials.ts';
import { totpEncryptionKey, verifyTotpCode } from './totp.ts';
import { loadUser } from './users.service.ts';

/**
 * Re-authentication for a high-value transaction (docs/security.md, "Re-authentication"): the signed-in
 * user proves again that they are the account's holder. With 2FA on, only a fresh authenticator code counts
 * (the password alone is what a stolen session's thief may also have); without it, the password.
 */
export interface ReauthenticationProof {
  totpCode?: string | undefined;
  password?: string | undefined;
}

export type ReauthenticationMethod = 'totp' | 'password';

export type ReauthenticationCheck =
  /** The right proof was not given: `method` says which one is needed. */
  | { outcome: 'required'; method: ReauthenticationMethod }
  /** The proof was checked and is wrong (or a TOTP code already used). */
  | { outcome: 'failed'; method: ReauthenticationMethod }
  | { outcome: 'verified'; method: ReauthenticationMethod };

type Deps = CommandContext & Pick<AppContext, 'sessions'>;

/** Which proof the user must give: from the write side, so 2FA switched on a moment ago counts at once. */
export async function reauthenticationMethod(
  ctx: CommandContext,
  userId: UserId,
): Promise<ReauthenticationMethod> {
  const user = await loadUser(ctx, userId);
  return user?.twoFactorEnabled ? 'totp' : 'password';
}

/**
 * Checks the proof. `beforeCheck` runs once a proof of the right kind is present, before it is verified
 * (the caller's rate limit: every guess counts). A TOTP code is spent by its check (app/auth/totp.ts): the
 * same code, or an earlier one, never verifies again, for sign-in or for a transaction.
 */
export async function checkReauthentication(
  deps: Deps,
  userId: UserId,
  proof: ReauthenticationProof,
  beforeCheck: (method: ReauthenticationMethod) => Promise<void>,
): Promise<ReauthenticationCheck> {
  const method = await reauthenticationMethod(deps, userId);
  const given = method === 'totp' ? proof.totpCode : proof.password;
  if (!given) return { outcome: 'required', method };
  await beforeCheck(method);
  if (method === 'totp') {
    const key = totpEncryptionKey(deps.sessions.secret);
    const ok = await verifyTotpCode(deps.pool, key, userId, given, deps.now());
    return { outcome: ok ? 'verified' : 'failed', method };
  }
  const hash = await loadPasswordHash(deps.pool, userId);
  const ok = await verifySecret(hash ?? (await timingDummyHash()), given);
  return { outcome: ok && hash !== null ? 'verified' : 'failed', method };
}
