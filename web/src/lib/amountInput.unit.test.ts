import { describe, expect, test } from 'vitest';
import { normaliseTypedAmount, numberMarks } from './amountInput.ts';
import { readAmount } from './money.ts';

describe('amounts typed in the page language', () => {
  test('each language has its marks', () => {
    expect(numberMarks('en')).toEqual({ decimal: '.', group: ',' });
    expect(numberMarks('de')).toEqual({ decimal: ',', group: '.' });
    expect(numberMarks('es')).toEqual({ decimal: ',', group: '.' });
    expect(numberMarks('fr').decimal).toBe(',');
  });

  test.each([
    ['de', '12,50', '12.50'],
    ['de', '1.234,50', '1234.50'],
    ['de', '1.234.567', '1234567'],
    ['de', '1 234,5', '1234.5'],
    ['de', ',25', '.25'],
    ['de', '7,', '7.'],
    // The plain dot, alone, is a decimal point in a comma language.
    ['de', '12.50', '12.50'],
    ['de', '1.5', '1.5'],
    ['es', '1,5', '1.5'],
    ['es', '2.500,75', '2500.75'],
    ['fr', '1,5', '1.5'],
    ['fr', '1 234,56', '1234.56'],
    ['fr', '1\u202f234,56', '1234.56'],
    ['fr', '1\u00a0234,56', '1234.56'],
    ['en', '12.50', '12.50'],
    ['en', '1,234.50', '1234.50'],
    ['en', '1,234', '1234'],
    ['en', '1 234.5', '1234.5'],
    ['en', '.5', '.5'],
  ])('%s reads %j as %j', (locale, typed, plain) => {
    expect(normaliseTypedAmount(typed, locale)).toBe(plain);
  });

  test.each([
    ['en', '1,5'],
    ['en', '1.2.3'],
    ['en', '12,34,56'],
    ['de', '1,2,3'],
    ['de', '1.23,5'],
    ['de', '1.234 567,5'],
    ['de', '12, 50'],
    ['de', '-5'],
    ['de', '1e3'],
    ['fr', '1 23,5'],
    ['es', ','],
    ['en', ''],
    ['en', '5 SAI'],
  ])('%s refuses %j', (locale, typed) => {
    expect(normaliseTypedAmount(typed, locale)).toBeNull();
  });

  test('readAmount: the language decides, the asset still refuses a digit it cannot hold', () => {
    expect(readAmount('12,50', 2, 'de')).toEqual({ ok: true, units: 1250n, amount: '12.50' });
    expect(readAmount('1.234,5', 2, 'es')).toEqual({ ok: true, units: 123450n, amount: '1234.50' });
    expect(readAmount('1,5', 8, 'fr')).toEqual({ ok: true, units: 150000000n, amount: '1.50000000' });
    expect(readAmount('12,505', 2, 'de')).toEqual({ ok: false, reason: 'too_precise' });
    expect(readAmount('0,00', 2, 'de')).toEqual({ ok: false, reason: 'not_positive' });
    expect(readAmount('1,5', 2, 'en')).toEqual({ ok: false, reason: 'not_positive' });
  });
});
