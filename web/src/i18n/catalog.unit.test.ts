import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import type { Catalog } from './catalog.ts';
import { loadCatalog } from './catalog.ts';
import { LOCALES, type Locale, matchLocale } from './locales.ts';
import * as deApp from './messages/de/app.ts';
import * as dePublic from './messages/de/public.ts';
import * as enApp from './messages/en/app.ts';
import * as enPublic from './messages/en/public.ts';
import * as esApp from './messages/es/app.ts';
import * as esPublic from './messages/es/public.ts';
import * as frApp from './messages/fr/app.ts';
import * as frPublic from './messages/fr/public.ts';

const PARTS = {
  en: [enPublic, enApp],
  es: [esPublic, esApp],
  fr: [frPublic, frApp],
  de: [dePublic, deApp],
} as const;
const CATALOGS = Object.fromEntries(
  LOCALES.map((locale) => [locale, { ...PARTS[locale][0].messages, ...PARTS[locale][1].messages }]),
) as Record<Locale, Catalog>;
const AREAS: Record<Locale, Record<string, Record<string, string>>> = Object.fromEntries(
  LOCALES.map((locale): [Locale, Record<string, Record<string, string>>] => [
    locale,
    { ...PARTS[locale][0].areas, ...PARTS[locale][1].areas },
  ]),
) as Record<Locale, Record<string, Record<string, string>>>;

/** The arguments and tags a message uses, with the kind of each ("count:plural", "b:tag"). */
function argumentsOf(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument) found.add(`${element.value}:argument`);
    else if (element.type === TYPE.number) found.add(`${element.value}:number`);
    else if (element.type === TYPE.date || element.type === TYPE.time) found.add(`${element.value}:date`);
    else if (element.type === TYPE.plural || element.type === TYPE.select) {
      found.add(`${element.value}:${element.type === TYPE.plural ? 'plural' : 'select'}`);
      for (const option of Object.values(element.options)) argumentsOf(option.value, found);
    } else if (element.type === TYPE.tag) {
      found.add(`${element.value}:tag`);
      argumentsOf(element.children, found);
    }
  }
  return found;
}

describe('message catalogs', () => {
  it('has every English key in every language, and no other', () => {
    const english = Object.keys(CATALOGS.en).sort();
    expect(english.length).toBeGreaterThan(0);
    for (const locale of LOCALES) expect(Object.keys(CATALOGS[locale]).sort(), locale).toEqual(english);
  });

  it('never defines one key in two areas, and splits every language into the same areas', () => {
    const seen = new Map<string, string>();
    for (const [area, messages] of Object.entries(AREAS.en)) {
      for (const key of Object.keys(messages)) {
        expect(seen.get(key), `${key} is in areas ${seen.get(key)} and ${area}`).toBeUndefined();
        seen.set(key, area);
      }
    }
    for (const locale of LOCALES) {
      for (const [area, messages] of Object.entries(AREAS[locale])) {
        expect(Object.keys(messages).sort(), `${locale} ${area}`).toEqual(
          Object.keys(AREAS.en[area] ?? {}).sort(),
        );
      }
      expect(Object.keys(AREAS[locale]), locale).toEqual(Object.keys(AREAS.en));
    }
  });

  it('loads each language as the catalog its folder holds, in a public and an app part', async () => {
    for (const locale of LOCALES) {
      expect(await loadCatalog(locale, ['public', 'app']), locale).toEqual(CATALOGS[locale]);
      const publicPart = await loadCatalog(locale, ['public']);
      expect(Object.keys(publicPart).sort(), locale).toEqual(Object.keys(PARTS.en[0].messages).sort());
      expect(
        Object.keys(publicPart).some((key) => key.startsWith('dashboard.')),
        locale,
      ).toBe(false);
    }
  });

  it('parses every message, and each translation uses the same arguments as the English', () => {
    for (const [key, english] of Object.entries(CATALOGS.en)) {
      const expected = [...argumentsOf(parse(english))].sort();
      for (const locale of LOCALES) {
        const message = CATALOGS[locale][key as keyof typeof CATALOGS.en];
        expect(message.trim(), `${locale} ${key} is empty`).not.toBe('');
        const used = [...argumentsOf(parse(message))].sort();
        expect(used, `${locale} ${key}`).toEqual(expected);
      }
    }
  });

  it('gives every plural an "other" case in every language', () => {
    const walk = (elements: MessageFormatElement[], where: string) => {
      for (const element of elements) {
        if (element.type === TYPE.plural) {
          expect(Object.keys(element.options), where).toContain('other');
          for (const option of Object.values(element.options)) walk(option.value, where);
        } else if (element.type === TYPE.select) {
          for (const option of Object.values(element.options)) walk(option.value, where);
        } else if (element.type === TYPE.tag) walk(element.children, where);
      }
    };
    for (const locale of LOCALES)
      for (const [key, message] of Object.entries(CATALOGS[locale])) walk(parse(message), `${locale} ${key}`);
  });
});

describe('matchLocale', () => {
  it('takes the first offered language by its primary subtag, else English', () => {
    expect(matchLocale(['de-AT', 'en-US'])).toBe('de');
    expect(matchLocale(['pt-BR', 'fr-CA'])).toBe('fr');
    expect(matchLocale(['ES'])).toBe('es');
    expect(matchLocale(['ja', 'zh-Hans'])).toBe('en');
    expect(matchLocale([])).toBe('en');
  });
});
