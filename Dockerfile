# The SAI Wallet app: API plus the built web UI, run with tsx exactly like `npm start`.
FROM node:20-bookworm-slim

WORKDIR /app
# Everything belongs to the unprivileged user, so the app can write its DATA_DIR (.data) at run time.
RUN chown node:node /app
USER node

# Lockfile first: the dependency layer is reused until package*.json change. Dev dependencies stay
# installed because the web build needs vite and the API runs TypeScript through tsx.
COPY --chown=node:node package.json package-lock.json ./
RUN npm ci

COPY --chown=node:node . .
RUN npm run build

ENV NODE_ENV=production \
    PORT=3000
EXPOSE 3000
# Ready = the database answers. /readyz answers whatever the Host, as probes come by address.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=6 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=32", "--import", "tsx", "api/main.ts"]
