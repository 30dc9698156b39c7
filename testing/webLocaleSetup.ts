import { beforeAll } from 'vitest';

/**
 * The web's texts come from a catalog loaded before the first render (web/src/main.tsx). A unit test of
 * web code gets the English one loaded the same way before it runs; other unit tests load nothing.
 */
// biome-ignore lint/correctness/noEmptyPattern: vitest reads the hook's first argument as a fixture pattern
beforeAll(async ({}, suite) => {
  if (!suite.file.filepath.includes('/web/src/')) return;
  const { loadAppMessages, loadLocale } = await import('../web/src/i18n/i18n.ts');
  await loadLocale('en');
  await loadAppMessages();
});
