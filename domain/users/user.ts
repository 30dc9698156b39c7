import { assertNever, type Decider, unknownEvent } from '../shared/decider.ts';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ReceiverSuspendedError,
  UnprocessableError,
  ValidationError,
} from '../shared/errors.ts';
import type { UserId } from '../shared/ids.ts';
import { assertStoredText } from '../shared/text.ts';
import {
  DEFAULT_PREFERENCES,
  type Preferences,
  type PreferencesInput,
  samePreferences,
} from './preferences.ts';

/** One stream per user: `user-<userId>`. Secrets (password hash, 2FA secret) are never in these events. */
// The events live in userEvents.ts; importers of the user's model find them here too.
export type { UserEvent } from './userEvents.ts';

import { isUserEvent, type RegisteredProfile, type UserEvent } from './userEvents.ts';
export const userStream = (userId: UserId) => `user-${userId}`;

/** What others see where an erased person's name was (read models, histories, notifications). */
export const ERASED_USERNAME = 'Erased user';

export const SUSPENDED_MESSAGE = 'Your account is suspended. Please contact support.';

/**
 * A suspended account cannot receive either: transfers and distributions to it are refused, and its own
 * deposit proofs and crypto deposits wait (pending) until it is reactivated, or are rejected.
 */
/** Refused to an unconfirmed account (receiving money, enrolling a second factor). */
export const EMAIL_UNVERIFIED_RECEIVER =
  "This account's e-mail address is not confirmed yet: it cannot receive funds until the link mailed to it is opened.";
export const EMAIL_UNVERIFIED_SECOND_FACTOR =
  'Confirm your e-mail address first: a second factor can be added once the link mailed to it is opened.';

export const RECEIVER_SUSPENDED = "The recipient's account is suspended and cannot receive funds.";

/** A credit (a mint, a distribution) to a suspended receiver is refused, naming the receiver. */
export function assertReceiverActive(suspended: boolean, receiverId: UserId): void {
  if (suspended) {
    throw new ReceiverSuspendedError(RECEIVER_SUSPENDED, { code: 'receiver_suspended', ids: { receiverId } });
  }
}
export const OWNER_SUSPENDED =
  "This user's account is suspended and cannot receive funds: reactivate it first, or reject the request.";

export type PersonErasedEvent = Extract<UserEvent, { type: 'PersonErased' }>;

export interface RegisteredUser extends RegisteredProfile {
  /** 'suspended': may not sign in nor move money until an admin reactivates the account. */
  status: 'active' | 'suspended';
  twoFactorEnabled: boolean;
  /**
   * Whether the address was proven by a mailed link (or the account predates the rule). Until it is, the
   * account cannot receive money nor enrol a second factor; it only ever goes from false to true.
   */
  emailVerified: boolean;
  preferences: Preferences;
  registeredAt: string;
  /** Time of the latest event that changed what the user JSON shows (the read model's updated_at). */
  updatedAt: string;
}

/** What remains of an erased person: their id and when. Every command on them is refused. */
export interface ErasedUser {
  status: 'erased';
  userId: UserId;
  erasedAt: string;
}

export type UserState = { status: 'none' } | RegisteredUser | ErasedUser;

export type UserCommand =
  | {
      type: 'RegisterUser';
      data: Omit<Extract<UserEvent, { type: 'UserRegistered' }>['data'], 'registeredAt'>;
      now: Date;
    }
  | { type: 'PromoteToAdmin'; data: { userId: UserId; promotedBy: UserId | null }; now: Date }
  | { type: 'RecordPasswordChange'; data: { userId: UserId }; now: Date }
  | {
      type: 'UpdateProfile';
      data: { userId: UserId; firstName: string; lastName: string; username: string; bio: string };
      now: Date;
    }
  // Without a theme (a client older than it) the user's theme stays as it is.
  | { type: 'UpdatePreferences'; data: { userId: UserId; preferences: PreferencesInput }; now: Date }
  | { type: 'ChangeEmail'; data: { userId: UserId; email: string }; now: Date }
  | { type: 'VerifyEmail'; data: { userId: UserId; via: 'link' | 'reclaim' }; now: Date }
  | { type: 'EnableTwoFactor'; data: { userId: UserId }; now: Date }
  | { type: 'DisableTwoFactor'; data: { userId: UserId }; now: Date }
  | { type: 'SuspendUser'; data: { userId: UserId; suspendedBy: UserId }; now: Date }
  | { type: 'ReactivateUser'; data: { userId: UserId; reactivatedBy: UserId }; now: Date }
  | { type: 'ErasePerson'; data: { userId: UserId; erasedBy: UserId | null; reason: string }; now: Date };

/** An erased person is as unknown to every command as one who never registered. */
function registered(state: UserState): RegisteredUser {
  if (state.status === 'none' || state.status === 'erased') throw new NotFoundError('User not found');
  return state;
}

