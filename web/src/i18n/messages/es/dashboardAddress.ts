import type { dashboardAddress as english } from '../en/dashboardAddress.ts';

/** Spanish for ../en/dashboardAddress.ts. */
export const dashboardAddress: Record<keyof typeof english, string> = {
  'dashboard.saving': 'Guardando…',
  'dashboard.address.form': 'Dirección de envío',
  'dashboard.address.address': 'Dirección',
  'dashboard.address.city': 'Ciudad',
  'dashboard.address.state': 'Provincia / región',
  'dashboard.address.zipCode': 'Código postal',
  'dashboard.address.country': 'País',
  'dashboard.address.address.short':
    '{min, plural, one {La dirección debe tener al menos # carácter} other {La dirección debe tener al menos # caracteres}}',
  'dashboard.address.city.short':
    '{min, plural, one {La ciudad debe tener al menos # carácter} other {La ciudad debe tener al menos # caracteres}}',
  'dashboard.address.state.short':
    '{min, plural, one {La provincia debe tener al menos # carácter} other {La provincia debe tener al menos # caracteres}}',
  'dashboard.address.zipCode.short':
    '{min, plural, one {El código postal debe tener al menos # carácter} other {El código postal debe tener al menos # caracteres}}',
  'dashboard.address.country.short':
    '{min, plural, one {El país debe tener al menos # carácter} other {El país debe tener al menos # caracteres}}',
};
