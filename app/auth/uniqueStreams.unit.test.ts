import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  isLegacyUniqueStream,
  legacyUniqueStream,
  UNIQUE_STREAM_NAME,
  uniqueStream,
  uniqueStreamsOf,
} from './uniqueStreams.ts';

describe('uniqueness stream names', () => {
  const key = randomBytes(32);

  it('names one stream per normalised value, by a keyed pseudonym that does not hold the value', () => {
    const email = uniqueStream(key, 'email', ' Ada@Example.COM ');
    expect(email).toMatch(/^userEmail-[0-9a-f]{64}$/);
    expect(uniqueStream(key, 'email', 'ada@example.com')).toBe(email);
    expect(email.toLowerCase()).not.toContain('ada');
    const username = uniqueStream(key, 'username', 'Ada');
    expect(username).toMatch(/^userName-[0-9a-f]{64}$/);
    expect(uniqueStream(key, 'username', '  ADA')).toBe(username);
    expect(UNIQUE_STREAM_NAME.test(email) && UNIQUE_STREAM_NAME.test(username)).toBe(true);
  });

  it('gives the same text as an e-mail and as a username, or under another key, another name', () => {
    const email = uniqueStream(key, 'email', 'same.text');
    const username = uniqueStream(key, 'username', 'same.text');
    expect(email.slice('userEmail-'.length)).not.toBe(username.slice('userName-'.length));
    expect(uniqueStream(randomBytes(32), 'email', 'same.text')).not.toBe(email);
  });

  it('knows the legacy name (the value in clear) and tells the two kinds of name apart', () => {
    expect(legacyUniqueStream('email', ' Ada@Example.COM ')).toBe('userEmail-ada@example.com');
    expect(legacyUniqueStream('username', 'Ada')).toBe('userName-ada');
    expect(uniqueStreamsOf(key, 'username', 'Ada')).toEqual([
      uniqueStream(key, 'username', 'Ada'),
      'userName-ada',
    ]);
    expect(isLegacyUniqueStream('userEmail-ada@example.com')).toBe(true);
    expect(isLegacyUniqueStream('userName-ada')).toBe(true);
    // A 32-character hex username is still a legacy name: pseudonyms are 64 characters.
    expect(isLegacyUniqueStream(`userName-${'a1'.repeat(16)}`)).toBe(true);
    expect(isLegacyUniqueStream(uniqueStream(key, 'email', 'ada@example.com'))).toBe(false);
    expect(isLegacyUniqueStream('user-ab12cd34')).toBe(false);
  });
});