/** The user's own changes need an active account; an admin's actions on it (promote, suspend) do not. */
function active(state: UserState): RegisteredUser {
  const user = registered(state);
  if (user.status === 'suspended') throw new ForbiddenError(SUSPENDED_MESSAGE);
  return user;
}

function assertProfileText(data: { firstName: string; lastName: string; bio: string }) {
  assertStoredText({
    firstName: [data.firstName, 'First name'],
    lastName: [data.lastName, 'Last name'],
    bio: [data.bio, 'Bio', { multiline: true }],
  });
}

export function registerUser(
  command: Extract<UserCommand, { type: 'RegisterUser' }>,
  state: UserState,
): UserEvent[] {
  if (state.status !== 'none') throw new ConflictError('User already exists');
  assertProfileText(command.data);
  return [{ type: 'UserRegistered', data: { ...command.data, registeredAt: command.now.toISOString() } }];
}

export function promoteToAdmin(
  command: Extract<UserCommand, { type: 'PromoteToAdmin' }>,
  state: UserState,
): UserEvent[] {
  const user = registered(state);
  if (user.isAdmin) return [];
  return [
    {
      type: 'UserPromotedToAdmin',
      data: {
        userId: user.userId,
        promotedAt: command.now.toISOString(),
        promotedBy: command.data.promotedBy,
      },
    },
  ];
}

export function updateProfile(
  command: Extract<UserCommand, { type: 'UpdateProfile' }>,
  state: UserState,
): UserEvent[] {
  const user = active(state);
  const { firstName, lastName, username, bio } = command.data;
  assertProfileText(command.data);
  if (
    user.firstName === firstName &&
    user.lastName === lastName &&
    user.username === username &&
    user.bio === bio
  ) {
    return [];
  }
  return [
    {
      type: 'UserProfileUpdated',
      data: { userId: user.userId, firstName, lastName, username, bio, updatedAt: command.now.toISOString() },
    },
  ];
}

export function updatePreferences(
  command: Extract<UserCommand, { type: 'UpdatePreferences' }>,
  state: UserState,
): UserEvent[] {
  const user = active(state);
  const preferences = {
    ...command.data.preferences,
    theme: command.data.preferences.theme ?? user.preferences.theme,
  };
  if (samePreferences(user.preferences, preferences)) return [];
  return [
    {
      type: 'PreferencesUpdated',
      data: {
        userId: user.userId,
        emailNotifications: preferences.emailNotifications,
        marketingCommunications: preferences.marketingCommunications,
        transactionAlerts: preferences.transactionAlerts,
        language: preferences.language,
        theme: preferences.theme,
        updatedAt: command.now.toISOString(),
      },
    },
  ];
}

export function suspendUser(
  command: Extract<UserCommand, { type: 'SuspendUser' }>,
  state: UserState,
): UserEvent[] {
  const user = registered(state);
  if (command.data.suspendedBy === user.userId) {
    throw new ValidationError('You cannot suspend your own account', {
      code: 'self_suspension',
      ids: { userId: user.userId },
    });
  }
  if (user.status === 'suspended') return [];
  return [
    {
      type: 'UserSuspended',
      data: {
        userId: user.userId,
        suspendedAt: command.now.toISOString(),
        suspendedBy: command.data.suspendedBy,
      },
    },
  ];
}

/**
 * Erasure of a registered person; again on an erased one, nothing (the first erasure stands). The caller
 * checks beforehand that the person holds no money (app/privacy/erasure.ts): the user stream cannot see it.
 */
