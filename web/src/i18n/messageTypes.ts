import type { messages as appEnglish } from './messages/en/app.ts';
import type { messages as publicEnglish } from './messages/en/public.ts';

/**
 * The shapes of the two parts of a catalog, fixed by the English files: every other language's part is
 * typed against these (catalog.ts explains the parts). A file of its own, so that the translations can
 * import their shape without importing the catalog that loads them.
 */
export type PublicMessages = Record<keyof typeof publicEnglish, string>;
export type AppMessages = Record<keyof typeof appEnglish, string>;
