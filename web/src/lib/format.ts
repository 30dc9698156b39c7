import { currentLocale, t } from '../i18n/i18n.ts';

/**
 * Display helpers, in the current language (web/src/i18n). Amounts arrive as decimal strings ("1234.50") and are regrouped as text, never
 * parsed into floating point, so what is shown is exactly what the ledger holds.
 */
export function formatDecimal(value: string, decimals = 2): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const { group, decimal, minimumGrouping } = separators(currentLocale());
  const grouped = whole.length >= 3 + minimumGrouping ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, group) : whole;
  const padded = fraction.padEnd(decimals, '0');
  return decimals > 0 ? `${sign}${grouped}${decimal}${padded}` : `${sign}${grouped}`;
}

/**
 * The locale's group and decimal signs, read once per locale from Intl on sample numbers (only the signs:
 * the amount itself never passes through a float). Spanish leaves four-digit numbers ungrouped
 * (CLDR's minimum grouping digits of 2).
 */
const separatorCache = new Map<string, { group: string; decimal: string; minimumGrouping: number }>();
function separators(locale: string) {
  let found = separatorCache.get(locale);
  if (!found) {
    const parts = new Intl.NumberFormat(locale).formatToParts(12345.5);
    const four = new Intl.NumberFormat(locale).formatToParts(1234);
    found = {
      group: parts.find((part) => part.type === 'group')?.value ?? ',',
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
      minimumGrouping: four.some((part) => part.type === 'group') ? 1 : 2,
    };
    separatorCache.set(locale, found);
  }
  return found;
}

export function displayName(user: { firstName?: string | null; username: string }): string {
  const first = user.firstName?.trim();
  return first ? first : user.username;
}

/** First and last initial, else the first two letters of the username, else "U" (spec: profile). */
export function initials(user: {
  firstName?: string | null;
  lastName?: string | null;
  username?: string;
}): string {
  const first = user.firstName?.trim()?.[0];
  const last = user.lastName?.trim()?.[0];
  if (first && last) return `${first}${last}`.toUpperCase();
  const fromUsername = user.username?.trim().slice(0, 2);
  if (fromUsername) return fromUsername.toUpperCase();
  return 'U';
}

/** The current language's formatters, made once per language. */
const formatters = new Map<
  string,
  {
    dateTime: Intl.DateTimeFormat;
    date: Intl.DateTimeFormat;
    time: Intl.DateTimeFormat;
    relative: Intl.RelativeTimeFormat;
  }
>();
function formatsFor(locale: string) {
  let found = formatters.get(locale);
  if (!found) {
    found = {
      dateTime: new Intl.DateTimeFormat(locale, {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: hourDigits(locale),
        minute: '2-digit',
      }),
      date: new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric' }),
      // The language's own short time: its clock and hour digits come with `timeStyle`.
      time: new Intl.DateTimeFormat(locale, { timeStyle: 'short' }),
      relative: new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
    };
    formatters.set(locale, found);
  }
  return found;
}

/**
 * How the language writes the hour in its own short time: "0:09" in Spanish and English's "12:09 AM",
 * but "00:09" in German and French. Asking for month names drops `timeStyle`, and with it that
 * convention, so it is read from the short time of 01:00 and asked for explicitly.
 */
function hourDigits(locale: string): '2-digit' | 'numeric' {
  const hour = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' })
    .formatToParts(Date.UTC(2000, 0, 1, 1))
    .find((part) => part.type === 'hour');
  return hour?.value.length === 2 ? '2-digit' : 'numeric';
}

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * "Jan 31, 2026, 2:05 PM" in English (docs/product-rules.md spec 9), "31 ene 2026, 14:05" in Spanish: the
 * current language's own order and clock (docs/product-rules.md rule 37).
 */
export function formatDateTime(value: string | Date): string {
  const date = toDate(value);
  return date ? formatsFor(currentLocale()).dateTime.format(date) : t('common.unknownDate');
}

/** "Jan 31, 2026". */
export function formatDate(value: string | Date): string {
  const date = toDate(value);
  return date ? formatsFor(currentLocale()).date.format(date) : t('common.unknownDate');
}