export function erasePerson(
  command: Extract<UserCommand, { type: 'ErasePerson' }>,
  state: UserState,
): UserEvent[] {
  if (state.status === 'erased') return [];
  const user = registered(state);
  if (command.data.erasedBy === user.userId) {
    throw new UnprocessableError('You cannot erase your own account', { ids: { userId: user.userId } });
  }
  const reason = command.data.reason.trim();
  if (reason === '') throw new ValidationError('A reason is required');
  assertStoredText({ reason: [reason, 'Reason'] });
  return [
    {
      type: 'PersonErased',
      data: {
        userId: user.userId,
        erasedBy: command.data.erasedBy,
        reason,
        erasedAt: command.now.toISOString(),
      },
    },
  ];
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: () => ({ status: 'none' }),
  isEvent: isUserEvent,
  decide(command, state) {
    const at = command.now.toISOString();
    switch (command.type) {
      case 'RegisterUser':
        return registerUser(command, state);
      case 'PromoteToAdmin':
        return promoteToAdmin(command, state);
      case 'RecordPasswordChange': {
        const user = active(state);
        return [{ type: 'PasswordChanged', data: { userId: user.userId, changedAt: at } }];
      }
      case 'UpdateProfile':
        return updateProfile(command, state);
      case 'UpdatePreferences':
        return updatePreferences(command, state);
      case 'ChangeEmail': {
        const user = active(state);
        if (user.email === command.data.email) return [];
        return [{ type: 'UserEmailChanged', data: { ...command.data, userId: user.userId, changedAt: at } }];
      }
      case 'VerifyEmail': {
        const user = registered(state);
        if (user.emailVerified) return [];
        return [
          { type: 'EmailVerified', data: { userId: user.userId, via: command.data.via, verifiedAt: at } },
        ];
      }
      case 'EnableTwoFactor': {
        const user = active(state);
        if (!user.emailVerified) {
          throw new UnprocessableError(EMAIL_UNVERIFIED_SECOND_FACTOR, { code: 'email_unverified' });
        }
        if (user.twoFactorEnabled) throw new ConflictError('Two-factor authentication is already enabled');
        return [{ type: 'TwoFactorEnabled', data: { userId: user.userId, enabledAt: at } }];
      }
      case 'DisableTwoFactor': {
        const user = active(state);
        if (!user.twoFactorEnabled) throw new ConflictError('Two-factor authentication is not enabled');
        return [{ type: 'TwoFactorDisabled', data: { userId: user.userId, disabledAt: at } }];
      }
      case 'SuspendUser':
        return suspendUser(command, state);
      case 'ReactivateUser': {
        const user = registered(state);
        if (user.status === 'active') return [];
        return [
          {
            type: 'UserReactivated',
            data: { userId: user.userId, reactivatedAt: at, reactivatedBy: command.data.reactivatedBy },
          },
        ];
      }
      case 'ErasePerson':
        return erasePerson(command, state);
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    if (event.type === 'UserRegistered') {
      return {
        status: 'active',
        userId: event.data.userId,
        email: event.data.email,
        username: event.data.username,
        firstName: event.data.firstName,
        lastName: event.data.lastName,
        bio: event.data.bio,
        profileImageUrl: event.data.profileImageUrl,
        isAdmin: event.data.isAdmin,
        twoFactorEnabled: false,
        // Absent: written before the rule, or by an operator's tool (see the event's field).
        emailVerified: event.data.emailVerified !== false,
        preferences: { ...DEFAULT_PREFERENCES },
        registeredAt: event.data.registeredAt,
        updatedAt: event.data.registeredAt,
      };
    }
    // Every other event is about a registered user; one without it is ignored (events are facts). Nothing
    // follows an erasure: the erased state keeps no personal data.
    if (state.status === 'none' || state.status === 'erased') return state;
    switch (event.type) {
      case 'PersonErased':
        return { status: 'erased', userId: state.userId, erasedAt: event.data.erasedAt };
      case 'UserPromotedToAdmin':
        return { ...state, isAdmin: true, updatedAt: later(state.updatedAt, event.data.promotedAt) };
      case 'PasswordChanged':
        return { ...state, updatedAt: later(state.updatedAt, event.data.changedAt) };
      case 'UserProfileUpdated':
        return {
          ...state,
          firstName: event.data.firstName,
          lastName: event.data.lastName,
          username: event.data.username,
          bio: event.data.bio,
          updatedAt: later(state.updatedAt, event.data.updatedAt),
        };
      case 'UserEmailChanged':
        // The new address was confirmed through a link mailed to it: it is proven too.
        return {
          ...state,
          email: event.data.email,
          emailVerified: true,
          updatedAt: later(state.updatedAt, event.data.changedAt),
        };
      case 'EmailVerified':
        return { ...state, emailVerified: true, updatedAt: later(state.updatedAt, event.data.verifiedAt) };
      case 'PreferencesUpdated':
        return {
          ...state,
          preferences: {
            emailNotifications: event.data.emailNotifications,
            marketingCommunications: event.data.marketingCommunications,
            transactionAlerts: event.data.transactionAlerts,
            language: event.data.language,
            theme: event.data.theme ?? DEFAULT_PREFERENCES.theme,
          },
        };
      case 'TwoFactorEnabled':
        return { ...state, twoFactorEnabled: true, updatedAt: later(state.updatedAt, event.data.enabledAt) };
      case 'TwoFactorDisabled':
        return {
          ...state,
          twoFactorEnabled: false,
          updatedAt: later(state.updatedAt, event.data.disabledAt),
        };
      case 'UserSuspended':
        return { ...state, status: 'suspended', updatedAt: later(state.updatedAt, event.data.suspendedAt) };
      case 'UserReactivated':
        return { ...state, status: 'active', updatedAt: later(state.updatedAt, event.data.reactivatedAt) };
      default:
        return unknownEvent(event, state);
    }
  },
};

/** ISO-8601 UTC strings of one format compare as text. */
function later(a: string, b: string): string {
  return b > a ? b : a;
}
