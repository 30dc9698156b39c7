import { Languages } from 'lucide-react';
import { useId } from 'react';
import { setLocale, t, useLocale } from '@/i18n/i18n.ts';
import { isLocale, LOCALES, type Locale } from '@/i18n/locales.ts';
import * as styles from './LanguageSwitcher.css.ts';

/** Each language by its own name, so that a visitor finds theirs whatever language the page is in. */
const NATIVE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
};

/**
 * The sign-in and register screens' language choice. A visitor already gets the browser's language
 * (locales.ts, initialLocale); this changes it for the page and the next visits, and a registration made
 * in it keeps it as the new account's preference (register.tsx).
 */
export function LanguageSwitcher() {
  const id = useId();
  const locale = useLocale();
  return (
    <div className={styles.switcher}>
      <Languages size={16} aria-hidden="true" />
      <label htmlFor={id}>{t('common.language')}</label>
      <select
        id={id}
        className={styles.select}
        value={locale}
        onChange={(event) => {
          // Should the language's texts not load (offline), the list shows the language still in use.
          if (isLocale(event.target.value)) setLocale(event.target.value).catch(() => undefined);
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {NATIVE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
