import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, UnprocessableError, ValidationError } from '../shared/errors.ts';
import { admin, at, now, spec } from '../shared/testing.ts';
import { DEFAULT_PREFERENCES } from './preferences.ts';
import { ada, adaProfile } from './testing.ts';
import { type UserCommand, type UserEvent, userDecider } from './user.ts';

const registered: UserEvent = {
  type: 'UserRegistered',
  data: { ...adaProfile({ bio: 'Analyst' }), registeredAt: at },
};
const erased: UserEvent = {
  type: 'PersonErased',
  data: { userId: ada, erasedBy: admin, reason: 'Art. 17 request', erasedAt: at },
};
const erase = (erasedBy = admin, reason = 'Art. 17 request'): UserCommand => ({
  type: 'ErasePerson',
  data: { userId: ada, erasedBy, reason },
  now,
});

describe('erasing a person', () => {
  it('records PersonErased, with no personal data, and keeps only the id and the time', () => {
    spec(userDecider).given([registered]).when(erase()).thenEmits([erased]);
    const state = [registered, erased].reduce(userDecider.evolve, userDecider.initialState());
    expect(state).toEqual({ status: 'erased', userId: ada, erasedAt: at });
  });
  it('from the command line, with no admin', () => {
    spec(userDecider)
      .given([registered])
      .when(erase(null as never))
      .thenEmits([{ ...erased, data: { ...erased.data, erasedBy: null } }]);
  });
  it('again does nothing: the first erasure stands', () => {
    spec(userDecider).given([registered, erased]).when(erase(admin, 'another')).thenEmits([]);
  });
  it('refuses an unknown person, one erasing themself, and an empty reason', () => {
    spec(userDecider).given([]).when(erase()).thenThrows(NotFoundError);
    spec(userDecider).given([registered]).when(erase(ada)).thenThrows(UnprocessableError);
    spec(userDecider).given([registered]).when(erase(admin, '  ')).thenThrows(ValidationError);
  });
  it('refuses every other command on an erased person as on an unknown one', () => {
    const commands: UserCommand[] = [
      { type: 'PromoteToAdmin', data: { userId: ada, promotedBy: admin }, now },
      { type: 'RecordPasswordChange', data: { userId: ada }, now },
      {
        type: 'UpdateProfile',
        data: { userId: ada, firstName: 'A', lastName: 'L', username: 'ada', bio: '' },
        now,
      },
      { type: 'UpdatePreferences', data: { userId: ada, preferences: DEFAULT_PREFERENCES }, now },
      { type: 'EnableTwoFactor', data: { userId: ada }, now },
      { type: 'DisableTwoFactor', data: { userId: ada }, now },
      { type: 'SuspendUser', data: { userId: ada, suspendedBy: admin }, now },
      { type: 'ReactivateUser', data: { userId: ada, reactivatedBy: admin }, now },
      {
        type: 'RegisterUser',
        data: { ...(registered.data as Extract<UserEvent, { type: 'UserRegistered' }>['data']) },
        now,
      },
    ];
    for (const command of commands) {
      const given = spec(userDecider).given([registered, erased]).when(command);
      // The id is taken for good (ids are never reused).
      if (command.type === 'RegisterUser') given.thenThrows(ConflictError);
      else given.thenThrows(NotFoundError);
    }
  });
});
