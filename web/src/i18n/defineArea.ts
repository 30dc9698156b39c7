import type { Locale } from './locales.ts';

/**
 * One area's messages in every language, ICU MessageFormat (plurals as `{count, plural, one {…} other {…}}`).
 * English fixes the keys: the type refuses a catalog that lacks one of them or adds another, and
 * catalog.unit.test.ts checks that every translation parses and uses the same arguments as the English.
 * Keys are `<area>.<name>`, so that areas never collide.
 */
export function defineArea<const K extends string>(
  catalog: { en: Record<K, string> } & { [L in Exclude<Locale, 'en'>]: { [Key in K]: string } },
): Record<Locale, Record<K, string>> {
  return catalog;
}
