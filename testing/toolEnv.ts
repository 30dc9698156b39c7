import { spawnSync } from 'node:child_process';
import path from 'node:path';
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

const root = path.resolve(import.meta.dirname, '..');

/** Runs the tool `name` (`scripts/tool.mjs name …args`) on `databaseUrl` from the repository's root, as an operator does. */
export function runTool(name: string, args: string[], databaseUrl: string, timeout = 120_000) {
  return spawnSync(process.execPath, ['scripts/tool.mjs', name, ...args], {
    cwd: root,
    env: toolEnv(databaseUrl),
    encoding: 'utf8',
    timeout,
  });
}
