/** The user's settings from the profile's Preferences tab (docs/product-rules.md spec 2), with the spec's defaults. */
export const LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
/** The colour scheme: light, dark, or whatever the device is set to (the default). */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export interface Preferences {
  emailNotifications: boolean;
  marketingCommunications: boolean;
  transactionAlerts: boolean;
  language: Language;
  theme: Theme;
}

/** What a change names: every preference, the theme optional (kept as it is when absent). */
export type PreferencesInput = Omit<Preferences, 'theme'> & { theme?: Theme | undefined };

export const DEFAULT_PREFERENCES: Readonly<Preferences> = Object.freeze({
  emailNotifications: true,
  marketingCommunications: false,
  transactionAlerts: true,
  language: 'en',
  theme: 'system',
});

export function samePreferences(a: Preferences, b: Preferences): boolean {
  return (
    a.emailNotifications === b.emailNotifications &&
    a.marketingCommunications === b.marketingCommunications &&
    a.transactionAlerts === b.transactionAlerts &&
    a.language === b.language &&
    a.theme === b.theme
  );
}
