import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { type Config, isKey32 } from './config.ts';
import { noteDevelopmentKey } from './developmentKeys.ts';

/**
 * The two keys of crypto-shredding (docs/decisions/0014-crypto-shredding.md): PERSONAL_DATA_KEY, the
 * master key that wraps every person's data key, and PSEUDONYM_KEY, the HMAC key of the pseudonyms in
 * stream names. Each comes from its variable (base64 of 32 bytes) or from the file its `_FILE` variable
 * names. Production refuses to start without them (config.ts); in development, with neither set, they are
 * generated once into `DATA_DIR/keys/` — beside the embedded database (`DATA_DIR/pg`), not inside it, so a
 * copy of the database's folder does not carry the key that opens it — with a warning.
 */
export interface PrivacyKeys {
  personalDataKey: Buffer;
  pseudonymKey: Buffer;
  /** The files generated for development, if that is where the keys came from. */
  generated: string[];
}

/** Where development keys are generated: DATA_DIR/keys, a sibling of the embedded Postgres' DATA_DIR/pg. */
export function developmentKeysDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'keys');
}

const FILES = { PERSONAL_DATA_KEY: 'personal-data-key', PSEUDONYM_KEY: 'pseudonym-key' } as const;
type KeyName = keyof typeof FILES;

export async function loadPrivacyKeys(config: Config, logger: Logger): Promise<PrivacyKeys> {
  const generated: string[] = [];
  const load = async (name: KeyName): Promise<Buffer> => {
    const value = config[name];
    if (value !== undefined) return decodeKey(value, name);
    const file = config[`${name}_FILE`];
    if (file !== undefined)
      return decodeKey(await readKeyFile(file, `${name}_FILE`), `${name}_FILE (${file})`);
    if (config.NODE_ENV === 'production') {
      // loadConfig refuses this already; kept so that no path ever generates a key in production.
      throw new Error(`Invalid configuration: ${name} (or ${name}_FILE) is required in production`);
    }
    const target = path.join(developmentKeysDir(config), FILES[name]);
    generated.push(target);
    return decodeKey(await createFileOnce(target, () => `${randomBytes(32).toString('base64')}\n`), target);
  };
  const keys = {
    personalDataKey: await load('PERSONAL_DATA_KEY'),
    pseudonymKey: await load('PSEUDONYM_KEY'),
    generated,
  };
  if (generated.length > 0)
    noteDevelopmentKey(
      logger,
      {
        what: 'personal data keys',
        configure: 'PERSONAL_DATA_KEY and PSEUDONYM_KEY (or their _FILE variables)',
        files: generated,
      },
      'personal data keys are development keys kept in DATA_DIR/keys: set PERSONAL_DATA_KEY and PSEUDONYM_KEY ' +
        '(or their _FILE variables) for any real data, and keep them out of the database backups',
      { files: generated },
    );
  return keys;
}

function decodeKey(text: string, source: string): Buffer {
  if (!isKey32(text)) throw new Error(`${source} must hold the base64 of 32 random bytes`);
  return Buffer.from(text.trim().replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

async function readKeyFile(file: string, variable: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`${variable}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? error})`);
  }
}

/**
 * Reads the key file, creating it first (with `content()`) if missing. Created complete or not at all:
 * written under a temporary name (mode 0600), then hard-linked into place, which fails if another process
 * got there first; that process's key is then the one read, so processes starting together share one key.
 * Also used for the ledger's development signing key (runtime/ledgerSigningKey.ts).
 */
export async function createFileOnce(file: string, content: () => string): Promise<string> {
  if (!existsSync(file)) {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temporary, content(), { mode: 0o600, flag: 'wx' });
    await chmod(temporary, 0o600); // whatever the umask
    try {
      await link(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      await unlink(temporary);
    }
  }
  return await readFile(file, 'utf8');
}
