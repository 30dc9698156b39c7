import { ForbiddenError, NotFoundError, UnprocessableError } from '../../domain/shared/errors.ts';
import { newUserId, type UserId } from '../../domain/shared/ids.ts';
import {
  normaliseUniqueValue,
  type ReleaseReason,
  type UniqueKind,
  type UniqueValueState,
  uniqueValueDecider,
} from '../../domain/users/uniqueValue.ts';
import {
  EMAIL_UNVERIFIED_RECEIVER,
  EMAIL_UNVERIFIED_SECOND_FACTOR,
  type RegisteredUser,
  SUSPENDED_MESSAGE,
  type UserCommand,
  userDecider,
  userStream,
} from '../../domain/users/user.ts';
import type { EventMetadata, LogPosition } from '../../infra/eventStore/eventStore.ts';
import type { CommandContext } from '../commands/context.ts';
import { handleCommand, loadState } from '../commands/handleCommand.ts';
import type { AppContext } from '../context.ts';
import { savePasswordHash } from './credentials.table.ts';
import { hashSecret } from './credentials.ts';
import { legacyUniqueStream, uniqueStream, uniqueStreamsOf } from './uniqueStreams.ts';

export type { RegisteredUser };

/** What the use cases that touch e-mail or username need: the pipeline and the key naming their streams. */
export interface UsersContext extends CommandContext {
  privacy: Pick<AppContext['privacy'], 'pseudonymKey'>;
}

export interface NewUser {
  email: string;
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  bio: string;
  profileImageUrl: string;
  isAdmin: boolean;
  /**
   * false for a registration by the person themselves (POST /api/auth/register): unconfirmed until the
   * link mailed to the address is opened. true where an operator or a tool makes the account (admins, the
   * demo users, the seeder): no one else's address is being claimed there.
   */
  emailVerified: boolean;
  /** An argon2 hash computed beforehand (the seeder shares one); else `password` is hashed here. */
  passwordHash?: string;
}

/**
 * The user as the write side knows it, active or suspended; null when no such user registered, and for
 * an erased person, who is unknown to every command, sign-in and transfer from then on.
 */
export async function loadUser(ctx: CommandContext, userId: UserId): Promise<RegisteredUser | null> {
  const { state } = await loadState(ctx, userStream(userId), userDecider);
  return state.status === 'none' || state.status === 'erased' ? null : state;
}

/**
 * Write-side guard for commands a user starts (money above all): the user exists and is not suspended.
 * Read from the user stream, not the read model, so a suspension is seen by the very next command.
 */
export async function assertActive(ctx: CommandContext, userId: UserId): Promise<RegisteredUser> {
  const user = await loadUser(ctx, userId);
  if (!user) throw new NotFoundError('User not found');
  if (user.status === 'suspended') throw new ForbiddenError(SUSPENDED_MESSAGE);
  return user;
}

/**
 * Write-side guard for adding a second factor (TOTP, a passkey): the account's address is verified. A
 * squatter who registered someone else's address must not lock its owner out with a factor of their own
 * (docs/security.md, "Account recovery").
 */
export async function assertSecondFactorAllowed(
  ctx: CommandContext,
  userId: UserId,
): Promise<RegisteredUser> {
  const user = await assertActive(ctx, userId);
  if (!user.emailVerified) {
    throw new UnprocessableError(EMAIL_UNVERIFIED_SECOND_FACTOR, { code: 'email_unverified' });
  }
  return user;
}

/**
 * Write-side guard for money towards `user`: an account whose address is not verified receives nothing
 * (transfers, distributions, deposits, purchases). Verification only ever goes from false to true, so a
 * retry of a movement the log recorded is never refused by it.
 */
export function assertVerifiedReceiver(user: RegisteredUser): void {
  if (!user.emailVerified) {
    throw new UnprocessableError(EMAIL_UNVERIFIED_RECEIVER, {
      code: 'receiver_unverified',
      ids: { receiverId: user.userId },
    });
  }
}

const normalise = normaliseUniqueValue;

