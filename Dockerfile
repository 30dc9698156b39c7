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
CMD ["node", "--max-semi-space-size=32", "--import", "tsx", "api/main.ts"]
