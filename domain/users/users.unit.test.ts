import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors.ts';
import { parseUserId, type UserId } from '../shared/ids.ts';
import { admin, at, now, spec } from '../shared/testing.ts';
import { initials } from './initials.ts';
import { DEFAULT_PREFERENCES } from './preferences.ts';
import { ada, adaProfile } from './testing.ts';
import { normaliseUniqueValue, uniqueValueDecider } from './uniqueValue.ts';
import { type UserEvent, type UserState, userDecider } from './user.ts';

const u1 = parseUserId('user0001');
const u2 = parseUserId('user0002');
const profile = adaProfile({ email: 'Ada@Example.com' });
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { ...profile, registeredAt: now.toISOString() },
};
const suspended: UserEvent = {
  type: 'UserSuspended',
  data: { userId: ada, suspendedAt: at, suspendedBy: admin },
};
const fold = (events: UserEvent[]): UserState =>
  events.reduce(userDecider.evolve, userDecider.initialState());

describe('user decider', () => {
  it('registers a new user', () => {
    spec(userDecider).given([]).when({ type: 'RegisterUser', data: profile, now }).thenEmits([registered]);
  });
  it('refuses to register the same user twice', () => {
    spec(userDecider)
      .given([registered])
      .when({ type: 'RegisterUser', data: profile, now })
      .thenThrows(ConflictError);
  });
  it('promotes once, then does nothing', () => {
    const promoted: UserEvent = {
      type: 'UserPromotedToAdmin',
      data: { userId: ada, promotedAt: now.toISOString(), promotedBy: null },
    };
    const command = { type: 'PromoteToAdmin' as const, data: { userId: ada, promotedBy: null }, now };
    spec(userDecider).given([registered]).when(command).thenEmits([promoted]);
    spec(userDecider).given([registered, promoted]).when(command).thenEmits([]);
    spec(userDecider).given([]).when(command).thenThrows(NotFoundError);
  });
  it('starts active, with 2FA off and the default preferences', () => {
    expect(fold([registered])).toMatchObject({
      status: 'active',
      twoFactorEnabled: false,
      preferences: DEFAULT_PREFERENCES,
    });
  });
});

describe('profile', () => {
  const edit = {
    userId: ada,
    firstName: 'Augusta',
    lastName: 'King',
    username: 'countess',
    bio: 'Notes',
  };
  it('records the whole edited profile, and nothing when nothing changed', () => {
    spec(userDecider)
      .given([registered])
      .when({ type: 'UpdateProfile', data: edit, now })
      .thenEmits([{ type: 'UserProfileUpdated', data: { ...edit, updatedAt: at } }]);
    spec(userDecider)
      .given([registered, { type: 'UserProfileUpdated', data: { ...edit, updatedAt: at } }])
      .when({ type: 'UpdateProfile', data: edit, now })
      .thenEmits([]);
    const state = fold([registered, { type: 'UserProfileUpdated', data: { ...edit, updatedAt: at } }]);
    expect(state).toMatchObject({
      username: 'countess',
      firstName: 'Augusta',
      bio: 'Notes',
      email: profile.email,
    });
  });
  it('refuses a suspended user and an unknown one', () => {
    spec(userDecider)
      .given([registered, suspended])
      .when({ type: 'UpdateProfile', data: edit, now })
      .thenThrows(ForbiddenError);
    spec(userDecider).given([]).when({ type: 'UpdateProfile', data: edit, now }).thenThrows(NotFoundError);
  });
});

describe('password and preferences', () => {
  it('records that the password changed (never the password)', () => {
    spec(userDecider)
      .given([registered])
      .when({ type: 'RecordPasswordChange', data: { userId: ada }, now })
      .thenEmits([{ type: 'PasswordChanged', data: { userId: ada, changedAt: at } }]);
  });
  it('records the full set of preferences when they change, nothing when they do not', () => {
    const preferences = { ...DEFAULT_PREFERENCES, marketingCommunications: true, language: 'fr' as const };
    const updated: UserEvent = {
      type: 'PreferencesUpdated',
      data: { userId: ada, ...preferences, updatedAt: at },
    };
    spec(userDecider)
      .given([registered])
      .when({ type: 'UpdatePreferences', data: { userId: ada, preferences }, now })
      .thenEmits([updated]);
    spec(userDecider)
      .given([registered])
      .when({
        type: 'UpdatePreferences',
        data: { userId: ada, preferences: { ...DEFAULT_PREFERENCES } },
        now,
      })
      .thenEmits([]);
    expect(fold([registered, updated])).toMatchObject({ preferences });
  });
});

describe('two-factor authentication', () => {
  const enable = { type: 'EnableTwoFactor' as const, data: { userId: ada }, now };
  const disable = { type: 'DisableTwoFactor' as const, data: { userId: ada }, now };
  const enabled: UserEvent = { type: 'TwoFactorEnabled', data: { userId: ada, enabledAt: at } };
  it('enables once and disables once', () => {
    spec(userDecider).given([registered]).when(enable).thenEmits([enabled]);
    spec(userDecider).given([registered, enabled]).when(enable).thenThrows(ConflictError);
    spec(userDecider)
      .given([registered, enabled])
      .when(disable)
      .thenEmits([{ type: 'TwoFactorDisabled', data: { userId: ada, disabledAt: at } }]);
    spec(userDecider).given([registered]).when(disable).thenThrows(ConflictError);
    expect(fold([registered, enabled])).toMatchObject({ twoFactorEnabled: true });
  });
});