/** Whether `holder` (another user than `userId`) is a registered user whose e-mail or username is `value`. */
async function holderUses(
  ctx: CommandContext,
  holder: UserId | null,
  userId: UserId,
  kind: UniqueKind,
  value: string,
): Promise<boolean> {
  if (holder === null || holder === userId) return false;
  const user = await loadUser(ctx, holder);
  return user !== null && normalise(kind === 'email' ? user.email : user.username) === normalise(value);
}

/**
 * The reservation of `value` under its legacy name (uniqueStreams.ts), read without the state cache: a
 * stream that in a rewritten log does not exist is not worth a cache entry per registration.
 */
async function legacyReservation(ctx: CommandContext, kind: UniqueKind, value: string) {
  let state: UniqueValueState = uniqueValueDecider.initialState();
  for (const event of await ctx.store.readStream(legacyUniqueStream(kind, value))) {
    const loaded = { type: event.type, data: event.data };
    if (uniqueValueDecider.isEvent(loaded)) state = uniqueValueDecider.evolve(state, loaded);
  }
  return state;
}

/**
 * Refuses `value` when another user holds it under its legacy name, by the same rule as on the current
 * stream (the decider's: taken, unless abandoned). Only the decision is asked; nothing is appended to a
 * legacy stream but releases.
 */
async function assertFreeUnderLegacyName(
  ctx: CommandContext,
  kind: UniqueKind,
  value: string,
  userId: UserId,
): Promise<void> {
  const state = await legacyReservation(ctx, kind, value);
  if (state.holder === null || state.holder === userId) return;
  const holderUsesValue = await holderUses(ctx, state.holder, userId, kind, value);
  uniqueValueDecider.decide(
    {
      type: 'ReserveUniqueValue',
      data: { kind, value: normalise(value), userId, holderUsesValue },
      now: ctx.now(),
    },
    state,
  );
}

/** Reserves `value` for `userId`; an old reservation can be taken over only if its holder does not use it. */
export async function reserveUniqueValue(
  ctx: UsersContext,
  kind: UniqueKind,
  value: string,
  userId: UserId,
  metadata: EventMetadata,
) {
  const stream = uniqueStream(ctx.privacy.pseudonymKey, kind, value);
  const [{ state }] = await Promise.all([
    loadState(ctx, stream, uniqueValueDecider),
    assertFreeUnderLegacyName(ctx, kind, value, userId),
  ]);
  const holderUsesValue = await holderUses(ctx, state.holder, userId, kind, value);
  return await handleCommand(
    ctx,
    stream,
    uniqueValueDecider,
    {
      type: 'ReserveUniqueValue',
      data: { kind, value: normalise(value), userId, holderUsesValue },
      now: ctx.now(),
    },
    metadata,
  );
}

/** Releases `value` wherever `userId` holds it: its current stream, or its legacy one (a no-op elsewhere). */
export async function releaseUniqueValue(
  ctx: UsersContext,
  kind: UniqueKind,
  value: string,
  userId: UserId,
  reason: Exclude<ReleaseReason, 'abandoned'>,
  metadata: EventMetadata,
) {
  await Promise.all(
    uniqueStreamsOf(ctx.privacy.pseudonymKey, kind, value).map((stream) =>
      handleCommand(
        ctx,
        stream,
        uniqueValueDecider,
        {
          type: 'ReleaseUniqueValue',
          data: { kind, value: normalise(value), userId, reason },
          now: ctx.now(),
        },
        metadata,
      ),
    ),
  );
}

/**
 * Registration: reserve the e-mail, then the username (each a write-side uniqueness check), store the
 * password hash outside the log, then append UserRegistered. A failure after a reservation releases it.
 */
