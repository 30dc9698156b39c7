/**
 * What a person types into an amount field, in their language's notation, read as the plain decimal the
 * API takes ("1.234,50" in German → "1234.50"). One reader for every amount field (through `readAmount`,
 * lib/money.ts), decided in docs/architecture/i18n.md "Amounts typed":
 * - the language's decimal mark (`,` in de/fr/es, `.` in en) and, always, the plain dot: in a language
 *   whose mark is the comma, a lone dot with no comma is a decimal point ("1.5" is one and a half), as
 *   phones and habits often give it; two dots or more are grouping ("1.234.567");
 * - grouping by the language's separator (`.` in de/es, `,` in en) or by spaces (a space, a no-break or a
 *   narrow no-break space, as French writes and as copied text carries), in groups of three after the
 *   first: "12.50" stays a decimal in German, "1,5" is refused in English (not a valid grouping);
 * - nothing else: no sign, no exponent, no currency, no mixing of two grouping marks.
 * The value is only ever text: it is normalised, never parsed as a float. The review step then shows the
 * normalised value in the language's notation, so a reading the person did not mean is seen before
 * anything is sent.
 */

/** The decimal mark and grouping separator of a language, as Intl formats numbers in it. */
export function numberMarks(locale: string): { decimal: string; group: string } {
  let marks = MARKS.get(locale);
  if (!marks) {
    const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(1234567.5);
    marks = {
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
      group: parts.find((part) => part.type === 'group')?.value ?? ',',
    };
    MARKS.set(locale, marks);
  }
  return marks;
}

/** Each language's marks, asked once: every keystroke's validation reads them. */
const MARKS = new Map<string, { decimal: string; group: string }>();

const SPACES = /[\u0020\u00a0\u202f\u2009]/;

/** The whole part's digits with its grouping removed; null when the grouping is not groups of three. */
function ungroup(whole: string, separators: readonly string[]): string | null {
  if (/^\d*$/.test(whole)) return whole;
  const used = separators.filter((separator) => whole.includes(separator));
  // One kind of grouping mark (all spaces count as one kind).
  if (used.length !== 1) return null;
  const groups = whole.split(used[0]!);
  const [first, ...rest] = groups;
  if (!first || !/^\d{1,3}$/.test(first)) return null;
  if (rest.length === 0 || !rest.every((group) => /^\d{3}$/.test(group))) return null;
  return groups.join('');
}

/** The plain decimal ("1234.50", ".5", "7.") the typed text stands for in `locale`; null when it is none. */
export function normaliseTypedAmount(input: string, locale: string): string | null {
  const text = input.trim().replace(new RegExp(SPACES.source, 'g'), ' ');
  if (text === '' || !/^[\d., ]+$/.test(text)) return null;
  const { decimal, group } = numberMarks(locale);
  const commaDecimal = decimal === ',';
  // Grouping marks the whole part may use: the language's, and spaces.
  const grouping = [...new Set([SPACES.test(group) ? ' ' : group, ' '])];
  let whole: string;
  let fraction: string | null = null;
  if (commaDecimal) {
    const commas = text.split(',').length - 1;
    const dots = text.split('.').length - 1;
    if (commas > 1) return null;
    if (commas === 1) {
      [whole, fraction] = text.split(',') as [string, string];
    } else if (dots === 1 && !text.includes(' ')) {
      // The plain dot, as a decimal point.
      [whole, fraction] = text.split('.') as [string, string];
      return /^\d*$/.test(whole) && /^\d*$/.test(fraction) && whole + fraction !== ''
        ? `${whole}.${fraction}`
        : null;
    } else whole = text;
  } else {
    if (text.split('.').length - 1 > 1) return null;
    [whole, fraction = null] = text.split('.') as [string, string | undefined] as [string, string | null];
  }
  if (fraction !== null && !/^\d*$/.test(fraction)) return null;
  const digits = ungroup(whole.trim(), grouping);
  if (digits === null || digits + (fraction ?? '') === '') return null;
  return fraction === null ? digits : `${digits}.${fraction}`;
}
