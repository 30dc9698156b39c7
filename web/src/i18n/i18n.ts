import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { CATALOGS, type MessageId } from './catalog.ts';
import { initialLocale, LOCALE_STORAGE_KEY, type Locale } from './locales.ts';

/**
 * The interface's language, with FormatJS (react-intl) doing the ICU work: plurals, and dates and numbers
 * per locale. One language is current for the whole page; `t()` reads it anywhere (components, page
 * titles, toasts, validation), and `<I18nRoot>` (I18nRoot.tsx) remounts the tree when it changes, so
 * nothing rendered keeps the old one. Decisions: docs/architecture/i18n.md.
 */
const cache = createIntlCache();

function intlFor(locale: Locale): IntlShape {
  return createIntl(
    {
      locale,
      defaultLocale: 'en',
      messages: CATALOGS[locale],
      // A missing translation falls back to English; the catalogs' unit test keeps there being none.
      onError: (error) => {
        if (import.meta.env?.DEV) console.warn(error.message);
      },
    },
    cache,
  );
}

let current: IntlShape = intlFor(initialLocale());
const listeners = new Set<() => void>();

export type MessageValues = Record<string, string | number | bigint | Date | null | undefined>;
export type { MessageId } from './catalog.ts';

/** The current language's text for `id` (ICU arguments in `values`). */
export function t(id: MessageId, values?: MessageValues): string {
  return current.formatMessage({ id }, values as Record<string, string | number | Date>);
}

/**
 * The same, with elements for tags in the message: `tRich('x', { b: (chunks) => <b>{chunks}</b> })` for
 * `"Pay <b>{amount}</b>"`.
 */
export function tRich(
  id: MessageId,
  values: Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>,
): ReactNode {
  return current.formatMessage({ id }, values as never) as ReactNode;
}

export function currentLocale(): Locale {
  return current.locale as Locale;
}

export function currentIntl(): IntlShape {
  return current;
}

/**
 * Switches the interface to `locale`: remembered in this browser for the next visit, set as <html lang>,
 * and every mounted screen re-rendered in it.
 */
export function setLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage refused (private mode): the language still applies to this page.
  }
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  if (current.locale === locale) return;
  current = intlFor(locale);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current language; a component that reads it re-renders when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}
