import { isMainThread } from 'node:worker_threads';
import type { Logger } from 'pino';

/**
 * The development keys a process runs with (generated under DATA_DIR/keys when no key is configured,
 * outside production): the personal data keys (runtime/privacyKeys.ts) and the ledger signing key
 * (runtime/ledgerSigningKey.ts). Each is said once per process. `npm start` says it inside its banner,
 * after the address it serves (api/main.ts, `deferDevelopmentKeyNotice`); every other process (a tool)
 * logs a warning when the key is loaded. The projection thread of `npm start` says nothing: its process
 * already did.
 */
export interface DevelopmentKey {
  /** "personal data keys", "the ledger signing key". */
  what: string;
  /** What to set instead, in words: "PERSONAL_DATA_KEY and PSEUDONYM_KEY (or their _FILE variables)". */
  configure: string;
  files: readonly string[];
}

const noted = new Map<string, DevelopmentKey>();
let deferred = false;

/** Called by `npm start` before anything loads a key: the banner will say it. */
export function deferDevelopmentKeyNotice(): void {
  deferred = true;
}

/** The development keys noted so far, in the order they were loaded. */
export function developmentKeysInUse(): DevelopmentKey[] {
  return [...noted.values()];
}

/** Notes a development key in use; logs `message` now when no banner will say it (and not in a worker thread). */
export function noteDevelopmentKey(
  logger: Logger,
  key: DevelopmentKey,
  message: string,
  details: object,
): void {
  if (noted.has(key.what)) return;
  noted.set(key.what, key);
  if (deferred || !isMainThread) return;
  logger.warn(details, message);
}

/** The banner's lines for the keys in use (none when every key is configured). */
export function developmentKeyBanner(keysDir: string): string[] {
  const keys = developmentKeysInUse();
  if (keys.length === 0) return [];
  return [
    '',
    `  Development keys, kept in ${keysDir} (fine for trying it out, not for real data):`,
    ...keys.map((key) => `    ${key.what}: set ${key.configure}`),
    '  Keep them out of the database and its backups.',
  ];
}
