import type { ThemeChoice } from './constants.ts';

/**
 * The colour theme: light, dark, or the device's setting (the default). The choice is saved with the
 * preferences on the server and kept in this browser (localStorage), from which web/public/theme.js sets
 * `data-theme` on <html> before the first paint, for visitors too; this module does the same while the app
 * runs, and follows the device when the choice is "system".
 */
export const THEME_STORAGE_KEY = 'sai-theme';

// Dark unless the device asks for light, as web/public/theme.js decides (the product was dark first).
const lightQuery = () =>
  typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: light)') : null;

export function resolveTheme(choice: ThemeChoice, prefersLight: boolean): 'light' | 'dark' {
  if (choice === 'system') return prefersLight ? 'light' : 'dark';
  return choice;
}

let unfollow: (() => void) | null = null;

/** Applies `choice` now, remembers it in this browser, and follows the device while it is "system". */
export function applyTheme(choice: ThemeChoice): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage refused (private mode): the theme still applies to this page.
  }
  unfollow?.();
  unfollow = null;
  const query = lightQuery();
  const set = () => {
    const theme = resolveTheme(choice, query?.matches ?? false);
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', theme === 'dark' ? '#0a0a0d' : '#f6f4ef');
  };
  set();
  if (choice === 'system' && query) {
    query.addEventListener('change', set);
    unfollow = () => query.removeEventListener('change', set);
  }
}
