/**
 * The interface's languages (docs/product-rules.md rule 37): the four the preferences offer. English is
 * the source every other catalog is checked against (catalog.unit.test.ts).
 */
export const LOCALES = ['en', 'es', 'fr', 'de'] as const;
export type Locale = (typeof LOCALES)[number];

/** Where this browser remembers the language last used, for the next first paint (visitors too). */
export const LOCALE_STORAGE_KEY = 'sai-language';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The first of the browser's languages we offer ("de-AT" is German), else English. Tags are matched by
 * their primary subtag only: every regional variant of an offered language reads the same catalog.
 */
export function matchLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(primary)) return primary;
  }
  return 'en';
}

export function storedLocale(): Locale | null {
  try {
    const value = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

/** The language a page opens in: the one remembered in this browser, else the browser's own. */
export function initialLocale(): Locale {
  if (typeof window === 'undefined') return 'en';
  return storedLocale() ?? matchLocale(window.navigator.languages ?? [window.navigator.language]);
}
