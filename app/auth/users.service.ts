import { ForbiddenError, NotFoundError } from '../../domain/shared/errors.ts';
import { newUserId, type UserId } from '../../domain/shared/ids.ts';
import {
  type ReleaseReason,
  type UniqueKind,
  uniqueValueDecider,
  uniqueValueStream,
} from '../../domain/users/uniqueValue.ts';
import {
  type RegisteredUser,
  SUSPENDED_MESSAGE,
  type UserCommand,
  userDecider,
  userStream,
} from '../../domain/users/user.ts';
import type { EventMetadata, LogPosition } from '../../infra/eventStore/eventStore.ts';
import type { CommandContext } from '../commands/context.ts';
import { handleCommand, loadState } from '../commands/handleCommand.ts';
import { hashSecret, savePasswordHash } from './credentials.ts';

export type { RegisteredUser };

export interface NewUser {
  email: string;
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  bio: string;
  profileImageUrl: string;
  isAdmin: boolean;
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

const normalise = (value: string) => value.trim().toLowerCase();

/** Reserves `value` for `userId`; an old reservation can be taken over only if its holder does not use it. */
async function reserveUniqueValue(
  ctx: CommandContext,
  kind: UniqueKind,
  value: string,
  userId: UserId,
  metadata: EventMetadata,
) {
  const stream = uniqueValueStream(kind, value);
  const { state } = await loadState(ctx, stream, uniqueValueDecider);
  let holderUsesValue = false;
  if (state.holder !== null && state.holder !== userId) {
    const holder = await loadUser(ctx, state.holder);
    holderUsesValue =
      holder !== null && normalise(kind === 'email' ? holder.email : holder.username) === normalise(value);
  }
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

/** Releases `userId`'s reservation of `value`, if they hold it (the stream is named here only). */
export async function releaseUniqueValue(
  ctx: CommandContext,
  kind: UniqueKind,
  value: string,
  userId: UserId,
  reason: Exclude<ReleaseReason, 'abandoned'>,
  metadata: EventMetadata,
) {
  await handleCommand(
    ctx,
    uniqueValueStream(kind, value),
    uniqueValueDecider,
    { type: 'ReleaseUniqueValue', data: { kind, value: normalise(value), userId, reason }, now: ctx.now() },
    metadata,
  );
}

/**
 * Registration: reserve the e-mail, then the username (each a write-side uniqueness check), store the
 * password hash outside the log, then append UserRegistered. A failure after a reservation releases it.
 */
export async function registerUser(
  ctx: CommandContext,
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

/** The registered owner of an e-mail address, found through its reservation stream (the write side). */
export async function findUserIdByEmail(ctx: CommandContext, email: string): Promise<UserId | null> {
  const { state } = await loadState(ctx, uniqueValueStream('email', email), uniqueValueDecider);
  if (!state.holder) return null;
  return (await loadUser(ctx, state.holder)) ? state.holder : null;
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
  ctx: CommandContext,
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
