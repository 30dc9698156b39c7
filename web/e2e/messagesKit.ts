/**
 * The web app's own words for the browser tests that read its screens in each language: one catalog a
 * language, the public site's and the signed-in app's messages together (their ids never overlap), so
 * that what a test expects follows the catalogs instead of copying their text.
 */
import { messages as deApp } from '../src/i18n/messages/de/app.ts';
import { messages as dePublic } from '../src/i18n/messages/de/public.ts';
import { messages as enApp } from '../src/i18n/messages/en/app.ts';
import { messages as enPublic } from '../src/i18n/messages/en/public.ts';
import { messages as esApp } from '../src/i18n/messages/es/app.ts';
import { messages as esPublic } from '../src/i18n/messages/es/public.ts';
import { messages as frApp } from '../src/i18n/messages/fr/app.ts';
import { messages as frPublic } from '../src/i18n/messages/fr/public.ts';

export const CATALOGS = {
  en: { ...enPublic, ...enApp },
  de: { ...dePublic, ...deApp },
  fr: { ...frPublic, ...frApp },
  es: { ...esPublic, ...esApp },
} as const;
export type Language = keyof typeof CATALOGS;
export type MessageId = keyof typeof CATALOGS.en;

/** Every language the web app has, English first, in the order the journeys walk them. */
export const LANGUAGES = Object.keys(CATALOGS) as Language[];

/** A catalog's message with its plain `{name}` arguments filled; one given no value is left as written. */
export function fill(template: string, values: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}

/** The message `id` in `language`, its plain arguments filled from `values`. */
export function text(language: Language, id: MessageId, values: Record<string, string> = {}): string {
  return fill((CATALOGS[language] as Record<MessageId, string>)[id], values);
}
