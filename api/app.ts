import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import type { RuntimeContext } from '../runtime/deps.ts';
import { hasMetricsToken } from '../runtime/metrics.ts';
import { accountRoutes } from './account/account.routes.ts';
import { emailChangeConfirmRoutes, emailChangeRoutes } from './account/emailChange.routes.ts';
import { sessionsRoutes } from './account/sessions.routes.ts';
import { adminUserRoutes } from './admin/users.routes.ts';
import { approvalsRoutes } from './approvals/approvals.routes.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { statementRoutes } from './audit/statement.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { devOutboxRoutes } from './auth/devOutbox.routes.ts';
import { emailVerificationRoutes } from './auth/emailVerification.routes.ts';
import { passkeyAccountRoutes, passkeySignInRoutes } from './auth/passkeys.routes.ts';
import { passwordResetRoutes } from './auth/passwordReset.routes.ts';
import { campaignRoutes } from './campaign/campaign.routes.ts';
import { adminCardsRoutes, cardsRoutes } from './cards/cards.routes.ts';
import { publicConfigRoutes } from './config/publicConfig.routes.ts';
import { contactRoutes } from './contact/contact.routes.ts';
import { adminCryptoRoutes } from './crypto/adminCrypto.routes.ts';
import { cryptoRoutes } from './crypto/crypto.routes.ts';
import type { Deps } from './deps.ts';
import { healthRoutes, PROBE_PATHS, probeRoutes } from './health/health.routes.ts';
import type { AppEnv } from './http/env.ts';
import { limitBody, setResponseHeader } from './http/lightweight.ts';
import { memoryLimiters, postgresLimiters, sharedLimits } from './http/limiters.ts';
import { problem, toProblemResponse } from './http/problem.ts';
import { createRateLimits, type RateLimits } from './http/rateLimit.ts';
import {
  csrfGuard,
  fromThisMachine,
  hostGuard,
  isPublicDeployment,
  isSecureContext,
} from './http/security.ts';
import { readYourWrites, sessionMiddleware } from './http/session.ts';
import { requestTimeout } from './http/timeout.ts';
import { responds } from './http/validate.ts';
import { ledgerRoutes } from './ledger/ledger.routes.ts';
import { ledgerStatusRoutes } from './ledger/ledgerStatus.routes.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { buildOpenApi, docsPage, openApiAnswer, renderDocs } from './openapi/openapi.ts';
import { paymentsRoutes } from './payments/payments.routes.ts';
import { portfolioRoutes } from './portfolio/portfolio.routes.ts';
import { adminDepositAddressRoutes, depositAddressRoutes } from './settings/depositAddresses.routes.ts';
import { adminFeeSettingsRoutes } from './settings/feeSettings.routes.ts';
import { adminSettingsRoutes } from './settings/settings.routes.ts';
import { transactionsRoutes } from './transactions/transactions.routes.ts';
import { adminRoutes, usersRoutes } from './users/users.routes.ts';
import { adminDigestRoutes, ledgerPublicKeyRoutes } from './verifiable/digests.routes.ts';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/dist');
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * The API's pieces on top of a started process's context (runtime/services.ts): the rate limits
 * (RATE_LIMITS; counted in Postgres when RATE_LIMIT_STORE says so, else in this process's memory).
 */
export function apiDeps(context: RuntimeContext): Deps {
  const limiters = sharedLimits(context.config) ? postgresLimiters(context.pool) : memoryLimiters;
  return { ...context, limits: createRateLimits(context.config.RATE_LIMITS, limiters) };
}

function hasLimits(context: RuntimeContext & { limits?: RateLimits }): context is Deps {
  return context.limits !== undefined;
}

/**
 * The API on a process's context. One that carries its limits already (apiDeps) is used as it is, the
 * same object: a test that swaps a piece of it (the mailer, say) swaps it for the running app.
 */
export function createApp(context: RuntimeContext & { limits?: RateLimits }) {
  const deps = hasLimits(context) ? context : apiDeps(context);
  const app = new Hono<AppEnv>();
  const trustProxy = deps.config.TRUST_PROXY === '1';
  app.use(requestId({ headerName: 'X-Request-Id', limitLength: 64 }));
  observeRequests(app, deps, trustProxy);
  applySecurityHeaders(app);
  // Before every route, static file and the web app's fallback: a Host not ours gets 421 (DNS rebinding).
  app.use(hostGuard(deps.config.ALLOWED_HOSTS, trustProxy, PROBE_PATHS));
  app.route('/', probeRoutes(deps));

  applyApiMiddleware(app, deps, trustProxy);
  mountMetrics(app, deps);
  mountRoutes(app, deps);
  // Generated once, on first request, from the routes mounted above.
  let openApi: ReturnType<typeof buildOpenApi> | null = null;
  const document = () => {
    openApi ??= buildOpenApi(app);
    return openApi;
  };
  app.get('/api/openapi.json', responds(200, openApiAnswer), (c) => c.json(document()));
  app.get('/api/docs', responds(200, docsPage, { mediaType: 'text/html' }), (c) =>
    c.html(renderDocs(document())),
  );
  app.all('/api/*', (c) => problem(c, 404, 'No such API endpoint'));

  serveWebApp(app);
  app.notFound((c) => problem(c, 404, 'Not found'));
  app.onError((error, c) => toProblemResponse(c, error));
  return app;
}

/** Each API request's metrics and its log line (by route pattern), and the request's context values. */
function observeRequests(app: Hono<AppEnv>, deps: Deps, trustProxy: boolean): void {
  app.use(async (c, next) => {
    const started = performance.now();
    c.set('logger', deps.logger);
    c.set('secure', isSecureContext(c, deps.config.SECURE_COOKIES, trustProxy));
    c.set('session', null);
    c.set('wrotePosition', null);
    await next();
    if (c.req.path.startsWith('/api/')) {
      const route = c.req.routePath;
      deps.metrics.httpRequests.inc({ method: c.req.method, route, status: String(c.res.status) });
      deps.metrics.httpDuration.observe(
        { method: c.req.method, route },
        (performance.now() - started) / 1000,
      );
      // Route pattern, not the raw path: ids and e-mails in paths or queries stay out of the logs.
      c.get('logger').info(
        {
          reqId: c.get('requestId'),
          method: c.req.method,
          route: c.req.routePath,
          status: c.res.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
          userId: c.get('session')?.userId,
        },
        'request',
      );
    }
  });
}

/** The Content-Security-Policy and the other security headers, on every answer; HSTS on a secure one. */
function applySecurityHeaders(app: Hono<AppEnv>): void {
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes; scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      strictTransportSecurity: false,
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'DENY',
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(async (c, next) => {
    await next();
    if (c.get('secure'))
      setResponseHeader(c, 'Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  });
}

/** The API's own middleware, in order: timeout, body limit, CSRF, session, read-your-writes, no-store. */
function applyApiMiddleware(app: Hono<AppEnv>, deps: Deps, trustProxy: boolean): void {
  // PUBLIC_URL's origin may always send state-changing requests; ALLOWED_ORIGINS adds others.
  const allowedOrigins = [
    deps.config.PUBLIC_URL,
    ...deps.config.ALLOWED_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  ];

  // First of the API's middleware, so a stalled session lookup or body upload is bounded too.
  app.use('/api/*', requestTimeout(deps.config.REQUEST_TIMEOUT_MS));
  app.use(
    '/api/*',
    limitBody({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => problem(c, 413, `Request body is larger than ${MAX_BODY_BYTES / 1024} KB`),
    }),
  );
  app.use('/api/*', csrfGuard(allowedOrigins, trustProxy));
  app.use('/api/*', sessionMiddleware(deps));
  app.use('/api/*', readYourWrites(deps));
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) setResponseHeader(c, 'Cache-Control', 'no-store');
  });
}

function mountMetrics(app: Hono<AppEnv>, deps: Deps): void {
  /** Prometheus scrape: a bearer token when METRICS_TOKEN is set, else loopback only. */
  app.get('/metrics', async (c) => {
    const token = deps.config.METRICS_TOKEN;
    if (token) {
      if (!hasMetricsToken(c.req.header('authorization'), token))
        return problem(c, 401, 'A metrics token is required');
    } else if (isPublicDeployment(deps.config)) {
      // Behind a proxy every client may look local: a public app's metrics need the token.
      return problem(
        c,
        403,
        'Metrics need METRICS_TOKEN where the app is public (TRUST_PROXY or PUBLIC_URL)',
      );
    } else if (!fromThisMachine(c)) {
      return problem(c, 403, 'Metrics are served to localhost only (set METRICS_TOKEN to scrape remotely)');
    }
    return c.body(await deps.metrics.registry.metrics(), 200, {
      'Content-Type': deps.metrics.registry.contentType,
    });
  });
}

/** Every API route group at its path (the OpenAPI document lists them in this order). */
function mountRoutes(app: Hono<AppEnv>, deps: Deps): void {
  app.route('/api/auth', authRoutes(deps));
  app.route('/api/account/sessions', sessionsRoutes(deps));
  app.route('/api/auth/passkeys', passkeySignInRoutes(deps));
  app.route('/api/account/passkeys', passkeyAccountRoutes(deps));
  app.route('/api/auth/password-reset', passwordResetRoutes(deps));
  app.route('/api/auth/email-change', emailChangeConfirmRoutes(deps));
  app.route('/api/auth/verify-email', emailVerificationRoutes(deps));
  app.route('/api/dev/outbox', devOutboxRoutes(deps));
  app.route('/api/account/email', emailChangeRoutes(deps));
  app.route('/api/account', accountRoutes(deps));
  app.route('/api/admin/users', adminUserRoutes(deps));
  app.route('/api/admin/approvals', approvalsRoutes(deps));
  app.route('/api/transactions', statementRoutes(deps));
  app.route('/api/transactions', transactionsRoutes(deps));
  app.route('/api/payments', paymentsRoutes(deps));
  app.route('/api/users', usersRoutes(deps));
  app.route('/api/admin', adminRoutes(deps));
  app.route('/api/notifications', notificationsRoutes(deps));
  app.route('/api/config', publicConfigRoutes(deps));
  app.route('/api/cards', cardsRoutes(deps));
  app.route('/api/admin/cards', adminCardsRoutes(deps));
  app.route('/api/crypto/deposit-addresses', depositAddressRoutes(deps));
  app.route('/api/crypto', cryptoRoutes(deps));
  app.route('/api/admin/crypto', adminCryptoRoutes(deps));
  app.route('/api/admin/settings/deposit-addresses', adminDepositAddressRoutes(deps));
  app.route('/api/admin/settings', adminSettingsRoutes(deps));
  app.route('/api/admin/settings/fees', adminFeeSettingsRoutes(deps));
  app.route('/api/contact', contactRoutes(deps));
  app.route('/api/campaign', campaignRoutes(deps));
  app.route('/api/portfolio', portfolioRoutes(deps));
  app.route('/api/admin/ledger', ledgerStatusRoutes(deps));
  app.route('/api/ledger', ledgerRoutes(deps));
  app.route('/api/admin', auditRoutes(deps));
  app.route('/api/ledger', ledgerPublicKeyRoutes(deps));
  app.route('/api/admin/ledger', adminDigestRoutes(deps));
  app.route('/api', healthRoutes(deps));
}

function serveWebApp(app: Hono<AppEnv>): void {
  // The built web app: files as they are, and index.html for every client-side route.
  app.use(
    '/assets/*',
    serveStatic({
      root: WEB_DIST,
      onFound: (_p, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.use('*', serveStatic({ root: WEB_DIST }));
  app.get('*', (c) => {
    const index = path.join(WEB_DIST, 'index.html');
    if (!existsSync(index)) return c.text('The web app is not built yet: run `npm run build`.', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(index, 'utf8'));
  });
}
