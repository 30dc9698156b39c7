import type { dashboardAddress as english } from '../en/dashboardAddress.ts';

/** German for ../en/dashboardAddress.ts. */
export const dashboardAddress: Record<keyof typeof english, string> = {
  'dashboard.saving': 'Wird gespeichert…',
  'dashboard.address.form': 'Lieferadresse',
  'dashboard.address.address': 'Adresse',
  'dashboard.address.city': 'Stadt',
  'dashboard.address.state': 'Bundesland / Region',
  'dashboard.address.zipCode': 'Postleitzahl',
  'dashboard.address.country': 'Land',
  'dashboard.address.address.short':
    '{min, plural, one {Die Adresse muss mindestens # Zeichen lang sein} other {Die Adresse muss mindestens # Zeichen lang sein}}',
  'dashboard.address.city.short':
    '{min, plural, one {Die Stadt muss mindestens # Zeichen lang sein} other {Die Stadt muss mindestens # Zeichen lang sein}}',
  'dashboard.address.state.short':
    '{min, plural, one {Das Bundesland muss mindestens # Zeichen lang sein} other {Das Bundesland muss mindestens # Zeichen lang sein}}',
  'dashboard.address.zipCode.short':
    '{min, plural, one {Die Postleitzahl muss mindestens # Zeichen lang sein} other {Die Postleitzahl muss mindestens # Zeichen lang sein}}',
  'dashboard.address.country.short':
    '{min, plural, one {Das Land muss mindestens # Zeichen lang sein} other {Das Land muss mindestens # Zeichen lang sein}}',
};
