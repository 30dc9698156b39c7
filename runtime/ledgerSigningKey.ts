import { generateKeyPairSync } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { type LedgerSigner, signerFromPem } from '../app/ledgerProofs/signer.ts';
import type { Config } from './config.ts';
import { noteDevelopmentKey } from './developmentKeys.ts';
import { createFileOnce, developmentKeysDir } from './privacyKeys.ts';

/**
 * The ledger's signing key (docs/architecture/verifiable-ledger.md), from LEDGER_SIGNING_KEY (the PEM text)
 * or the file LEDGER_SIGNING_KEY_FILE names. Both set is refused and production requires one (config.ts).
 * In development, with neither set, an Ed25519 key is generated once into `DATA_DIR/keys/` — beside the
 * embedded database (`DATA_DIR/pg`), not inside it, so a copy of the database does not carry the key that
 * signs its digests — with a warning; processes starting together share the one file (createFileOnce).
 */
export const DEVELOPMENT_KEY_FILE = 'ledger-signing-key.pem';

export async function loadLedgerSigner(config: Config, logger: Logger): Promise<LedgerSigner> {
  if (config.LEDGER_SIGNING_KEY !== undefined && config.LEDGER_SIGNING_KEY_FILE !== undefined)
    throw new Error('Invalid configuration: set LEDGER_SIGNING_KEY or LEDGER_SIGNING_KEY_FILE, not both');
  if (config.LEDGER_SIGNING_KEY !== undefined)
    return signerFromPem(pemText(config.LEDGER_SIGNING_KEY), 'LEDGER_SIGNING_KEY');
  const file = config.LEDGER_SIGNING_KEY_FILE;
  if (file !== undefined) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      throw new Error(
        `LEDGER_SIGNING_KEY_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? error})`,
      );
    }
    return signerFromPem(text, `LEDGER_SIGNING_KEY_FILE (${file})`);
  }
  if (config.NODE_ENV === 'production') {
    // loadConfig refuses this already; kept so that no path ever generates a key in production.
    throw new Error(
      'Invalid configuration: LEDGER_SIGNING_KEY (or LEDGER_SIGNING_KEY_FILE) is required in production',
    );
  }
  const target = path.join(developmentKeysDir(config), DEVELOPMENT_KEY_FILE);
  const pem = await createFileOnce(target, () =>
    generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  );
  const signer = signerFromPem(pem, target);
  noteDevelopmentKey(
    logger,
    {
      what: 'ledger signing key',
      configure: 'LEDGER_SIGNING_KEY (or LEDGER_SIGNING_KEY_FILE)',
      files: [target],
    },
    'the ledger signing key is a development key kept in DATA_DIR/keys: set LEDGER_SIGNING_KEY (or ' +
      'LEDGER_SIGNING_KEY_FILE) for any real data, and keep it out of the database and its backups',
    { file: target, keyId: signer.keyId },
  );
  return signer;
}

/**
 * The key a rotation replaces (LEDGER_PREVIOUS_SIGNING_KEY_FILE), needed only for the first start with a
 * new key: it signs the new key into the key history (keyHistory.ts). Null when not set.
 */
export async function loadPreviousLedgerSigner(config: Config): Promise<LedgerSigner | null> {
  const file = config.LEDGER_PREVIOUS_SIGNING_KEY_FILE;
  if (file === undefined) return null;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(
      `LEDGER_PREVIOUS_SIGNING_KEY_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? error})`,
    );
  }
  return signerFromPem(text, `LEDGER_PREVIOUS_SIGNING_KEY_FILE (${file})`);
}

/** A PEM given in one line of an environment file, its line breaks written `\n`, is read as the PEM. */
function pemText(value: string): string {
  return value.includes('\\n') ? value.replaceAll('\\n', '\n') : value;
}
