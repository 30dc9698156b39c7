import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompiledMessages } from './web/build/precompiledMessages.ts';

const fromRepo = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

export default defineConfig({
  root: 'web',
  resolve: {
    // The web's path aliases, as tsconfig.json's `paths` names them (vitest.config.ts repeats them).
    alias: [
      { find: /^@\//, replacement: fromRepo('./web/src/') },
      { find: /^@domain\//, replacement: fromRepo('./domain/') },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  plugins: [
    // The router plugin resolves relative paths against Vite's `root` (web/), so the repo-relative
    // paths are made absolute here; its scratch files go under node_modules instead of the repo root.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: fromRepo('./web/src/routes'),
      generatedRouteTree: fromRepo('./web/src/routeTree.gen.ts'),
      tmpDir: fromRepo('./node_modules/.tanstack/tmp'),
      quoteStyle: 'single',
      semicolons: true,
    }),
    react(),
    vanillaExtractPlugin(),
    precompiledMessages(),
  ],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      // The Host header is kept (no changeOrigin) so the API's same-origin check sees the page's origin.
      '/api': {
        target: `http://127.0.0.1:${process.env.API_PORT ?? 3000}`,
        changeOrigin: false,
      },
    },
  },
});
