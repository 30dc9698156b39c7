import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '../shared/errors.ts';
import type { UserId } from '../shared/ids.ts';
import { MAX_PASSKEYS, type PasskeysState, passkeysDecider } from './passkeys.ts';

const userId = 'alice001' as UserId;
const now = new Date('2026-11-28T10:00:00.000Z');
const add = (passkeyId: string) => ({ type: 'AddPasskey' as const, data: { userId, passkeyId }, now });
const remove = (passkeyId: string) => ({ type: 'RemovePasskey' as const, data: { userId, passkeyId }, now });
const holding = (ids: string[]): PasskeysState => ({ passkeyIds: ids });

describe('passkeys decider', () => {
  it('records an added passkey by its public id and folds it in; the same id again adds nothing', () => {
    const events = passkeysDecider.decide(add('p1'), holding([]));
    expect(events).toEqual([
      { type: 'PasskeyAdded', data: { userId, passkeyId: 'p1', addedAt: now.toISOString() } },
    ]);
    const state = events.reduce(passkeysDecider.evolve, holding([]));
    expect(state).toEqual(holding(['p1']));
    expect(passkeysDecider.decide(add('p1'), state)).toEqual([]);
  });

  it(`refuses more than ${MAX_PASSKEYS} passkeys`, () => {
    const full = holding(Array.from({ length: MAX_PASSKEYS }, (_, i) => `p${i}`));
    expect(() => passkeysDecider.decide(add('one-more'), full)).toThrow(ConflictError);
  });

  it('removes only a passkey the user holds', () => {
    expect(() => passkeysDecider.decide(remove('p9'), holding(['p1']))).toThrow(NotFoundError);
    const events = passkeysDecider.decide(remove('p1'), holding(['p1', 'p2']));
    expect(events.reduce(passkeysDecider.evolve, holding(['p1', 'p2']))).toEqual(holding(['p2']));
  });
});
