import { Fragment, type ReactNode } from 'react';
import { useLocale } from './i18n.ts';

/**
 * Remounts everything below when the language changes: a language switch is rare, and a remount leaves
 * no text in the old one.
 */
export function I18nRoot({ children }: { children: ReactNode }) {
  const locale = useLocale();
  return <Fragment key={locale}>{children}</Fragment>;
}
