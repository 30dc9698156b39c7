import { readFile } from 'node:fs/promises';
import { rewrapPersonalDataKeys } from '../app/privacy/personalDataKeys.ts';
import { masterKeyId } from '../app/privacy/sealing.ts';
import { migratePool } from '../infra/postgres/migrate.ts';
import { createPool } from '../infra/postgres/pool.ts';
import { isKey32, loadConfig } from '../runtime/config.ts';
import { openDatabase } from '../runtime/database.ts';
import { createLogger } from '../runtime/logger.ts';
import { runMain } from '../runtime/main.ts';
import { loadPrivacyKeys } from '../runtime/privacyKeys.ts';

/**
 * npm run privacy:rewrap -- --new-key-file PATH — rotates the master key of the personal data keys
 * (docs/decisions/0014-crypto-shredding.md): every data key wrapped by the configured PERSONAL_DATA_KEY
 * (or _FILE) is re-wrapped by the key in PATH (base64 of 32 bytes), in one transaction. The new key is
 * read from a file, never from the command line, which shell histories and process lists keep. Run it
 * again after an interruption or a process that still made keys with the old one: it finishes the rest.
 * Then start every process with the new key, and keep the old one until no backup needs it.
 */
async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf('--new-key-file');
  const file = at >= 0 ? args[at + 1] : undefined;
  if (!file || args.length !== 2) {
    process.stderr.write('usage: npm run privacy:rewrap -- --new-key-file PATH\n');
    process.exit(2);
  }
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new Error(`cannot read ${file} (${error.code ?? error.message})`);
  });
  if (!isKey32(text)) throw new Error(`${file} must hold the base64 of 32 random bytes`);
  const newKey = Buffer.from(text.trim().replace(/-/g, '+').replace(/_/g, '/'), 'base64');

  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const logger = createLogger(config.LOG_LEVEL);
  const { personalDataKey } = await loadPrivacyKeys(config, logger);
  const database = await openDatabase(config, logger);
  const pool = createPool(database.url, 2);
  try {
    await migratePool(pool, logger, { eventLog: config.EVENT_STORE === 'postgres' });
    const result = await rewrapPersonalDataKeys(pool, personalDataKey, newKey);
    process.stdout.write(
      `re-wrapped ${result.rewrapped} data key(s) from master key ${masterKeyId(personalDataKey)} to ` +
        `${masterKeyId(newKey)} (${result.alreadyCurrent} already under it, ${result.destroyed} erased)\n` +
        'now start every process with the new PERSONAL_DATA_KEY\n',
    );
  } finally {
    await pool.end();
    await database.embedded?.stop();
  }
  process.exit(0);
}

runMain('privacy:rewrap', main);
