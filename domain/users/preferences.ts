/** The user's settings from the profile's Preferences tab (docs/product-rules.md spec 2), with the spec's defaults. */
export const LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface Preferences {
  emailNotifications: boolean;
  marketingCommunications: boolean;
  transactionAlerts: boolean;
  language: Language;
}

export const DEFAULT_PREFERENCES: Readonly<Preferences> = Object.freeze({
  emailNotifications: true,
  marketingCommunications: false,
  transactionAlerts: true,
  language: 'en',
});

export function samePreferences(a: Preferences, b: Preferences): boolean {
  return (
    a.emailNotifications === b.emailNotifications &&
    a.marketingCommunications === b.marketingCommunications &&
    a.transactionAlerts === b.transactionAlerts &&
    a.language === b.language
  );
}
