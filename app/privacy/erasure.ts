import { accountDecider, accountStream } from '../../domain/accounts/account.ts';
import { ConflictError, NotFoundError, UnprocessableError } from '../../domain/shared/errors.ts';
import { newId, type UserId } from '../../domain/shared/ids.ts';
import type { Asset } from '../../domain/shared/money.ts';
import { type RegisteredUser, userDecider, userStream } from '../../domain/users/user.ts';
import type { EventMetadata, LogPosition } from '../../infra/eventStore/eventStore.ts';
import { releaseUniqueValue } from '../auth/users.service.ts';
import { type CommandContext, handleCommand, loadState } from '../commands/handleCommand.ts';
import type { AppContext } from '../context.ts';
import { blockersText, type ErasureBlocker, erasureBlockers } from './erasureBlockers.ts';
import { scrubOutsideLog } from './erasureScrub.ts';

export type { ErasureBlocker } from './erasureBlockers.ts';

/**
 * Erasure of a person (GDPR Art. 17) by crypto-shredding (docs/decisions/0014-crypto-shredding.md,
 * docs/architecture/personal-data.md): the money history stays, everything personal becomes unreadable.
 */
export type ErasureDeps = CommandContext & Pick<AppContext, 'privacy'>;

export interface ErasureInput {
  userId: UserId;
  /** The admin who erases; null for the command line (npm run user:erase). */
  actorId: UserId | null;
  reason: string;
  /** Move each residual balance to `dormant:<ASSET>` instead of refusing because of it. */
  moveBalancesToDormant: boolean;
  metadata: EventMetadata;
}

export interface ErasureResult {
  userId: UserId;
  /** The first erasure's time: erasing again answers the same. */
  erasedAt: string;
  movedToDormant: { asset: Asset; amount: string }[];
  /** Where PersonErased landed (read-your-writes); null when the person was erased already. */
  position: LogPosition | null;
}

/** The person still holds money, or has a movement open: what must happen first. */
export class PersonHoldsMoneyError extends ConflictError {
  constructor(readonly blockers: ErasureBlocker[]) {
    super(blockersText(blockers));
  }
}

/**
 * Erases a person, in an order where each step is idempotent and a run interrupted anywhere is finished
 * by running it again (an erased person is erased again without a refusal, answering the first time):
 * 1. refuse while they hold money or have movements open (erasureBlockers.ts); then close their account
 *    (AccountClosed: every credit and new movement is refused from then on, in the credit's own commit)
 *    and read the blockers again, reopening the account if something arrived in between; their balances
 *    do not block when they are to be moved to dormant;
 * 2. release their e-mail and username reservations (while their key can still seal the released value),
 *    and destroy the key of the contact messages they sent without signing in;
 * 3. append PersonErased (from then on every command, sign-in and transfer treats them as unknown);
 * 4. when asked, move each residual balance to `dormant:<ASSET>` (one event per asset; the account stays
 *    closed, so nothing arrives after the balances were read);
 * 5. destroy their data key, end their sessions and scrub the tables outside the log (erasureScrub.ts).
 * The read models are scrubbed by the projections on PersonErased.
 */
