import { Fragment, type ReactNode, useEffect } from 'react';
import { RawIntlProvider } from 'react-intl';
import { currentIntl, useLocale } from './i18n.ts';

/**
 * Provides the current language to react-intl's components and remounts everything below when it
 * changes (a language switch is rare, and a remount leaves no text in the old one).
 */
export function I18nRoot({ children }: { children: ReactNode }) {
  const locale = useLocale();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <RawIntlProvider value={currentIntl()}>
      <Fragment key={locale}>{children}</Fragment>
    </RawIntlProvider>
  );
}
