import type { common as english } from '../en/common.ts';

/** German for ../en/common.ts. */
export const common: Record<keyof typeof english, string> = {
  'common.language': 'Sprache',
  'common.language.en': 'Englisch',
  'common.language.es': 'Spanisch',
  'common.language.fr': 'Französisch',
  'common.language.de': 'Deutsch',
  'common.unknownDate': 'Unbekanntes Datum',
};
