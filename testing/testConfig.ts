import { Writable } from 'node:stream';
import pino from 'pino';
import { loadConfig } from '../runtime/config.ts';
import { RUN_PRIVACY_KEYS } from './privacyKeys.ts';

/** The configuration an in-process app of the tests starts with on `databaseUrl`: the run's keys, no limits. */
export function testConfig(databaseUrl: string, env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-000',
    RATE_LIMITS: 'off',
    ...RUN_PRIVACY_KEYS,
    ...env,
  });
}

/** A logger at `info` whose every line is kept, for tests that read what a process logged. */
export function loggedLines() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}
