import { afterEach, describe, expect, test } from 'vitest';
import { setLocale } from '../i18n/i18n.ts';
import type { Locale } from '../i18n/locales.ts';
import {
  badgeText,
  displayName,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatPercentChange,
  formatRelative,
  formatSignedAmount,
  formatTime,
  formatTrend,
  formatUsdFigure,
  formatUsdValue,
  initials,
} from './format.ts';

describe('formatDecimal', () => {
  test.each([
    ['0.00', '0.00'],
    ['0', '0.00'],
    ['1234.5', '1,234.50'],
    ['1234567.89', '1,234,567.89'],
    ['-1000.10', '-1,000.10'],
    ['999', '999.00'],
  ])('%s → %s', (input, expected) => {
    expect(formatDecimal(input)).toBe(expected);
  });

  test('never rounds through floating point', () => {
    expect(formatDecimal('90071992547409931.99')).toBe('90,071,992,547,409,931.99');
  });

  test('leaves anything that is not a decimal as it is', () => {
    expect(formatDecimal('n/a')).toBe('n/a');
  });
});

describe('names', () => {
  test('display name prefers the first name', () => {
    expect(displayName({ firstName: 'Ada', username: 'ada_l' })).toBe('Ada');
    expect(displayName({ firstName: '  ', username: 'ada_l' })).toBe('ada_l');
    expect(displayName({ firstName: null, username: 'ada_l' })).toBe('ada_l');
  });

  test('initials: first and last, else two letters of the username, else U', () => {
    expect(initials({ firstName: 'ada', lastName: 'lovelace', username: 'x' })).toBe('AL');
    expect(initials({ firstName: 'Ada', lastName: '', username: 'grace' })).toBe('GR');
    expect(initials({ username: '' })).toBe('U');
  });
});

