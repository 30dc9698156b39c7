import { describe, expect, it } from 'vitest';
import { deviceLabel, deviceOf } from './device.ts';

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
