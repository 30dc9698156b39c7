import { defineArea } from '../defineArea.ts';

/** Words many screens share, and the language switcher. */
export const common = defineArea({
  en: {
    'common.language': 'Language',
    'common.language.en': 'English',
    'common.language.es': 'Spanish',
    'common.language.fr': 'French',
    'common.language.de': 'German',
    'common.unknownDate': 'Unknown date',
  },
  es: {
    'common.language': 'Idioma',
    'common.language.en': 'Inglés',
    'common.language.es': 'Español',
    'common.language.fr': 'Francés',
    'common.language.de': 'Alemán',
    'common.unknownDate': 'Fecha desconocida',
  },
  fr: {
    'common.language': 'Langue',
    'common.language.en': 'Anglais',
    'common.language.es': 'Espagnol',
    'common.language.fr': 'Français',
    'common.language.de': 'Allemand',
    'common.unknownDate': 'Date inconnue',
  },
  de: {
    'common.language': 'Sprache',
    'common.language.en': 'Englisch',
    'common.language.es': 'Spanisch',
    'common.language.fr': 'Französisch',
    'common.language.de': 'Deutsch',
    'common.unknownDate': 'Unbekanntes Datum',
  },
});