describe('suspension', () => {
  const suspend = (by: UserId) => ({
    type: 'SuspendUser' as const,
    data: { userId: ada, suspendedBy: by },
    now,
  });
  const reactivate = {
    type: 'ReactivateUser' as const,
    data: { userId: ada, reactivatedBy: admin },
    now,
  };
  const reactivated: UserEvent = {
    type: 'UserReactivated',
    data: { userId: ada, reactivatedAt: at, reactivatedBy: admin },
  };
  it('suspends and reactivates, each once', () => {
    spec(userDecider).given([registered]).when(suspend(admin)).thenEmits([suspended]);
    spec(userDecider).given([registered, suspended]).when(suspend(admin)).thenEmits([]);
    spec(userDecider).given([registered, suspended]).when(reactivate).thenEmits([reactivated]);
    spec(userDecider).given([registered]).when(reactivate).thenEmits([]);
    expect(fold([registered, suspended]).status).toBe('suspended');
    expect(fold([registered, suspended, reactivated]).status).toBe('active');
  });
  it('refuses to let a user suspend themselves, and an unknown user', () => {
    spec(userDecider).given([registered]).when(suspend(ada)).thenThrows(ValidationError);
    spec(userDecider).given([]).when(suspend(admin)).thenThrows(NotFoundError);
  });
  it("refuses a suspended user's own changes", () => {
    spec(userDecider)
      .given([registered, suspended])
      .when({ type: 'RecordPasswordChange', data: { userId: ada }, now })
      .thenThrows(ForbiddenError);
    spec(userDecider)
      .given([registered, suspended])
      .when({ type: 'EnableTwoFactor', data: { userId: ada }, now })
      .thenThrows(ForbiddenError);
  });
});

describe('avatar initials', () => {
  it('uses first and last initial, else two letters of the username, else U', () => {
    expect(initials({ firstName: 'ada', lastName: 'lovelace', username: 'x' })).toBe('AL');
    expect(initials({ firstName: 'Ada', lastName: '', username: 'countess' })).toBe('CO');
    expect(initials({ firstName: '', lastName: 'King', username: 'q' })).toBe('Q');
    expect(initials({ firstName: '  ', lastName: ' ', username: '' })).toBe('U');
    expect(initials({ firstName: 'Émile', lastName: 'Żak', username: 'ez' })).toBe('ÉŻ');
    expect(initials({ firstName: '𝒜da', lastName: 'Lo', username: 'ez' })).toBe('𝒜L');
  });
});

describe('unique value reservations', () => {
  const reserve = (userId: UserId, holderUsesValue: boolean, at = now) => ({
    type: 'ReserveUniqueValue' as const,
    data: { kind: 'email' as const, value: 'ada@example.com', userId, holderUsesValue },
    now: at,
  });
  const reservedBy = (userId: UserId, at = now) => ({
    type: 'UniqueValueReserved' as const,
    data: { kind: 'email' as const, value: 'ada@example.com', userId, reservedAt: at.toISOString() },
  });

  it('takes two values for the same when they differ only in case or surrounding spaces', () => {
    expect(normaliseUniqueValue(' Ada@Example.COM ')).toBe('ada@example.com');
    expect(normaliseUniqueValue('Ada')).toBe('ada');
  });
  it('reserves a free value, and re-reserving by the same user is a no-op', () => {
    spec(uniqueValueDecider)
      .given([])
      .when(reserve(u1, false))
      .thenEmits([reservedBy(u1)]);
    spec(uniqueValueDecider)
      .given([reservedBy(u1)])
      .when(reserve(u1, false))
      .thenEmits([]);
  });
  it('refuses a value in use by its holder, with the field message', () => {
    const error = spec(uniqueValueDecider)
      .given([reservedBy(u1)])
      .when(reserve(u2, true))
      .thenThrows(ConflictError);
    expect(error.message).toBe('Email already registered');
  });
  it('refuses a value in use even long after it was reserved', () => {
    spec(uniqueValueDecider)
      .given([reservedBy(u1)])
      .when(reserve(u2, true, new Date(now.getTime() + 86_400_000)))
      .thenThrows(ConflictError);
  });
  it('refuses a fresh reservation whose registration or rename may still be running', () => {
    spec(uniqueValueDecider)
      .given([reservedBy(u1)])
      .when(reserve(u2, false))
      .thenThrows(ConflictError);
  });
  it('takes over an abandoned reservation', () => {
    const later = new Date(now.getTime() + 61_000);
    spec(uniqueValueDecider)
      .given([reservedBy(u1)])
      .when(reserve(u2, false, later))
      .thenEmits([
        {
          type: 'UniqueValueReleased',
          data: {
            kind: 'email',
            value: 'ada@example.com',
            userId: u1,
            releasedAt: later.toISOString(),
            reason: 'abandoned',
          },
        },
        reservedBy(u2, later),
      ]);
  });
  it('is released by its holder after a rename, and by nobody else', () => {
    const release = (userId: UserId) => ({
      type: 'ReleaseUniqueValue' as const,
      data: { kind: 'email' as const, value: 'ada@example.com', userId, reason: 'changed' as const },
      now,
    });
    spec(uniqueValueDecider)
      .given([reservedBy(u1)])
      .when(release(u1))
      .thenEmits([
        {
          type: 'UniqueValueReleased',
          data: { kind: 'email', value: 'ada@example.com', userId: u1, releasedAt: at, reason: 'changed' },
        },
      ]);
    spec(uniqueValueDecider)
      .given([reservedBy(u1)])
      .when(release(u2))
      .thenEmits([]);
  });
});
