import { describe, expect, it } from 'vitest';
import { unstorableText } from './validate.ts';

describe('unstorableText', () => {
  it('finds the NULs and lone surrogates Postgres cannot store, and names their field', () => {
    expect(unstorableText({ name: 'Ada\u0000' })).toBe('name');
    expect(unstorableText({ notes: 'x\ud800' })).toBe('notes');
    expect(unstorableText({ notes: '\udc00x' })).toBe('notes');
    expect(unstorableText({ list: ['ok', { deep: 'a\u0000' }] })).toBe('list.1.deep');
    expect(unstorableText('\u0000')).toBe('_');
  });

  it('lets every well-formed text through, whatever script, emoji or control character it holds', () => {
    expect(
      unstorableText({
        a: '👩‍👩‍👧‍👦',
        b: '東京 مرحبا 𝔘',
        c: '\u0007\u202e',
        d: 12n,
        e: new Date(0),
        f: null,
      }),
    ).toBe(null);
  });
});
