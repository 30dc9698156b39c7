import type { dashboardAddress as english } from '../en/dashboardAddress.ts';

/** French for ../en/dashboardAddress.ts. */
export const dashboardAddress: Record<keyof typeof english, string> = {
  'dashboard.saving': 'Enregistrement…',
  'dashboard.address.form': 'Adresse de livraison',
  'dashboard.address.address': 'Adresse',
  'dashboard.address.city': 'Ville',
  'dashboard.address.state': 'État / région',
  'dashboard.address.zipCode': 'Code postal',
  'dashboard.address.country': 'Pays',
  'dashboard.address.address.short':
    '{min, plural, one {L’adresse doit comporter au moins # caractère} other {L’adresse doit comporter au moins # caractères}}',
  'dashboard.address.city.short':
    '{min, plural, one {La ville doit comporter au moins # caractère} other {La ville doit comporter au moins # caractères}}',
  'dashboard.address.state.short':
    '{min, plural, one {La région doit comporter au moins # caractère} other {La région doit comporter au moins # caractères}}',
  'dashboard.address.zipCode.short':
    '{min, plural, one {Le code postal doit comporter au moins # caractère} other {Le code postal doit comporter au moins # caractères}}',
  'dashboard.address.country.short':
    '{min, plural, one {Le pays doit comporter au moins # caractère} other {Le pays doit comporter au moins # caractères}}',
};