/** The time of day alone, as the language writes a short time: "2:05 PM", "14:05", "0:09" in Spanish. */
export function formatTime(value: string | Date): string {
  const date = toDate(value);
  return date ? formatsFor(currentLocale()).time.format(date) : t('common.unknownDate');
}

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.345],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "5 minutes ago", "in 2 days", "now" (docs/product-rules.md spec 9: relative dates as "in X" or "X ago"). */
export function formatRelative(value: string | Date, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return t('common.unknownDate');
  const formats = formatsFor(currentLocale());
  let amount = (date.getTime() - now.getTime()) / 1000;
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return formats.relative.format(Math.round(amount), unit);
    amount /= size;
  }
  return formats.date.format(date);
}

/** A signed SAI amount for display: "+12.50" or "−3.00" (typographic minus), never rounded. */
export function formatSignedAmount(value: string): string {
  const trimmed = value.trim();
  const negative = trimmed.startsWith('-');
  const magnitude = formatDecimal(trimmed.replace(/^[+-]/, ''));
  return `${negative ? '\u2212' : '+'}${magnitude}`;
}

/** The code every US-dollar value is written with (`formatUsdValue`). */
export const USD_CODE = 'USD';

/**
 * The figure of a US-dollar value, without its code (for a screen that sets the code apart, in a smaller
 * type): the exact digits regrouped for the language, `decimals` at least (2 unless said), and with
 * `signed` the sign of a change ("+12.50", "−3.20", zero unsigned, the minus sign U+2212).
 */
export function formatUsdFigure(value: string, { signed = false, decimals = 2 } = {}): string {
  const trimmed = value.trim();
  const match = /^([+-]?)(\d+(?:\.\d+)?)$/.exec(trimmed);
  if (!match) return value;
  const [, sign = '', magnitude = '0'] = match;
  const figure = formatDecimal(magnitude, decimals);
  if (!signed || /^[0.]+$/.test(magnitude)) return figure;
  return `${sign === '-' ? '\u2212' : '+'}${figure}`;
}

/**
 * A US-dollar value (docs/product-rules.md rule 29): the one notation for fiat on every screen and in every
 * language, written as an asset's amount is ("251.25 USDT"): the figure, a space, the ISO code:
 * "1,170.35 USD" in English, "1.170,35 USD" in German, "+12,50 USD" for a change. Never a "$" sign
 * beside it or elsewhere in the app, so a card never shows "1.170,35 USD" beside "0,00 $".
 */
export function formatUsdValue(value: string, options: { signed?: boolean; decimals?: number } = {}): string {
  return `${formatUsdFigure(value, options)} ${USD_CODE}`;
}

/**
 * A signed percentage from the API's decimal string, the one way every screen writes a change
 * (docs/product-rules.md rule 29): "+2.50%", "−10.00%" with the minus sign (U+2212, never a hyphen),
 * "0.00%" unsigned; the digits are the API's, grouped and placed as the language writes a percentage
 * ("−10,00 %" in German, French and Spanish, from Intl).
 */
export function formatPercentChange(change: string): string {
  const trimmed = change.trim();
  const match = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(trimmed);
  if (!match) return change;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const magnitude = fraction ? `${whole}.${fraction}` : whole;
  const zero = /^0*$/.test(whole + fraction);
  const prefix = zero ? '' : sign === '-' ? '\u2212' : '+';
  return `${prefix}${percentPattern(currentLocale()).replace('{value}', formatDecimal(magnitude, fraction.length))}`;
}

/** How the language places the percent sign around a number ("{value}%", "{value}\u00a0%"), from Intl. */
const percentPatterns = new Map<string, string>();
function percentPattern(locale: string): string {
  let found = percentPatterns.get(locale);
  if (!found) {
    found = new Intl.NumberFormat(locale, { style: 'percent' })
      .formatToParts(0.07)
      .map((part) => (part.type === 'integer' ? '{value}' : part.value))
      .join('');
    percentPatterns.set(locale, found);
  }
  return found;
}

/** Percent trend as text: "+12.5%", "−3.8%", "0%"; an em dash when there is nothing to compare with. */
export function formatTrend(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '\u2014';
  // One decimal at most, as text; the sign and the percent sign as every change is written.
  const rounded = Math.round(value * 10) / 10;
  const digits = String(Math.abs(rounded));
  return formatPercentChange(rounded < 0 ? `-${digits}` : digits);
}

/** The bell's badge (docs/product-rules.md spec 4): none at 0, the number up to 9, then "9+". */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}
