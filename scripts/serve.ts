/**
 * npm start: the API server (api/main.ts), run as the compiled bundle `scripts/tool.mjs` builds into
 * `.tools/serve.mjs` with esbuild (rebuilt when a source changes), so production never runs TypeScript
 * through a loader. `npm run dev` runs the sources through tsx instead, to restart on every save.
 */
import '../api/main.ts';
