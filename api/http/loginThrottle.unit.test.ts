import { describe, expect, it } from 'vitest';
import { addressKey, LONGEST_WAIT_FACTOR, progressiveWait } from './loginThrottle.ts';

describe('login throttle keys and waits', () => {
  it('counts an IPv6 client by its /64 and an IPv4-mapped address as IPv4', () => {
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe(addressKey('2001:0db8:0001:0002::9'));
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('unknown')).toBe('unknown');
  });

  it('doubles the wait from the first one up to the longest', () => {
    expect([0, 1, 2, 3, 6, 7, 40].map((n) => progressiveWait(60, n))).toEqual([
      60, 120, 240, 480, 3840, 3840, 3840,
    ]);
    expect(progressiveWait(60, 99)).toBe(60 * LONGEST_WAIT_FACTOR);
  });
});
