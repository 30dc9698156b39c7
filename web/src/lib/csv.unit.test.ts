import { describe, expect, test } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('csvCell (RFC 4180)', () => {
  test('plain text stays as it is', () => {
    expect(csvCell('Coffee')).toBe('Coffee');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
  });

  test('commas, quotes and line breaks are quoted, quotes doubled', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\r')).toBe('"cr\r"');
  });

  test.each([
    ['=1+1', "'=1+1"],
    ['+SUM(A1)', "'+SUM(A1)"],
    ['-2+3+cmd|" /C calc"!A0', `"'-2+3+cmd|"" /C calc""!A0"`],
    ['@SUM(1)', "'@SUM(1)"],
    ['\t=1', "'\t=1"],
  ])('formula-looking text %j is neutralised', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  test('signed decimal numbers are data, not formulas, and stay numeric', () => {
    expect(csvCell('-3.00')).toBe('-3.00');
    expect(csvCell('+3.00')).toBe('+3.00');
  });
});

describe('toCsv', () => {
  test('records end with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['1', 'x,y'],
      ]),
    ).toBe('a,b\r\n1,"x,y"\r\n');
  });
});
