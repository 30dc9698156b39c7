import { describe, expect, it } from 'vitest';
import type { UserId } from '../../domain/shared/ids.ts';
import { deviceIdOf, deviceToken } from './knownDevices.ts';

const SECRET = new Uint8Array(32).fill(7);
const ALICE = 'a0000000-0000-4000-8000-000000000001' as UserId;
const BOB = 'b0000000-0000-4000-8000-000000000002' as UserId;

describe('the device cookie (docs/security.md, "Sign-in notifications")', () => {
  it('is a random id bound to one account, kept when the browser brings it back', () => {
    const first = deviceToken(SECRET, ALICE, undefined);
    expect(first).toMatch(/^[\w-]{22}\.[\w-]{43}$/);
    expect(deviceToken(SECRET, ALICE, undefined)).not.toBe(first);
    expect(deviceToken(SECRET, ALICE, first)).toBe(first);
    expect(deviceIdOf(SECRET, ALICE, first)).toBe(first.split('.')[0]);
  });

  it('is refused for another account, with another key, forged, malformed or absent', () => {
    const token = deviceToken(SECRET, ALICE, undefined);
    expect(deviceIdOf(SECRET, BOB, token)).toBeNull();
    expect(deviceIdOf(new Uint8Array(32).fill(8), ALICE, token)).toBeNull();
    expect(deviceIdOf(SECRET, ALICE, `${token.split('.')[0]}.forged`)).toBeNull();
    for (const bad of [undefined, '', 'x', `${token}.extra`, `.${token.split('.')[1]}`, 'y'.repeat(300)])
      expect(deviceIdOf(SECRET, ALICE, bad)).toBeNull();
    // Another account's token is replaced, not reused, when that browser signs in to this one.
    expect(deviceToken(SECRET, BOB, token).split('.')[0]).not.toBe(token.split('.')[0]);
  });
});
