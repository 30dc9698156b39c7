/** Words many screens share, and the language switcher. */
export const common = {
  'common.language': 'Language',
  'common.language.en': 'English',
  'common.language.es': 'Spanish',
  'common.language.fr': 'French',
  'common.language.de': 'German',
  'common.unknownDate': 'Unknown date',
};
