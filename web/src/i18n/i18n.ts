import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';
import { type Catalog, type CatalogPart, loadCatalog, type MessageId } from './catalog.ts';
import { LOCALE_STORAGE_KEY, type Locale } from './locales.ts';

/**
 * The interface's language, with FormatJS (@formatjs/intl) doing the ICU work: plurals, and dates and numbers
 * per locale. One language is current for the whole page; `t()` reads it anywhere (components, page
 * titles, toasts, validation), and `<I18nRoot>` (I18nRoot.tsx) remounts the tree when it changes, so
 * nothing rendered keeps the old one; <html lang> follows it. Decisions: docs/architecture/i18n.md.
 */
const cache = createIntlCache();

function intlFor(locale: Locale, messages: Partial<Catalog>): IntlShape {
  return createIntl(
    {
      locale,
      defaultLocale: 'en',
      messages,
      // A missing translation shows its key; the catalogs' unit test keeps there being none.
      onError: (error) => {
        if (import.meta.env?.DEV) console.warn(error.message);
      },
    },
    cache,
  );
}

/** Until the first catalog arrives (main.tsx waits for it before rendering), there are no messages. */
let current: IntlShape = intlFor('en', {});
let english: IntlShape = current;
/** The catalog parts the page has needed so far; a language switch loads them all in the new language. */
const neededParts = new Set<CatalogPart>(['public']);
let latestRequest = 0;
let latestLoad: Promise<void> = Promise.resolve();
let wantedLocale: Locale = 'en';
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

/**
 * The English text of `id`: the server writes some fixed texts in English, and the client recognises
 * them by it (lib/api.ts, knownText). English is loaded with every other language for this.
 */
export function englishText(id: MessageId, values?: MessageValues): string | undefined {
  // Formatted, not read: in the production build a catalog holds parsed messages (web/build/).
  return english.messages[id] === undefined
    ? undefined
    : english.formatMessage({ id }, values as Record<string, string | number | Date>);
}

export function currentLocale(): Locale {
  return current.locale as Locale;
}

/**
 * Loads `locale`'s catalog (the parts the page needs, and English's, see englishText) and makes it the
 * current language: every mounted screen re-renders in it. When calls overlap, the last one asked for
 * wins. If the catalog cannot be fetched (the network dropped), the language stays as it was and the
 * promise rejects.
 */
export function loadLocale(locale: Locale): Promise<void> {
  const request = ++latestRequest;
  wantedLocale = locale;
  const parts = [...neededParts];
  latestLoad = (async () => {
    const [messages, englishMessages] = await Promise.all([
      loadCatalog(locale, parts),
      locale === 'en' ? undefined : loadCatalog('en', parts),
    ]);
    // A later call took over: this one settles when that one does, so no caller goes on early.
    if (request !== latestRequest) return latestLoad;
    current = intlFor(locale, messages);
    english = englishMessages ? intlFor('en', englishMessages) : current;
    // <html lang> names the language shown, so it changes with the texts, not before them.
    if (typeof document !== 'undefined') document.documentElement.lang = locale;
    for (const listener of listeners) listener();
  })();
  return latestLoad;
}

/** The signed-in app's texts, once asked for: every caller waits for the same load. */
let appMessages: Promise<void> | undefined;

/**
 * Makes sure the signed-in app's texts are loaded in the page's language (and English) before a signed-in
 * page renders (routes/_authed.tsx waits for it, also when the router preloads on hover). A failed load is
 * forgotten, so the next navigation tries again.
 */
export function loadAppMessages(): Promise<void> {
  if (!appMessages) {
    neededParts.add('app');
    appMessages = loadLocale(wantedLocale).catch((error: unknown) => {
      neededParts.delete('app');
      appMessages = undefined;
      throw error;
    });
  }
  return appMessages;
}

/**
 * Switches the interface to `locale`: remembered in this browser for the next visit, and every mounted
 * screen re-rendered in it once its catalog is loaded (the promise settles then).
 */
export async function setLocale(locale: Locale): Promise<void> {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage refused (private mode): the language still applies to this page.
  }
  await loadLocale(locale);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current language; a component that reads it re-renders when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}
