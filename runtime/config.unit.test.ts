import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from './config.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');

describe('configuration', () => {
  it('.env.example lists every variable the configuration reads, and each default loads', () => {
    const example = readFileSync(path.join(repoRoot, '.env.example'), 'utf8');
    const listed = new Map<string, string>();
    for (const line of example.split('\n')) {
      const match = /^([A-Z][A-Z0-9_]*)=(\S*)/.exec(line);
      if (match) listed.set(match[1]!, match[2]!);
    }
    const missing = CONFIG_VARIABLES.filter((name) => !listed.has(name));
    expect(missing).toEqual([]);
    // The example's values are the defaults: loading them gives what loading nothing gives.
    const fromExample = loadConfig(Object.fromEntries(listed));
    const fromNothing = loadConfig({});
    for (const name of CONFIG_VARIABLES) {
      expect(fromExample[name as keyof typeof fromExample], name).toEqual(
        fromNothing[name as keyof typeof fromNothing],
      );
    }
  });

  it('the README documents every variable', () => {
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const missing = CONFIG_VARIABLES.filter((name) => !readme.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });

  it('refuses a READ_DATABASE_URL without the DATABASE_URL it is a replica of', () => {
    expect(() => loadConfig({ READ_DATABASE_URL: 'postgres://127.0.0.1:5433/sai' })).toThrow(
      /READ_DATABASE_URL names a replica of DATABASE_URL/,
    );
    const both = loadConfig({
      DATABASE_URL: 'postgres://127.0.0.1:5432/sai',
      READ_DATABASE_URL: 'postgres://127.0.0.1:5433/sai',
    });
    expect(both.READ_DATABASE_URL).toBe('postgres://127.0.0.1:5433/sai');
    expect(both.READ_REPLICA_WAIT_MS).toBe(500);
  });

  it('refuses production without a session secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
  });

  it('refuses a DEPOSIT_ADDRESS_* that is not a valid address of its family, checksum included', () => {
    expect(() => loadConfig({ DEPOSIT_ADDRESS_ETH: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' })).toThrow(
      /DEPOSIT_ADDRESS_ETH: Not a valid Ethereum address: the mixed-case checksum/,
    );
    expect(() => loadConfig({ DEPOSIT_ADDRESS_TRX: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' })).toThrow(
      /DEPOSIT_ADDRESS_TRX: Not a valid Tron TRC-20 address/,
    );
    expect(
      loadConfig({ DEPOSIT_ADDRESS_BTC: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' }).DEPOSIT_ADDRESS_BTC,
    ).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
  });
});
