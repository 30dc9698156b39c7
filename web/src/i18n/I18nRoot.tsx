import { Fragment, type ReactNode, useEffect } from 'react';
import { useLocale } from './i18n.ts';

/**
 * Remounts everything below when the language changes (a language switch is rare, and a remount leaves
 * no text in the old one), and keeps <html lang> in step.
 */
export function I18nRoot({ children }: { children: ReactNode }) {
  const locale = useLocale();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return <Fragment key={locale}>{children}</Fragment>;
}
