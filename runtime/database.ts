import path from 'node:path';
import type { Logger } from 'pino';
import { type EmbeddedPostgresHandle, startEmbeddedPostgres } from '../infra/postgres/embedded.ts';
import { ensureDatabase } from '../infra/postgres/pool.ts';
import type { Config } from './config.ts';

/*
 * Kept apart from services.ts so that a tool which needs only a database (the ledger export) does not load
 * the whole API to get one: importing services.ts was a sixth of an empty export's start.
 */

/** Where the embedded Postgres listens when free; another free port otherwise. */
export const EMBEDDED_PORT = 54329;

export async function openDatabase(
  config: Config,
  logger: Logger,
): Promise<{ url: string; embedded: EmbeddedPostgresHandle | null }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, embedded: null };
  const dataDir = path.join(config.dataDir, 'pg');
  logger.info({ dataDir }, 'starting embedded Postgres');
  const embedded = await startEmbeddedPostgres({
    dataDir,
    port: EMBEDDED_PORT,
    log: (line) => logger.debug({ postgres: line }, 'postgres'),
    notice: (message) => logger.warn({ dataDir }, message),
    // The app's own server is started again when it dies (killed, or stopped for lack of space).
    restartWhenDead: {},
  });
  return { url: await ensureDatabase(embedded.url, 'sai'), embedded };
}
