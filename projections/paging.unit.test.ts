import { describe, expect, it } from 'vitest';
import { formatCursor, parseCursor } from './paging.ts';

describe('parseCursor', () => {
  it('takes each part up to the end of its SQL type and round-trips what formatCursor writes', () => {
    const largest = '18446744073709551615-9223372036854775807-32767';
    expect(parseCursor(largest)).toEqual({
      commit: 18446744073709551615n,
      prepare: 9223372036854775807n,
      leg: 32767,
    });
    expect(formatCursor({ commit: 12n, prepare: 7n }, 3)).toBe('12-7-3');
    expect(parseCursor(formatCursor({ commit: '12', prepare: '7' }))).toEqual({
      commit: 12n,
      prepare: 7n,
      leg: 0,
    });
  });

  it('refuses a part one past its type, too many digits, or another shape', () => {
    for (const text of [
      '1-1-32768',
      '1-9223372036854775808-0',
      '18446744073709551616-1-0',
      '1-1-100000',
      '123456789012345678901-1-0',
      '1-1',
      '-1-1-1',
      '1-1-1 ',
      '',
    ])
      expect(parseCursor(text), text).toBeNull();
  });
});
