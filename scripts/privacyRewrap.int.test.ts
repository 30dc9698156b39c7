import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PersonalDataKeys } from '../app/privacy/personalDataKeys.ts';
import { masterKeyId } from '../app/privacy/sealing.ts';
import { migratePool } from '../infra/postgres/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../testing/testDb.ts';

const oldKey = randomBytes(32);
const newKey = randomBytes(32);
let db: TestDatabase;
let dir: string;

function rewrap(...args: string[]) {
  return spawnSync(process.execPath, ['scripts/tool.mjs', 'privacyRewrap', ...args], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      PERSONAL_DATA_KEY: oldKey.toString('base64'),
      PSEUDONYM_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'silent',
    },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

describe('npm run privacy:rewrap', () => {
  beforeAll(async () => {
    db = await createTestDatabase('rewrap');
    await migratePool(db.pool);
    dir = mkdtempSync(path.join(os.tmpdir(), 'sai-rewrap-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await db?.drop();
  });

  it('re-wraps every data key under the key in the file; the values open with the new key only', async () => {
    const before = new PersonalDataKeys(db.pool, oldKey);
    const sealed = await before.seal('user-1', 'Ada Lovelace', 'UserRegistered.firstName:e1');
    const file = path.join(dir, 'new.key');
    writeFileSync(file, `${newKey.toString('base64')}\n`, { mode: 0o600 });

    const run = rewrap('--new-key-file', file);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`re-wrapped 1 data key(s) from master key ${masterKeyId(oldKey)}`);
    expect(run.stdout + run.stderr).not.toContain(newKey.toString('base64'));
    const after = new PersonalDataKeys(db.pool, newKey);
    expect(await after.open(sealed, 'UserRegistered.firstName:e1')).toEqual({
      ok: true,
      value: 'Ada Lovelace',
    });
    await expect(before.open(sealed, 'UserRegistered.firstName:e1')).rejects.toThrow(/privacy:rewrap/);
  }, 180_000);

  it('refuses a missing argument or a malformed key, changing nothing', async () => {
    expect(rewrap().status).toBe(2);
    const bad = path.join(dir, 'bad.key');
    writeFileSync(bad, 'short');
    const run = rewrap('--new-key-file', bad);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^privacy:rewrap failed: .*32 random bytes/m);
    const { rows } = await db.pool.query('SELECT DISTINCT master_key_id FROM personal_data_keys');
    expect(rows).toEqual([{ master_key_id: masterKeyId(newKey) }]);
  }, 180_000);
});
