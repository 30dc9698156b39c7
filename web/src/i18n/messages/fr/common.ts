import type { common as english } from '../en/common.ts';

/** French for ../en/common.ts. */
export const common: Record<keyof typeof english, string> = {
  'common.language': 'Langue',
  'common.language.en': 'Anglais',
  'common.language.es': 'Espagnol',
  'common.language.fr': 'Français',
  'common.language.de': 'Allemand',
  'common.unknownDate': 'Date inconnue',
};
