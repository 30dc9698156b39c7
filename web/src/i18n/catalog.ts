import type { Locale } from './locales.ts';
import type { AppMessages, PublicMessages } from './messageTypes.ts';

export type { AppMessages, PublicMessages } from './messageTypes.ts';

/**
 * The message catalogs: one folder per language in ./messages/, one file per group of screens (an area).
 * English fixes the keys: every other language's area is typed against its English file, so a missing or
 * extra key does not compile, and catalog.unit.test.ts checks that every translation parses and uses the
 * same arguments as the English. Keys are `<area>.<name>`.
 *
 * A page loads only its own language, and only the part it needs: `public` (the sign-in screens, the app's
 * frame, shared pieces) for every page, `app` (dashboard, money screens, profile) once a signed-in page
 * opens. Each part of each language is a chunk of its own (docs/architecture/i18n.md).
 */
export type MessageId = keyof PublicMessages | keyof AppMessages;
export type Catalog = Record<MessageId, string>;
export type CatalogPart = 'public' | 'app';

type Loader = () => Promise<{ messages: Record<string, string> }>;

const LOADERS: Record<Locale, Record<CatalogPart, Loader>> = {
  en: { public: () => import('./messages/en/public.ts'), app: () => import('./messages/en/app.ts') },
  es: { public: () => import('./messages/es/public.ts'), app: () => import('./messages/es/app.ts') },
  fr: { public: () => import('./messages/fr/public.ts'), app: () => import('./messages/fr/app.ts') },
  de: { public: () => import('./messages/de/public.ts'), app: () => import('./messages/de/app.ts') },
};

const loaded = new Map<string, Promise<Record<string, string>>>();

/** One part of `locale`'s catalog, fetched once (a failed fetch is forgotten, so the next call tries again). */
export function loadCatalogPart(locale: Locale, part: CatalogPart): Promise<Record<string, string>> {
  const key = `${locale}/${part}`;
  let pending = loaded.get(key);
  if (!pending) {
    pending = LOADERS[locale][part]().then((module) => module.messages);
    pending.catch(() => loaded.delete(key));
    loaded.set(key, pending);
  }
  return pending;
}

/** The parts `parts` of `locale`'s catalog, joined. */
export async function loadCatalog(locale: Locale, parts: readonly CatalogPart[]): Promise<Partial<Catalog>> {
  const messages = await Promise.all(parts.map((part) => loadCatalogPart(locale, part)));
  return Object.assign({}, ...messages);
}
