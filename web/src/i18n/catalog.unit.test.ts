import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { AREA_CATALOGS, CATALOGS } from './catalog.ts';
import { LOCALES, matchLocale } from './locales.ts';

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

  it('never defines one key in two areas', () => {
    const seen = new Map<string, number>();
    AREA_CATALOGS.forEach((area, index) => {
      for (const key of Object.keys(area.en)) {
        expect(seen.get(key), `${key} is in areas ${seen.get(key)} and ${index}`).toBeUndefined();
        seen.set(key, index);
      }
    });
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