export async function erasePerson(deps: ErasureDeps, input: ErasureInput): Promise<ErasureResult> {
  const { userId, actorId } = input;
  if (actorId === userId) {
    throw new UnprocessableError('You cannot erase your own account', { ids: { userId } });
  }
  const { state } = await loadState(deps, userStream(userId), userDecider);
  if (state.status === 'none') throw new NotFoundError('User not found');
  let email: string | null = null;
  let names: string[] = [];
  const blockersOptions = { balancesBlock: !input.moveBalancesToDormant };
  if (state.status !== 'erased') {
    assertReasonNamesNobody(input.reason, state);
    // Blockers already there are refused before anything is written (a refusal appends nothing).
    const { blockers } = await erasureBlockers(deps, userId, blockersOptions);
    if (blockers.length > 0) throw new PersonHoldsMoneyError(blockers);
  }
  // Then closed: from this append on, no credit lands and no movement starts, so what the blockers read
  // next is all the person will ever hold. (An erased person's account is closed already, unless an
  // earlier version erased them: closed now.)
  await accountCommand(deps, input, 'CloseAccount');
  if (state.status !== 'erased') {
    email = state.email;
    names = [state.email, state.username, state.firstName, state.lastName];
    const { blockers } = await erasureBlockers(deps, userId, blockersOptions);
    if (blockers.length > 0) {
      // Something arrived between the two readings: refused, and the account takes money again.
      await accountCommand(deps, input, 'ReopenAccount');
      throw new PersonHoldsMoneyError(blockers);
    }
    await releaseUniqueValue(deps, 'email', state.email, userId, 'erased', input.metadata);
    await releaseUniqueValue(deps, 'username', state.username, userId, 'erased', input.metadata);
    await deps.privacy.keys.destroy(deps.privacy.ring.contactSubject(state.email));
  }
  const erased = await handleCommand(
    deps,
    userStream(userId),
    userDecider,
    { type: 'ErasePerson', data: { userId, erasedBy: actorId, reason: input.reason }, now: deps.now() },
    input.metadata,
  );
  if (erased.state.status !== 'erased') throw new Error(`${userId} was not erased`);
  // The account was closed before the blockers read the balances: nothing has arrived since.
  const movedToDormant = input.moveBalancesToDormant ? await moveToDormant(deps, input) : [];
  await deps.privacy.keys.destroy(userId);
  await scrubOutsideLog(deps.pool, userId, email, names);
  return { userId, erasedAt: erased.state.erasedAt, movedToDormant, position: erased.position };
}

/** Closes or reopens the person's account stream (a fresh transaction id: each close is its own). */
async function accountCommand(
  deps: ErasureDeps,
  input: ErasureInput,
  type: 'CloseAccount' | 'ReopenAccount',
) {
  const data = { transactionId: newId(), userId: input.userId };
  await handleCommand(
    deps,
    accountStream(input.userId),
    accountDecider,
    type === 'CloseAccount'
      ? { type, data: { ...data, closedBy: input.actorId }, now: deps.now() }
      : { type, data: { ...data, reopenedBy: input.actorId }, now: deps.now() },
    input.metadata,
  );
}

/** Each positive balance of the person's account, moved whole to `dormant:<ASSET>`: one event per asset. */
async function moveToDormant(
  deps: ErasureDeps,
  input: ErasureInput,
): Promise<ErasureResult['movedToDormant']> {
  const { userId } = input;
  const { state } = await loadState(deps, accountStream(userId), accountDecider);
  const moved: ErasureResult['movedToDormant'] = [];
  for (const asset of Object.keys(state.balances).sort() as Asset[]) {
    const result = await handleCommand(
      deps,
      accountStream(userId),
      accountDecider,
      {
        type: 'MoveBalanceToDormant',
        data: { transactionId: newId(), userId, asset, movedBy: input.actorId },
        now: deps.now(),
      },
      input.metadata,
    );
    for (const event of result.events) {
      if (event.type === 'BalanceMovedToDormant')
        moved.push({ asset: event.data.asset, amount: event.data.amount });
    }
  }
  return moved;
}

/**
 * The reason is kept in the log for good, in clear: it must not name the person. Their e-mail, username,
 * first and last name are looked for as whole words, ignoring case (so "Al" does not refuse "all").
 */
function assertReasonNamesNobody(reason: string, user: RegisteredUser): void {
  const text = reason.toLowerCase();
  const named = [user.email, user.username, user.firstName, user.lastName]
    .map((value) => value.trim().toLowerCase())
    .filter((value) => value !== '')
    .some((value) => {
      let at = text.indexOf(value);
      while (at >= 0) {
        const before = text[at - 1];
        const after = text[at + value.length];
        if (!isWordChar(before) && !isWordChar(after)) return true;
        at = text.indexOf(value, at + 1);
      }
      return false;
    });
  if (named) {
    throw new UnprocessableError(
      "The reason must not contain the person's e-mail, username or name: it is kept after the erasure",
    );
  }
}

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && /[\p{L}\p{N}_]/u.test(char);
}
