import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { developmentKeysDir, loadPrivacyKeys } from './privacyKeys.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sai-keys-'));
  dirs.push(dir);
  return dir;
}

/** A logger that keeps its lines. */
function capture() {
  const lines: { level: number; msg: string; files?: string[] }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const key = () => randomBytes(32).toString('base64');

describe('personal data keys configuration', () => {
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses production without PERSONAL_DATA_KEY or PSEUDONYM_KEY, naming the variable', () => {
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-production-secret-of-32-characters!!',
      LEDGER_SIGNING_KEY_FILE: '/run/secrets/ledger.pem',
    };
    expect(() => loadConfig(production)).toThrow(
      /PERSONAL_DATA_KEY \(or PERSONAL_DATA_KEY_FILE\) is required/,
    );
    expect(() => loadConfig({ ...production, PERSONAL_DATA_KEY: key() })).toThrow(
      /PSEUDONYM_KEY \(or PSEUDONYM_KEY_FILE\) is required in production/,
    );
    expect(() => loadConfig({ ...production, PERSONAL_DATA_KEY: key(), PSEUDONYM_KEY: key() })).not.toThrow();
    expect(() =>
      loadConfig({ ...production, PERSONAL_DATA_KEY_FILE: '/run/secrets/pdk', PSEUDONYM_KEY_FILE: '/x' }),
    ).not.toThrow();
  });

  it('refuses a key that is not the base64 of 32 bytes, and a key given twice', () => {
    expect(() => loadConfig({ PERSONAL_DATA_KEY: 'too-short' })).toThrow(/base64 of 32 random bytes/);
    expect(() => loadConfig({ PSEUDONYM_KEY: randomBytes(16).toString('base64') })).toThrow(/PSEUDONYM_KEY/);
    expect(() => loadConfig({ PERSONAL_DATA_KEY: key(), PERSONAL_DATA_KEY_FILE: '/x' })).toThrow(/not both/);
  });

  it('in development generates both keys beside the database folder (mode 0600), warns, and reuses them', async () => {
    const dataDir = tempDir();
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    const first = capture();
    const keys = await loadPrivacyKeys(config, first.logger);
    const dir = developmentKeysDir(config);
    expect(dir).toBe(path.join(dataDir, 'keys'));
    // Beside the embedded Postgres' folder (DATA_DIR/pg), not inside it.
    expect(path.relative(path.join(dataDir, 'pg'), dir).startsWith('..')).toBe(true);
    const files = [path.join(dir, 'personal-data-key'), path.join(dir, 'pseudonym-key')];
    expect(keys.generated).toEqual(files);
    for (const file of files) {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').length).toBe(32);
    }
    expect(readFileSync(files[0]!, 'utf8').trim()).toBe(keys.personalDataKey.toString('base64'));
    expect(keys.personalDataKey.equals(keys.pseudonymKey)).toBe(false);
    expect(statSync(dir).mode & 0o077).toBe(0);
    // One warning per process, naming the files, never the keys.
    const warnings = first.lines.filter((line) => line.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.files).toEqual(files);
    expect(JSON.stringify(first.lines)).not.toContain(keys.personalDataKey.toString('base64'));

    // The next start reuses them.
    const second = capture();
    const again = await loadPrivacyKeys(config, second.logger);
    expect(again.personalDataKey.equals(keys.personalDataKey)).toBe(true);
    expect(again.pseudonymKey.equals(keys.pseudonymKey)).toBe(true);
    expect(second.lines.filter((line) => line.level === 40)).toHaveLength(0);
  });

  it('processes starting together on a fresh data directory end with one key', async () => {
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: tempDir() });
    const loads = await Promise.all(
      Array.from({ length: 6 }, () => loadPrivacyKeys(config, capture().logger)),
    );
    expect(new Set(loads.map((keys) => keys.personalDataKey.toString('hex'))).size).toBe(1);
    expect(new Set(loads.map((keys) => keys.pseudonymKey.toString('hex'))).size).toBe(1);
  });

  it('takes the keys from the variables or their files, and generates nothing then', async () => {
    const dataDir = tempDir();
    const personal = key();
    const file = path.join(dataDir, 'pseudonym.key');
    const pseudo = key();
    writeFileSync(file, `${pseudo}\n`, { mode: 0o600 });
    const env = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-production-secret-of-32-characters!!',
      LEDGER_SIGNING_KEY_FILE: '/run/secrets/ledger.pem',
      DATA_DIR: dataDir,
      PERSONAL_DATA_KEY: personal,
      PSEUDONYM_KEY_FILE: file,
    };
    const config = loadConfig(env);
    const keys = await loadPrivacyKeys(config, capture().logger);
    expect(keys.personalDataKey.toString('base64')).toBe(personal);
    expect(keys.pseudonymKey.toString('base64')).toBe(pseudo);
    expect(keys.generated).toEqual([]);
    expect(existsSync(developmentKeysDir(config))).toBe(false);

    const missing = loadConfig({ ...env, PSEUDONYM_KEY_FILE: path.join(dataDir, 'nope') });
    await expect(loadPrivacyKeys(missing, capture().logger)).rejects.toThrow(
      /PSEUDONYM_KEY_FILE: cannot read/,
    );
    writeFileSync(file, 'not a key');
    await expect(loadPrivacyKeys(config, capture().logger)).rejects.toThrow(/32 random bytes/);
  });
});
