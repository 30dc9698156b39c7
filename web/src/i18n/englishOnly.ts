/**
 * Where a page's content stays English in every language (docs/architecture/i18n.md, "What stays English"):
 * the public marketing pages, and the admin console. `<html lang>` names the interface's language (i18n.ts),
 * which is what the rest of such a page (the header's controls, the support chat) speaks; the English block
 * carries `lang="en"`, so a screen reader reads each part in its own language. A translated piece inside
 * such a block (the /verify verdict) carries the page's language again.
 */
export const ENGLISH_ONLY = 'en';

/** True for a route whose page content is English only (a TanStack route id: "/(marketing)/about"). */
export function isEnglishOnlyRoute(routeId: string): boolean {
  return routeId.startsWith('/(marketing)/') || routeId === '/admin' || routeId.startsWith('/admin/');
}
