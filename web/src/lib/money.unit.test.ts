import { describe, expect, test } from 'vitest';
import { fromUnits, multiply, readAmount, signOf, toUnits } from './money.ts';

describe('toUnits / fromUnits', () => {
  test.each([
    ['12.5', 1250n],
    ['0.01', 1n],
    ['-3.00', -300n],
    ['100', 10000n],
  ])('%s → %s minor units', (text, units) => {
    expect(toUnits(text)).toBe(units);
  });

  test('more decimals than the asset has, or anything not a plain decimal, is null', () => {
    for (const text of ['0.001', '1e3', '', 'abc', '1,000', '--1']) expect(toUnits(text)).toBeNull();
  });

  test('round trip', () => {
    expect(fromUnits(1250n)).toBe('12.50');
    expect(fromUnits(1n)).toBe('0.01');
    expect(fromUnits(-300n)).toBe('-3.00');
    expect(fromUnits(0n)).toBe('0.00');
  });
});

describe('readAmount', () => {
  test('accepts plain positive decimals and normalises them', () => {
    expect(readAmount('10')).toEqual({ ok: true, units: 1000n, amount: '10.00' });
    expect(readAmount(' 0.5 ')).toEqual({ ok: true, units: 50n, amount: '0.50' });
    expect(readAmount('.25')).toEqual({ ok: true, units: 25n, amount: '0.25' });
    expect(readAmount('7.')).toEqual({ ok: true, units: 700n, amount: '7.00' });
  });

  test('never goes through floating point', () => {
    expect(readAmount('90071992547409931.99')).toMatchObject({ ok: true, amount: '90071992547409931.99' });
  });

  test.each(['', '0', '0.00', '-5', '+5', '1e3', 'abc', '1,5', 'NaN', 'Infinity', '0.000'])(
    '%j is not a positive number',
    (text) => {
      expect(readAmount(text)).toEqual({ ok: false, reason: 'not_positive' });
    },
  );

  test('a third decimal is refused, not rounded', () => {
    expect(readAmount('1.005')).toEqual({ ok: false, reason: 'too_precise' });
  });
});

describe('signOf and multiply', () => {
  test('sign of a decimal string', () => {
    expect(signOf('-2.50')).toBe(-1);
    expect(signOf('+0.01')).toBe(1);
    expect(signOf('0.00')).toBe(0);
    expect(signOf('junk')).toBe(0);
  });

  test('amount × price, rounded half up to 2 decimals', () => {
    expect(multiply('100', '2.50')).toBe('250.00');
    expect(multiply('0.01', '2.555')).toBe('0.03');
    expect(multiply('3', '0.333')).toBe('1.00');
    expect(multiply('x', '2')).toBeNull();
  });
});
