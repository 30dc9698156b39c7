import { parse } from '@formatjs/icu-messageformat-parser';
import { type Plugin, runnerImport } from 'vite';

/** The catalog modules a page loads (web/src/i18n/catalog.ts): one per language and part. */
const CATALOG_MODULE = /\/web\/src\/i18n\/messages\/(en|es|fr|de)\/(public|app)\.ts$/;

/**
 * FormatJS's own size advice, as a build step: the production bundle carries every message already
 * parsed (ICU syntax to its AST, here at build time, with the same parser the unit tests check the
 * catalogs with), so the browser needs no message parser, and FormatJS's `no-parser` build stands in for
 * it (about 7 KB gzipped less on every page; docs/architecture/i18n.md). The development server and the
 * tests keep the plain strings and the parser.
 */
export function precompiledMessages(): Plugin {
  return {
    name: 'sai:precompiled-messages',
    apply: 'build',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
          },
        ],
      },
    }),
    async load(id) {
      const path = id.split('?')[0] ?? id;
      if (!CATALOG_MODULE.test(path)) return null;
      const { module } = await runnerImport<{ messages: Record<string, string> }>(path, {
        configFile: false,
      });
      const parsed = Object.fromEntries(
        Object.entries(module.messages).map(([key, message]) => [key, parse(message)]),
      );
      // A JSON string parses faster than the same object as a literal (V8's advice for large data).
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(parsed))});\n`;
    },
  };
}
