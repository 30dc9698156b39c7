import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setLocale } from '@/i18n/i18n.ts';
import { preferencesQuery } from '@/queries/account.queries.ts';

/**
 * Applies the signed-in user's saved language (chosen perhaps on another device) and keeps it in this
 * browser for the sign-in screen of the next visit. Renders nothing.
 */
export function LanguageSync() {
  const language = useQuery({ ...preferencesQuery, staleTime: 5 * 60_000 }).data?.language;
  useEffect(() => {
    // Offline, the page stays in the language it has; the next visit applies the saved one.
    if (language) setLocale(language).catch(() => undefined);
  }, [language]);
  return null;
}
