import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyTheme } from '@/lib/theme.ts';
import { preferencesQuery } from '@/queries/account.queries.ts';

/**
 * Applies the signed-in user's saved theme (it may have been chosen on another device) and keeps it in this
 * browser for the next first paint. Renders nothing.
 */
export function ThemeSync() {
  const theme = useQuery({ ...preferencesQuery, staleTime: 5 * 60_000 }).data?.theme;
  useEffect(() => {
    if (theme) applyTheme(theme);
  }, [theme]);
  return null;
}
