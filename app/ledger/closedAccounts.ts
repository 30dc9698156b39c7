import { ACCOUNT_CLOSED, accountDecider, accountStream } from '../../domain/accounts/account.ts';
import { ConflictError, UnprocessableError } from '../../domain/shared/errors.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import { EMAIL_UNVERIFIED_RECEIVER, userDecider, userStream } from '../../domain/users/user.ts';
import type { CommandContext } from '../commands/context.ts';
import { loadState } from '../commands/handleCommand.ts';

/**
 * Refuses (409) a movement towards a person whose account is closed (AccountClosed: an erasure under way
 * or done, docs/architecture/personal-data.md) or who was erased by a version that did not close
 * accounts yet. A check made before anything is written, so that a deposit confirmation claims no hash
 * and a declaration or a proof is not recorded for an account that can never be credited. It is not what
 * keeps money out of a closed account: every credit is decided on the account stream itself, in the
 * credit's own commit, and refused there (domain/accounts/account.ts).
 */
export async function assertCanReceive(ctx: CommandContext, userId: UserId): Promise<void> {
  const [account, user] = await Promise.all([
    loadState(ctx, accountStream(userId), accountDecider),
    loadState(ctx, userStream(userId), userDecider),
  ]);
  if (account.state.closed || user.state.status === 'erased') {
    throw new ConflictError(ACCOUNT_CLOSED, { ids: { userId } });
  }
  // A deposit or a purchase of an unconfirmed account: refused before anything is recorded or claimed.
  if (user.state.status !== 'none' && !user.state.emailVerified) {
    throw new UnprocessableError(EMAIL_UNVERIFIED_RECEIVER, { code: 'receiver_unverified', ids: { userId } });
  }
}
