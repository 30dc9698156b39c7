import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { signDigest } from '../app/ledgerProofs/digests.ts';
import { EMPTY_ROOT } from '../domain/verifiable/merkle.ts';
import { verifyDigest } from '../domain/verifiable/verify.ts';
import { loadConfig } from './config.ts';
import { DEVELOPMENT_KEY_FILE, loadLedgerSigner } from './ledgerSigningKey.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sai-ledger-key-'));
  dirs.push(dir);
  return dir;
}

function capture() {
  const lines: { level: number; msg: string; file?: string }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const pem = () =>
  generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
const production = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'a-production-secret-of-32-characters!!',
  PERSONAL_DATA_KEY_FILE: '/run/secrets/pdk',
  PSEUDONYM_KEY_FILE: '/run/secrets/pk',
};

describe('the ledger signing key configuration', () => {
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses production without LEDGER_SIGNING_KEY or its file, both at once, and a key that is not Ed25519', () => {
    expect(() => loadConfig(production)).toThrow(
      /LEDGER_SIGNING_KEY \(or LEDGER_SIGNING_KEY_FILE\) is required in production/,
    );
    expect(() => loadConfig({ ...production, LEDGER_SIGNING_KEY: pem() })).not.toThrow();
    expect(() => loadConfig({ ...production, LEDGER_SIGNING_KEY_FILE: '/run/secrets/ledger' })).not.toThrow();
    expect(() => loadConfig({ LEDGER_SIGNING_KEY: pem(), LEDGER_SIGNING_KEY_FILE: '/x' })).toThrow(
      /not both/,
    );
    expect(() => loadConfig({ LEDGER_SIGNING_KEY: 'not a key' })).toThrow(/Ed25519 private key in PEM/);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    expect(() => loadConfig({ LEDGER_SIGNING_KEY: rsa })).toThrow(/Ed25519 private key in PEM/);
  });

  it('in development generates one key beside the database folder (mode 0600), warns once, and reuses it', async () => {
    const dataDir = tempDir();
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    const first = capture();
    const signer = await loadLedgerSigner(config, first.logger);
    const file = path.join(dataDir, 'keys', DEVELOPMENT_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Beside the embedded Postgres' folder (DATA_DIR/pg), not inside it.
    expect(path.relative(path.join(dataDir, 'pg'), file).startsWith('..')).toBe(true);
    const warning = first.lines.find((line) => line.level === 40);
    expect(warning?.file).toBe(file);
    expect(JSON.stringify(first.lines)).not.toContain('PRIVATE KEY');
    const again = await loadLedgerSigner(config, capture().logger);
    expect(again.keyId).toBe(signer.keyId);
    // Processes starting together on a fresh directory end with one key.
    const fresh = loadConfig({ NODE_ENV: 'development', DATA_DIR: tempDir() });
    const loads = await Promise.all(
      Array.from({ length: 6 }, () => loadLedgerSigner(fresh, capture().logger)),
    );
    expect(new Set(loads.map((s) => s.keyId)).size).toBe(1);
  });

  it('takes the key from the variable (a one-line \\n form too) or its file, and generates nothing then', async () => {
    const dataDir = tempDir();
    const text = pem();
    const fromVariable = await loadLedgerSigner(
      loadConfig({ ...production, DATA_DIR: dataDir, LEDGER_SIGNING_KEY: text }),
      capture().logger,
    );
    const oneLine = await loadLedgerSigner(
      loadConfig({ ...production, DATA_DIR: dataDir, LEDGER_SIGNING_KEY: text.replaceAll('\n', '\\n') }),
      capture().logger,
    );
    expect(oneLine.keyId).toBe(fromVariable.keyId);
    const file = path.join(dataDir, 'ledger.pem');
    writeFileSync(file, text, { mode: 0o600 });
    const fromFile = await loadLedgerSigner(
      loadConfig({ ...production, DATA_DIR: dataDir, LEDGER_SIGNING_KEY_FILE: file }),
      capture().logger,
    );
    expect(fromFile.keyId).toBe(fromVariable.keyId);
    expect(existsSync(path.join(dataDir, 'keys'))).toBe(false);
    // It signs what the public half then verifies.
    const digest = signDigest(fromFile, { treeSize: 0n, root: EMPTY_ROOT, time: new Date() });
    expect((await verifyDigest(digest, fromVariable.publicKey)).ok).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(text);

    const missing = loadConfig({ ...production, LEDGER_SIGNING_KEY_FILE: path.join(dataDir, 'nope') });
    await expect(loadLedgerSigner(missing, capture().logger)).rejects.toThrow(
      /LEDGER_SIGNING_KEY_FILE: cannot read/,
    );
    writeFileSync(path.join(dataDir, 'bad.pem'), 'garbage');
    const bad = loadConfig({ ...production, LEDGER_SIGNING_KEY_FILE: path.join(dataDir, 'bad.pem') });
    await expect(loadLedgerSigner(bad, capture().logger)).rejects.toThrow(/is not a PEM private key/);
  });
});
