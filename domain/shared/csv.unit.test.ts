import { describe, expect, test } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('csvCell (RFC 4180, formula injection)', () => {
  test('text is always quoted; numbers and empty cells stay bare', () => {
    expect(csvCell('Coffee')).toBe('"Coffee"');
    expect(csvCell(null)).toBe('');
    expect(csvCell('')).toBe('');
    expect(csvCell(12)).toBe('12');
    expect(csvCell('-3.00')).toBe('-3.00');
    expect(csvCell('+3.00')).toBe('+3.00');
  });

  test('commas, quotes and line breaks stay inside their quotes, quotes doubled', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  test.each([
    ['=1+1', `"'=1+1"`],
    ['+SUM(A1)', `"'+SUM(A1)"`],
    ['-2+3+cmd|" /C calc"!A0', `"'-2+3+cmd|"" /C calc""!A0"`],
    ['@SUM(1)', `"'@SUM(1)"`],
    // (The tab is a separator too: the formula after it is marked as well.)
    ['\t=1', `"'\t'=1"`],
    ['\r=1', `"'\r=1"`],
  ])('a formula lead at the start of %j is neutralised', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  test.each([
    // A spreadsheet in de, fr or es splits on `;`, and some imports ignore quotes.
    ['x;=1+1', `"x;'=1+1"`],
    ['x; =1+1', `"x; '=1+1"`],
    ['a,@SUM(1)', `"a,'@SUM(1)"`],
    ['a\t+1', `"a\t'+1"`],
    ['a|-1+1', `"a|'-1+1"`],
    ['x;=1;=2', `"x;'=1;'=2"`],
  ])('a formula lead after a separator inside %j is neutralised', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  test('split on any separator, no piece of a neutralised cell starts a formula', () => {
    for (const input of ['x;=1+1', 'a,@b', 'q|+1', 'a\t-2+x', '=HYPERLINK("http://x")']) {
      const inner = csvCell(input).slice(1, -1).replaceAll('""', '"');
      for (const piece of inner.split(/[,;\t|]/)) expect(piece.trimStart()).not.toMatch(/^[=+\-@]/);
    }
  });
});

describe('toCsv', () => {
  test('records end with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['1', 'x,y'],
      ]),
    ).toBe('"a","b"\r\n1,"x,y"\r\n');
  });
});
