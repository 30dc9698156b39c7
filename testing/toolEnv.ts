import { RUN_PRIVACY_KEYS } from './privacyKeys.ts';

/**
 * The environment of a tool (`scripts/tool.mjs …`) a test runs on its database: the run's keys (the
 * tool opens what the test's app sealed and signs with the run's ledger key), a session secret, quiet logs, and `extra` on top.
 */
export function toolEnv(databaseUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...RUN_PRIVACY_KEYS,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: 'x'.repeat(40),
    LOG_LEVEL: 'silent',
    ...extra,
  };
}
