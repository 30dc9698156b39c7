import { eventGuard } from '../shared/decider.ts';
import type { UserId } from '../shared/ids.ts';
import type { Preferences } from './preferences.ts';

/** Who registered, as the registration records them and the user's state keeps them. */
export type RegisteredProfile = {
  userId: UserId;
  /** As typed by the user; uniqueness is on the lower-cased form (see uniqueValue.ts). */
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  bio: string;
  profileImageUrl: string;
  isAdmin: boolean;
};

/**
 * What a user stream (`user-<userId>`, user.ts) records: its events, their type list and guard. Apart from
 * the decider so that user.ts stays a readable size; the decider is the only writer. Secrets (password
 * hash, 2FA secret) are never in these events.
 */
export type UserEvent =
  | {
      type: 'UserRegistered';
      data: RegisteredProfile & {
        registeredAt: string;
        /**
         * false: a registration by the person themselves, unconfirmed until the link mailed to the address
         * is opened (EmailVerified). Absent on events written before e-mail verification existed, and true
         * for accounts an operator or a tool made: those count as verified (docs/security.md, "Account
         * recovery").
         */
        emailVerified?: boolean;
      };
    }
  | { type: 'UserPromotedToAdmin'; data: { userId: UserId; promotedAt: string; promotedBy: UserId | null } }
  | { type: 'PasswordChanged'; data: { userId: UserId; changedAt: string } }
  | {
      type: 'UserProfileUpdated';
      /** The whole editable profile after the change. The e-mail is not editable. */
      data: {
        userId: UserId;
        firstName: string;
        lastName: string;
        /** The new username was reserved (uniqueValue.ts) before this event was appended. */
        username: string;
        bio: string;
        updatedAt: string;
      };
    }
  // `theme` is absent from events written before it existed: those users kept the default.
  | {
      type: 'PreferencesUpdated';
      data: { userId: UserId; updatedAt: string } & Omit<Preferences, 'theme'> &
        Partial<Pick<Preferences, 'theme'>>;
    }
  /** A new address confirmed through a link mailed to it; it was reserved (uniqueValue.ts) first. */
  | { type: 'UserEmailChanged'; data: { userId: UserId; email: string; changedAt: string } }
  /**
   * The account's address was proven: its mailed link was opened in a session of the account or with its
   * password ('link'), or its owner took the account back with it ('reclaim'). No token, no address here.
   */
  | { type: 'EmailVerified'; data: { userId: UserId; via: 'link' | 'reclaim'; verifiedAt: string } }
  /** The TOTP secret itself lives encrypted in `totp_secrets`, never here. */
  | { type: 'TwoFactorEnabled'; data: { userId: UserId; enabledAt: string } }
  | { type: 'TwoFactorDisabled'; data: { userId: UserId; disabledAt: string } }
  | { type: 'UserSuspended'; data: { userId: UserId; suspendedAt: string; suspendedBy: UserId } }
  | { type: 'UserReactivated'; data: { userId: UserId; reactivatedAt: string; reactivatedBy: UserId } }
  /**
   * The person was erased (docs/architecture/personal-data.md): their data key is destroyed and nothing
   * personal is kept. No personal data in it; `erasedBy` is the admin, or null for the command line.
   */
  | {
      type: 'PersonErased';
      data: { userId: UserId; erasedBy: UserId | null; reason: string; erasedAt: string };
    };

/** The one user event other streams' read models react to: they scrub what they keep of the person. */
/** Every UserEvent type: the one list the type guard below is built from. */
export const USER_EVENT_TYPES = [
  'UserRegistered',
  'UserPromotedToAdmin',
  'PasswordChanged',
  'UserProfileUpdated',
  'PreferencesUpdated',
  'UserEmailChanged',
  'EmailVerified',
  'TwoFactorEnabled',
  'TwoFactorDisabled',
  'UserSuspended',
  'UserReactivated',
  'PersonErased',
] as const;
export const isUserEvent = eventGuard<UserEvent>()(USER_EVENT_TYPES);
