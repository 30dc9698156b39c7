import type { common as english } from '../en/common.ts';

/** Spanish for ../en/common.ts. */
export const common: Record<keyof typeof english, string> = {
  'common.language': 'Idioma',
  'common.language.en': 'Inglés',
  'common.language.es': 'Español',
  'common.language.fr': 'Francés',
  'common.language.de': 'Alemán',
  'common.unknownDate': 'Fecha desconocida',
};
