import { existsSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createDemoAccounts, ensureAdmin } from '../app/bootstrap/accounts.ts';
import { seedDepositAddresses } from '../app/settings/depositAddresses.service.ts';
import { leaveShutdownSignalsToCaller } from '../infra/postgres/embedded.ts';
import { depositAddressSeeds, loadConfig } from '../runtime/config.ts';
import { openDatabase } from '../runtime/database.ts';
import { deferDevelopmentKeyNotice, developmentKeyBanner } from '../runtime/developmentKeys.ts';
import { createLogger } from '../runtime/logger.ts';
import { developmentKeysDir, loadPrivacyKeys } from '../runtime/privacyKeys.ts';
import { runProjectionThreadIfAsked, startProjectionThread } from '../runtime/projectionThread.ts';
import { startServices } from '../runtime/services.ts';
import { createApp, WEB_DIST } from './app.ts';

type Server = ReturnType<typeof serve>;

/**
 * SIGTERM or Ctrl-C: /readyz turns unready first (balancers stop sending work), after SHUTDOWN_DELAY_MS
 * the listener closes, requests in flight finish within SHUTDOWN_GRACE_MS, and only then are the
 * connections still open (event streams, slow clients) cut. Idle keep-alive connections close at once.
 */
async function drain(
  server: Server,
  lifecycle: { draining: boolean },
  config: { SHUTDOWN_DELAY_MS: number; SHUTDOWN_GRACE_MS: number },
  logger: { info(o: object, m: string): void },
): Promise<void> {
  lifecycle.draining = true;
  if (config.SHUTDOWN_DELAY_MS > 0)
    await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DELAY_MS));
  const http = server as unknown as { closeIdleConnections(): void; closeAllConnections(): void };
  await new Promise<void>((resolve) => {
    const idle = setInterval(() => http.closeIdleConnections(), 50);
    const deadline = setTimeout(() => {
      logger.info({ graceMs: config.SHUTDOWN_GRACE_MS }, 'grace period over: closing open connections');
      http.closeAllConnections();
    }, config.SHUTDOWN_GRACE_MS);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(deadline);
      resolve();
    });
    http.closeIdleConnections();
  });
}

/** `npm start`: read config once → database → event store → projections → HTTP. */
async function main() {
  // The projection thread loads this same module (runtime/projectionThread.ts): it runs the read models only.
  if (runProjectionThreadIfAsked()) return;
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const stops: (() => Promise<void>)[] = [];
  let stopping = false;
  const shutdown = async (signal: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    for (const stop of stops.reverse()) {
      await stop().catch((error: unknown) => logger.error({ err: String(error) }, 'shutdown step failed'));
    }
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // The embedded Postgres (if any) is stopped by `shutdown`, after HTTP has drained.
  leaveShutdownSignalsToCaller();

  // Development keys are said once, in the banner below, not as log lines before it (nor again by the
  // projection thread).
  deferDevelopmentKeyNotice();
  try {
    // Read (in development generated) before anything opens, so a missing or malformed key stops the start;
    // the erasure work seals personal data with them (docs/decisions/0014-crypto-shredding.md).
    const privacyKeys = await loadPrivacyKeys(config, logger);
    const database = await openDatabase(config, logger);
    if (database.embedded) stops.push(() => database.embedded!.stop());
    // PROJECTIONS=on: the read models are built in a worker thread of this process (started below, once
    // the database is migrated and the read models are current); inline: on this event loop; off: by
    // `npm run projections:worker` in its own process.
    const services = await startServices(config, logger, {
      databaseUrl: database.url,
      runProjections: config.PROJECTIONS === 'inline',
      privacyKeys,
    });
    stops.push(() => services.stop());
    const { deps } = services;
    if (config.PROJECTIONS === 'on')
      stops.push(
        await startProjectionThread(new URL(import.meta.url), database.url, logger, () =>
          deps.ledgerFreeze?.trip(),
        ),
      );

    const firstStart = (await deps.store.headPosition()) === null;
    const seeded = await seedDepositAddresses(deps, depositAddressSeeds(config));
    if (seeded > 0) logger.info({ seeded }, 'deposit addresses seeded from DEPOSIT_ADDRESS_*');
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
      const admin = await ensureAdmin(deps, config.ADMIN_EMAIL, config.ADMIN_PASSWORD, {
        resetPassword: false,
      });
      if (admin.created) logger.info({ userId: admin.userId }, 'admin created from ADMIN_EMAIL');
    }
    let demo: Awaited<ReturnType<typeof createDemoAccounts>> = [];
    // Demo accounts are a local convenience: production never creates them, nor prints a password. With
    // ADMIN_EMAIL set the operator chose their own admin: no demo accounts, and the banner says so.
    const demoWanted = firstStart && config.DEMO_USERS === 'on' && config.NODE_ENV !== 'production';
    if (demoWanted && !config.ADMIN_EMAIL) demo = await createDemoAccounts(deps);
    const demoSkippedFor = demoWanted && config.ADMIN_EMAIL ? config.ADMIN_EMAIL : null;

    if (config.BUILD_WEB === 'auto' && !existsSync(path.join(WEB_DIST, 'index.html'))) {
      logger.info('building the web app (first start)');
      const { build } = await import('vite');
      await build({ configFile: path.resolve(WEB_DIST, '../../vite.config.ts'), logLevel: 'warn' });
    }

    const app = createApp(deps);
    const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
      const url = `http://localhost:${info.port}`;
      const lines = [``, `  SAI Wallet is running at ${url}`, `  event store: ${deps.store.kind}`];
      if (demo.length > 0) {
        lines.push('', '  Demo accounts (shown on first start only):');
        for (const account of demo)
          lines.push(`    ${account.role.padEnd(5)}  ${account.email}  /  ${account.password}`);
      }
      if (demoSkippedFor)
        lines.push(
          '',
          config.ADMIN_PASSWORD
            ? `  No demo accounts: ADMIN_EMAIL is set, so the only account is the admin ${demoSkippedFor}.`
            : `  No demo accounts (ADMIN_EMAIL is set), and no admin: ADMIN_PASSWORD is not set. Create one with npm run admin:create.`,
          '  Without ADMIN_EMAIL, a first start on an empty DATA_DIR creates a demo admin and user.',
        );
      lines.push(...developmentKeyBanner(developmentKeysDir(config)));
      lines.push('', '  Press Ctrl-C to stop.', '');
      process.stdout.write(`${lines.join('\n')}\n`);
    });
    server.on('error', (error) => {
      logger.fatal({ err: error.message }, 'HTTP server failed');
      void shutdown('server-error', 1);
    });
    stops.push(() => drain(server, deps.lifecycle, config, logger));
  } catch (error) {
    process.stderr.write(
      `\nSAI Wallet failed to start: ${error instanceof Error ? error.message : String(error)}\n\n`,
    );
    await shutdown('startup-failure', 1);
  }
}

void main();
