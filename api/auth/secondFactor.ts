import type { z } from 'zod';
import { hasPasskeys } from '../../app/auth/passkeys.table.ts';
import { authenticationOptions, relyingParty, verifyAssertion } from '../../app/auth/passkeys.ts';
import { totpEncryptionKey, verifyTotpCode } from '../../app/auth/totp.ts';
import type { RegisteredUser } from '../../app/auth/users.service.ts';
import type { Deps } from '../deps.ts';
import { limited } from '../http/limits.ts';
import { HttpProblem } from '../http/problem.ts';
import type { loginSchema } from './auth.schemas.ts';

/**
 * The second factor of a password sign-in, asked only once the password is right
 * (docs/architecture/security.md, "Passkeys"). A user with a passkey is asked for it (code
 * 'passkey_required', with the options for the browser); a user who also has TOTP may give the
 * authenticator code instead (the answer says so with `totpAllowed`). A user with TOTP only is asked for
 * the code ('totp_required'), as before passkeys. Either factor, when given and held, is enough.
 */
export async function requireSecondFactor(
  deps: Deps,
  user: RegisteredUser,
  input: z.output<typeof loginSchema>,
): Promise<void> {
  const passkey = await hasPasskeys(deps.pool, user.userId);
  if (!passkey && !user.twoFactorEnabled) return;
  if (passkey && input.passkey) {
    const rp = relyingParty(deps.config);
    const used = await verifyAssertion(
      deps.pool,
      rp,
      input.passkey,
      'second_factor',
      user.userId,
      deps.now(),
    );
    if (used) return;
    throw await passkeyProblem(
      deps,
      user,
      'That passkey could not be verified. Please try again.',
      'passkey_invalid',
    );
  }
  if (user.twoFactorEnabled && input.totpCode) {
    // Per account, whoever asks: six digits must not be guessable by retrying.
    await limited(deps, 'totp', user.userId);
    const key = totpEncryptionKey(deps.sessions.secret);
    if (!(await verifyTotpCode(deps.pool, key, user.userId, input.totpCode, deps.now()))) {
      throw new HttpProblem(401, 'Invalid authentication code. Please try again.', {
        code: 'totp_invalid',
      });
    }
    await deps.limits.reset('totp', user.userId);
    return;
  }
  if (passkey) {
    throw await passkeyProblem(deps, user, 'Confirm the sign-in with your passkey', 'passkey_required');
  }
  throw new HttpProblem(401, 'Enter the 6-digit code from your authenticator app', {
    code: 'totp_required',
  });
}

/** A 401 that carries fresh options (a new single-use challenge) for the user's own passkeys. */
async function passkeyProblem(
  deps: Deps,
  user: RegisteredUser,
  message: string,
  code: 'passkey_required' | 'passkey_invalid',
): Promise<HttpProblem> {
  const rp = relyingParty(deps.config);
  const options = await authenticationOptions(deps.pool, rp, 'second_factor', user.userId, deps.now());
  return new HttpProblem(401, message, {
    code,
    members: { passkeyOptions: options, totpAllowed: user.twoFactorEnabled },
  });
}
