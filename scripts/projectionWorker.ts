import { loadConfig } from '../runtime/config.ts';
import { createLogger } from '../runtime/logger.ts';
import { startServices } from '../runtime/services.ts';

/**
 * npm run projections:worker — runs the projection runners (every read model and the ledger follow-ups)
 * and the tree follower of the log commitment (projections/ledgerTree/) without the HTTP API, for a
 * deployment whose API runs with PROJECTIONS=off. Several workers may run: each projection, and the tree
 * follower, has one active worker across processes (advisory lock) and the others stand by.
 * Needs DATABASE_URL: the embedded Postgres belongs to `npm start`.
 */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  if (!config.DATABASE_URL) {
    process.stderr.write('The projection worker needs DATABASE_URL (the database the API writes to).\n');
    process.exit(2);
  }
  const services = await startServices(config, logger, {
    databaseUrl: config.DATABASE_URL,
    runProjections: true,
  });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'projection worker stopping');
    await services.stop().catch((error: unknown) => logger.error({ err: String(error) }, 'stop failed'));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // The test harness waits for this line.
  process.stdout.write(
    `projection worker running (${[...services.deps.runner.names, 'ledger-tree'].join(', ')})\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Projection worker failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