export async function registerUser(
  ctx: UsersContext,
  input: NewUser,
  metadata: EventMetadata,
): Promise<{ user: RegisteredUser; position: LogPosition }> {
  const userId = newUserId();
  await reserveUniqueValue(ctx, 'email', input.email, userId, metadata);
  try {
    await reserveUniqueValue(ctx, 'username', input.username, userId, metadata);
  } catch (error) {
    await releaseUniqueValue(ctx, 'email', input.email, userId, 'registration_failed', metadata).catch(
      () => {},
    );
    throw error;
  }
  try {
    await savePasswordHash(ctx.pool, userId, input.passwordHash ?? (await hashSecret(input.password)));
    const result = await handleCommand(
      ctx,
      userStream(userId),
      userDecider,
      {
        type: 'RegisterUser',
        data: {
          userId,
          email: input.email.trim(),
          username: input.username.trim(),
          firstName: input.firstName,
          lastName: input.lastName,
          bio: input.bio,
          profileImageUrl: input.profileImageUrl,
          isAdmin: input.isAdmin,
          emailVerified: input.emailVerified,
        },
        now: ctx.now(),
      },
      metadata,
    );
    if (result.state.status === 'none' || result.state.status === 'erased' || !result.position)
      throw new Error('registration produced no user');
    return { user: result.state, position: result.position };
  } catch (error) {
    await releaseUniqueValue(ctx, 'username', input.username, userId, 'registration_failed', metadata).catch(
      () => {},
    );
    await releaseUniqueValue(ctx, 'email', input.email, userId, 'registration_failed', metadata).catch(
      () => {},
    );
    throw error;
  }
}

/**
 * The registered owner of an e-mail address, found through its reservation stream (the write side); under
 * its legacy name only when the current stream has no registered holder (uniqueStreams.ts).
 */
export async function findUserIdByEmail(ctx: UsersContext, email: string): Promise<UserId | null> {
  if (normalise(email) === '') return null;
  const { state } = await loadState(
    ctx,
    uniqueStream(ctx.privacy.pseudonymKey, 'email', email),
    uniqueValueDecider,
  );
  if (state.holder && (await loadUser(ctx, state.holder))) return state.holder;
  const legacy = await legacyReservation(ctx, 'email', email);
  if (legacy.holder && (await loadUser(ctx, legacy.holder))) return legacy.holder;
  return null;
}

export async function promoteToAdmin(
  ctx: CommandContext,
  userId: UserId,
  promotedBy: UserId | null,
  metadata: EventMetadata,
) {
  return await handleCommand(
    ctx,
    userStream(userId),
    userDecider,
    { type: 'PromoteToAdmin', data: { userId, promotedBy }, now: ctx.now() },
    metadata,
  );
}

/** Runs one command on a user's stream; the user as it is afterwards and where the events landed. */
export async function runUserCommand(
  ctx: CommandContext,
  command: UserCommand,
  metadata: EventMetadata,
): Promise<{ user: RegisteredUser; position: LogPosition | null }> {
  const result = await handleCommand(ctx, userStream(command.data.userId), userDecider, command, metadata);
  if (result.state.status === 'none' || result.state.status === 'erased')
    throw new NotFoundError('User not found');
  return { user: result.state, position: result.position };
}

export interface ProfileChange {
  firstName: string;
  lastName: string;
  username: string;
  bio: string;
}

/**
 * Profile edit; fields left out keep their value. A new username is reserved first (the uniqueness
 * check, first writer wins), then the profile event is appended, then the old username is released. If
 * the edit fails, or a concurrent edit of the same user ends on another name, the reservation that is
 * not in use is released again (or, after a crash, taken over later as abandoned).
 */
export async function updateProfile(
  ctx: UsersContext,
  userId: UserId,
  change: Partial<ProfileChange>,
  metadata: EventMetadata,
): Promise<{ user: RegisteredUser; position: LogPosition | null }> {
  const before = await assertActive(ctx, userId);
  const next: ProfileChange = {
    firstName: change.firstName ?? before.firstName,
    lastName: change.lastName ?? before.lastName,
    username: (change.username ?? before.username).trim(),
    bio: change.bio ?? before.bio,
  };
  const renamed = normalise(next.username) !== normalise(before.username);
  if (renamed) await reserveUniqueValue(ctx, 'username', next.username, userId, metadata);
  let result: { user: RegisteredUser; position: LogPosition | null };
  try {
    result = await runUserCommand(
      ctx,
      { type: 'UpdateProfile', data: { userId, ...next }, now: ctx.now() },
      metadata,
    );
  } catch (error) {
    if (renamed)
      await releaseUniqueValue(ctx, 'username', next.username, userId, 'changed', metadata).catch(() => {});
    throw error;
  }
  if (renamed) {
    const kept = normalise(result.user.username);
    for (const value of [before.username, next.username]) {
      if (normalise(value) !== kept)
        await releaseUniqueValue(ctx, 'username', value, userId, 'changed', metadata);
    }
  }
  return result;
}
