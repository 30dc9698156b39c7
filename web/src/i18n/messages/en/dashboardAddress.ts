/** The shipping address form the card's request and its later address share. */
export const dashboardAddress = {
  'dashboard.saving': 'Saving…',
  'dashboard.address.form': 'Shipping address',
  'dashboard.address.address': 'Address',
  'dashboard.address.city': 'City',
  'dashboard.address.state': 'State / region',
  'dashboard.address.zipCode': 'ZIP / postal code',
  'dashboard.address.country': 'Country',
  'dashboard.address.address.short':
    '{min, plural, one {Address must be at least # character} other {Address must be at least # characters}}',
  'dashboard.address.city.short':
    '{min, plural, one {City must be at least # character} other {City must be at least # characters}}',
  'dashboard.address.state.short':
    '{min, plural, one {State must be at least # character} other {State must be at least # characters}}',
  'dashboard.address.zipCode.short':
    '{min, plural, one {ZIP code must be at least # character} other {ZIP code must be at least # characters}}',
  'dashboard.address.country.short':
    '{min, plural, one {Country must be at least # character} other {Country must be at least # characters}}',
};