describe('dates, signs and trends', () => {
  test('relative dates read "X ago" and "in X"', () => {
    const now = new Date('2026-01-31T12:00:00Z');
    expect(formatRelative('2026-01-31T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatRelative('2026-01-30T12:00:00Z', now)).toBe('yesterday');
    expect(formatRelative('2026-02-02T12:00:00Z', now)).toBe('in 2 days');
    expect(formatRelative('nonsense', now)).toBe('Unknown date');
  });

  test('absolute dates are en-US', () => {
    expect(formatDate(new Date(2026, 0, 31))).toBe('Jan 31, 2026');
    expect(formatDateTime('not a date')).toBe('Unknown date');
  });

  test('signed amounts use a real minus sign and keep the exact digits', () => {
    expect(formatSignedAmount('-3.00')).toBe('\u22123.00');
    expect(formatSignedAmount('+1234.5')).toBe('+1,234.50');
    expect(formatSignedAmount('12.00')).toBe('+12.00');
  });

  test('trends: signed percent, or a dash when there is nothing to compare', () => {
    expect(formatTrend(12.5)).toBe('+12.5%');
    expect(formatTrend(-3.8)).toBe('\u22123.8%');
    expect(formatTrend(-10)).toBe('\u221210%');
    expect(formatTrend(0)).toBe('0%');
    expect(formatTrend(null)).toBe('\u2014');
  });
});

describe('badgeText (docs/product-rules.md spec 4)', () => {
  test('none at 0, the count up to 9, then 9+', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
    expect(badgeText(250)).toBe('9+');
  });
});

describe('in the interface language (docs/product-rules.md rule 37)', () => {
  afterEach(() => setLocale('en'));

  test('a change: its own digits, a real minus sign, the percent sign where the language puts it', async () => {
    expect(formatPercentChange('-10.00')).toBe('\u221210.00%');
    expect(formatPercentChange('2.5')).toBe('+2.5%');
    expect(formatPercentChange('+1234.50')).toBe('+1,234.50%');
    expect(formatPercentChange('0.00')).toBe('0.00%');
    expect(formatPercentChange('-0.00')).toBe('0.00%');
    await setLocale('de');
    expect(formatPercentChange('-10.00')).toBe('\u221210,00\u00a0%');
    await setLocale('fr');
    expect(formatPercentChange('-10.00')).toMatch(/^\u221210,00[\u00a0\u202f]%$/);
    await setLocale('es');
    expect(formatPercentChange('0.40')).toBe('+0,40\u00a0%');
  });

  test.each([
    ['es', '1234567.8', '1.234.567,80'],
    ['es', '1234.5', '1234,50'],
    ['fr', '1234567.8', '1\u202f234\u202f567,80'],
    ['de', '1234.5', '1.234,50'],
    ['de', '-90071992547409931.99', '-90.071.992.547.409.931,99'],
  ])('%s: %s → %s, exactly', async (locale, input, expected) => {
    await setLocale(locale as Locale);
    expect(formatDecimal(input)).toBe(expected);
  });

  test('dates take the language’s words and order', async () => {
    const date = new Date('2026-01-31T14:05:00Z');
    await setLocale('de');
    expect(formatDate(date)).toMatch(/31\. Jan\.? 2026/);
    await setLocale('es');
    expect(formatDate(date)).toMatch(/31 ene 2026/);
    expect(formatRelative(new Date(Date.now() - 5 * 60_000))).toBe('hace 5 minutos');
    await setLocale('fr');
    expect(formatRelative(new Date(Date.now() + 2 * 86_400_000))).toBe('après-demain');
  });

  // Past midnight is where the languages differ: German and French write the hour with two digits.
  test.each([
    ['en', 'Nov 29, 2026, 12:09 AM', 'Nov 29, 2026, 2:05 PM'],
    ['es', '29 nov 2026, 0:09', '29 nov 2026, 14:05'],
    ['fr', '29 nov. 2026, 00:09', '29 nov. 2026, 14:05'],
    ['de', '29. Nov. 2026, 00:09', '29. Nov. 2026, 14:05'],
  ])(
    '%s: the clock as the language writes it, after midnight and in the afternoon',
    async (locale, night, day) => {
      await setLocale(locale as Locale);
      expect(formatDateTime(new Date(2026, 10, 29, 0, 9))).toBe(night);
      expect(formatDateTime(new Date(2026, 10, 29, 14, 5))).toBe(day);
    },
  );

  test.each([
    ['en', '12:09 AM', '2:05 PM'],
    ['es', '0:09', '14:05'],
    ['fr', '00:09', '14:05'],
    ['de', '00:09', '14:05'],
  ])('%s: a time of day alone, on the language’s own clock', async (locale, night, day) => {
    await setLocale(locale as Locale);
    // English's space before AM is a narrow no-break one in recent ICU versions, a plain one in older.
    const time = (value: string | Date) => formatTime(value).replace(/\s/gu, ' ');
    expect(time(new Date(2026, 10, 29, 0, 9))).toBe(night);
    expect(time(new Date(2026, 10, 29, 14, 5).toISOString())).toBe(day);
    expect(formatTime('not a date')).not.toMatch(/\d/);
  });

  // docs/product-rules.md rule 29: one notation for a dollar value, the figure then the code, in every
  // language; a change signed as every change is, zero unsigned; the digits exactly the API's.
  test.each([
    ['en', '1170.35', '1,170.35 USD', '+12.50 USD', '\u22123.20 USD'],
    ['de', '1170.35', '1.170,35 USD', '+12,50 USD', '\u22123,20 USD'],
    ['fr', '1170.35', '1\u202f170,35 USD', '+12,50 USD', '\u22123,20 USD'],
    ['es', '1170.35', '1170,35 USD', '+12,50 USD', '\u22123,20 USD'],
  ])('%s: a dollar value is its figure, then USD', async (locale, value, shown, gain, loss) => {
    await setLocale(locale as Locale);
    expect(formatUsdValue(value)).toBe(shown);
    expect(formatUsdValue('12.5', { signed: true })).toBe(gain);
    expect(formatUsdValue('-3.20', { signed: true })).toBe(loss);
    expect(formatUsdValue('-0.00', { signed: true })).toBe(formatUsdValue('0'));
    expect(formatUsdValue('0')).not.toMatch(/\$/);
    expect(formatUsdValue('1000', { decimals: 0 })).toBe(`${formatUsdFigure('1000', { decimals: 0 })} USD`);
    expect(formatUsdValue('90071992547409931.123')).toMatch(/^90\D071\D992\D547\D409\D931\D123 USD$/);
  });
});
