import { describe, expect, it } from 'vitest';
import { UnprocessableError } from '../shared/errors.ts';
import { spec } from '../shared/testing.ts';
import { ada, adaProfile } from './testing.ts';
import { type UserEvent, type UserState, userDecider } from './user.ts';

const now = new Date('2026-12-03T08:00:00.000Z');
const at = now.toISOString();
const profile = adaProfile();
const selfRegistered: UserEvent = {
  type: 'UserRegistered',
  data: { ...profile, emailVerified: false, registeredAt: at },
};
/** As every registration was stored before e-mail verification existed: no field. */
const legacyRegistered: UserEvent = { type: 'UserRegistered', data: { ...profile, registeredAt: at } };
const verified: UserEvent = { type: 'EmailVerified', data: { userId: ada, via: 'link', verifiedAt: at } };
const fold = (events: UserEvent[]): UserState =>
  events.reduce(userDecider.evolve, userDecider.initialState());

describe('e-mail verification on the user stream', () => {
  it('a registration by the person starts unverified; one stored before the rule counts as verified', () => {
    expect(fold([selfRegistered])).toMatchObject({ emailVerified: false });
    expect(fold([legacyRegistered])).toMatchObject({ emailVerified: true });
  });

  it('verifies once, then does nothing', () => {
    const command = { type: 'VerifyEmail' as const, data: { userId: ada, via: 'link' as const }, now };
    spec(userDecider).given([selfRegistered]).when(command).thenEmits([verified]);
    spec(userDecider).given([selfRegistered, verified]).when(command).thenEmits([]);
    spec(userDecider).given([legacyRegistered]).when(command).thenEmits([]);
    expect(fold([selfRegistered, verified])).toMatchObject({ emailVerified: true });
  });

  it('a confirmed e-mail change proves the new address', () => {
    const changed: UserEvent = {
      type: 'UserEmailChanged',
      data: { userId: ada, email: 'ada@new.example', changedAt: at },
    };
    expect(fold([selfRegistered, changed])).toMatchObject({ emailVerified: true });
  });

  it('refuses to turn on 2FA until the address is verified', () => {
    const command = { type: 'EnableTwoFactor' as const, data: { userId: ada }, now };
    spec(userDecider).given([selfRegistered]).when(command).thenThrows(UnprocessableError);
    spec(userDecider)
      .given([selfRegistered, verified])
      .when(command)
      .thenEmits([{ type: 'TwoFactorEnabled', data: { userId: ada, enabledAt: at } }]);
  });
});
