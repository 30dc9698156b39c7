import { auth } from './areas/auth.ts';
import { common } from './areas/common.ts';
import { dashboard } from './areas/dashboard.ts';
import { money } from './areas/money.ts';
import { profile } from './areas/profile.ts';
import { shell } from './areas/shell.ts';
import type { Locale } from './locales.ts';

/**
 * Every area's messages, merged per language. An area is a file in ./areas/ (one per group of screens),
 * added here once.
 */
const AREAS = [common, auth, shell, dashboard, money, profile] as const;

type AreaKeys<A> = A extends Record<'en', Record<infer K, string>> ? K : never;
export type MessageId = AreaKeys<(typeof AREAS)[number]>;

function merge(locale: Locale): Record<MessageId, string> {
  return Object.assign({}, ...AREAS.map((area) => area[locale])) as Record<MessageId, string>;
}

export const CATALOGS: Record<Locale, Record<MessageId, string>> = {
  en: merge('en'),
  es: merge('es'),
  fr: merge('fr'),
  de: merge('de'),
};

export const AREA_CATALOGS: readonly Record<Locale, Record<string, string>>[] = AREAS;
