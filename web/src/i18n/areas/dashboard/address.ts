import { defineArea } from '../../defineArea.ts';

/** The shipping address form the card's request and its later address share. */
export const dashboardAddress = defineArea({
  en: {
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
  },
  es: {
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
  },
  fr: {
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
  },
  de: {
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
  },
});
