import { describe, expect, it } from 'vitest';
import { deviceLabel, deviceOf, networkPrefix, sameDeviceAndPlace } from './device.ts';

describe('device of a sign-in', () => {
  it('names the browser and OS of common User-Agents, and nothing else', () => {
    expect(
      deviceOf(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', os: 'macOS' });
    expect(
      deviceOf(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', os: 'Android' });
    expect(
      deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'),
    ).toEqual({
      browser: 'Firefox',
      os: 'Windows',
    });
  });

  it('says unknown for no header, a script, or a header too long to be a browser', () => {
    expect(deviceOf(undefined)).toEqual({ browser: null, os: null });
    expect(deviceOf('curl/8.5.0').browser).toBeNull();
    expect(deviceOf(`Mozilla/5.0 ${'x'.repeat(600)}`)).toEqual({ browser: null, os: null });
    expect(deviceLabel({ browser: null, os: null })).toBe('an unknown browser on an unknown system');
    expect(deviceLabel({ browser: 'Safari', os: 'iOS' })).toBe('Safari on iOS');
  });
});

describe('networkPrefix and sameDeviceAndPlace (docs/security.md, "Sign-in notifications")', () => {
  it('takes an IPv4 /24, an IPv6 /48, and an IPv4-mapped address as its IPv4', () => {
    expect(networkPrefix('203.0.113.77')).toBe('203.0.113');
    expect(networkPrefix('::ffff:203.0.113.9')).toBe('203.0.113');
    expect(networkPrefix('2001:db8:1:2::5')).toBe('2001:db8:1');
    expect(networkPrefix('2001:0db8:0001:ffff:0:0:0:9')).toBe('2001:db8:1');
    expect(networkPrefix('2001:db8::1')).toBe('2001:db8:0');
    expect(networkPrefix('::1')).toBe('0:0:0');
    expect(networkPrefix('[2001:db8:1::1]')).toBe('2001:db8:1');
    for (const nothing of [null, '', 'unknown', '203.0.113', 'example.com'])
      expect(networkPrefix(nothing)).toBeNull();
  });

  it('is the same browser and OS on the same network; what cannot be told is never the same', () => {
    const laptop = { browser: 'Firefox', os: 'Linux', address: '203.0.113.77' };
    expect(sameDeviceAndPlace(laptop, { ...laptop, address: '203.0.113.12' })).toBe(true);
    expect(sameDeviceAndPlace(laptop, { ...laptop, address: '203.0.114.77' })).toBe(false);
    expect(sameDeviceAndPlace(laptop, { ...laptop, browser: 'Chrome' })).toBe(false);
    expect(sameDeviceAndPlace(laptop, { ...laptop, os: 'Windows' })).toBe(false);
    const unknown = { browser: null, os: null, address: '203.0.113.77' };
    expect(sameDeviceAndPlace(unknown, unknown)).toBe(false);
    expect(sameDeviceAndPlace({ ...laptop, address: null }, { ...laptop, address: null })).toBe(false);
  });
});
