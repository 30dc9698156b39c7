import { loadConfig } from '../runtime/config.ts';
import { openDatabase } from '../runtime/database.ts';
import { createLogger } from '../runtime/logger.ts';

/**
 * What every operator tool (npm run db:migrate, ledger:verify, user:erase, …) starts with: the app's
 * configuration from the environment, quieter by default (LOG_LEVEL warn unless set: a tool's output is
 * its report), its logger, and the database it names, or the embedded one `npm start` uses. One place,
 * so a tool reads its settings as the server does. `overrides` replace environment values (a seeder
 * without rate limits).
 */
export async function openTool(overrides: Record<string, string> = {}) {
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', ...overrides });
  const logger = createLogger(config.LOG_LEVEL);
  const database = await openDatabase(config, logger);
  return { config, logger, database };
}
