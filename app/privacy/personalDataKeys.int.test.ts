import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratePool } from '../../infra/postgres/migrate.ts';
import { createPool, type Pool } from '../../infra/postgres/pool.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/testDb.ts';
import { PersonalDataKeys, PersonErasedError, rewrapPersonalDataKeys } from './personalDataKeys.ts';
import { masterKeyId, SealedValueError, seal } from './sealing.ts';

let db: TestDatabase;
/** Second and third pools on the same database: other processes. */
let others: Pool[];
const master = randomBytes(32);

interface Row {
  subject_id: string;
  wrapped_key: Buffer | null;
  master_key_id: string | null;
  key_version: number;
  destroyed_at: Date | null;
}

async function row(subjectId: string): Promise<Row | undefined> {
  const { rows } = await db.pool.query<Row>('SELECT * FROM personal_data_keys WHERE subject_id = $1', [
    subjectId,
  ]);
  return rows[0];
}

beforeAll(async () => {
  db = await createTestDatabase('pdk');
  await migratePool(db.pool);
  others = [createPool(db.url, 6), createPool(db.url, 6)];
});

afterAll(async () => {
  for (const pool of others ?? []) await pool.end();
  await db?.drop();
});

describe('personal data keys (crypto-shredding)', () => {
  it('gives one key per person: ten concurrent first calls from three processes get the same key', async () => {
    const pools = [db.pool, ...others];
    // Every pool's connections opened first, so that the ten calls really run at once (each first finds
    // no key, and each tries to make one).
    await Promise.all(
      pools.flatMap((pool) => Array.from({ length: 4 }, () => pool.query('SELECT pg_sleep(0.05)'))),
    );
    const processes = pools.map((pool) => new PersonalDataKeys(pool, master));
    for (const subject of ['user-concurrent', 'user-concurrent-2', 'user-concurrent-3']) {
      const keys = await Promise.all(
        Array.from({ length: 10 }, (_, i) => processes[i % 3]!.forSubject(subject)),
      );
      const distinct = new Set(keys.map((key) => key.key.toString('hex')));
      expect(distinct.size).toBe(1);
      // And it is the key stored: a value sealed with any of them opens through the table.
      const stored = await processes[0]!.find(subject);
      expect(stored !== 'erased' && stored?.key.equals(keys[9]!.key)).toBe(true);
    }
    const keys = [await processes[1]!.forSubject('user-concurrent')];
    const { rows } = await db.pool.query(
      `SELECT count(*)::int AS n FROM personal_data_keys WHERE subject_id = 'user-concurrent'`,
    );
    expect(rows[0].n).toBe(1);
    // A later call, from yet another instance, finds the same key.
    const again = await new PersonalDataKeys(others[0]!, master).forSubject('user-concurrent');
    expect(again.key.equals(keys[0]!.key)).toBe(true);
  });
  it('stores the key only wrapped: nothing in the table is the raw key', async () => {
    const keys = new PersonalDataKeys(db.pool, master);
    const key = await keys.forSubject('user-wrapped');
    const stored = await row('user-wrapped');
    expect(stored!.wrapped_key!.length).toBe(60);
    expect(stored!.master_key_id).toBe(masterKeyId(master));
    expect(stored!.key_version).toBe(1);
    // The whole table as text (hex of every bytea, every column) holds neither the key nor the master key.
    const { rows } = await db.pool.query<{ dump: string }>(
      `SELECT string_agg(t::text, '|') AS dump FROM personal_data_keys t`,
    );
    for (const secret of [key.key, master]) {
      expect(rows[0]!.dump).not.toContain(secret.toString('hex'));
      expect(rows[0]!.dump).not.toContain(secret.toString('base64'));
    }
  });
  it('seals and opens through the table; after destroy the value reads as erased, in every process', async () => {
    const keys = new PersonalDataKeys(db.pool, master);
    const sealed = await keys.seal('user-erased', 'erin@example.com', 'UserRegistered.email:e1');
    expect(await keys.open(sealed, 'UserRegistered.email:e1')).toEqual({
      ok: true,
      value: 'erin@example.com',
    });
    const { destroyedAt } = await keys.destroy('user-erased');
    const stored = await row('user-erased');
    expect(stored).toMatchObject({ wrapped_key: null, master_key_id: null, destroyed_at: destroyedAt });
    for (const pool of [db.pool, ...others]) {
      const other = new PersonalDataKeys(pool, master);
      expect(await other.open(sealed, 'UserRegistered.email:e1')).toEqual({ ok: false, reason: 'erased' });
      expect(await other.find('user-erased')).toBe('erased');
    }
    // Destroying again changes nothing, the first time stays.
    expect((await keys.destroy('user-erased')).destroyedAt).toEqual(destroyedAt);
  });
  it('never makes a new key for an erased person, even one who had none yet', async () => {
    const keys = new PersonalDataKeys(db.pool, master);
    await keys.forSubject('user-gone');
    await keys.destroy('user-gone');
    await expect(keys.forSubject('user-gone')).rejects.toBeInstanceOf(PersonErasedError);
    await expect(keys.seal('user-gone', 'new data', 'x')).rejects.toBeInstanceOf(PersonErasedError);
    // Erased before anything was sealed for them: a tombstone, and still no key afterwards.
    await keys.destroy('user-never-had-one');
    await expect(keys.forSubject('user-never-had-one')).rejects.toBeInstanceOf(PersonErasedError);
    expect(await row('user-never-had-one')).toMatchObject({ wrapped_key: null });
    // Concurrent get-or-create against a destroy: whatever the order, the person ends erased, no key.
    await Promise.all([
      keys.forSubject('user-race').catch(() => null),
      keys.destroy('user-race'),
      keys.forSubject('user-race').catch(() => null),
    ]);
    expect(await keys.find('user-race')).toBe('erased');
    expect(await keys.find('user-nobody')).toBeNull();
  });
});

describe('personal data keys (crypto-shredding)', () => {
  it('refuses to open with another master key, naming the rotation', async () => {
    const keys = new PersonalDataKeys(db.pool, master);
    const sealed = await keys.seal('user-rotation-check', 'x', 'ad');
    const stranger = new PersonalDataKeys(db.pool, randomBytes(32));
    await expect(stranger.open(sealed, 'ad')).rejects.toThrow(/privacy:rewrap/);
  });
  it('rotates the master key by re-wrapping: every value readable under the new key only', async () => {
    const rotDb = await createTestDatabase('pdkrot');
    try {
      await migratePool(rotDb.pool);
      const oldMaster = randomBytes(32);
      const newMaster = randomBytes(32);
      const before = new PersonalDataKeys(rotDb.pool, oldMaster);
      const sealed = await Promise.all(
        Array.from({ length: 5 }, async (_, i) => ({
          ad: `CardShippingAddressSet.address:e${i}`,
          text: `${i} Main Street`,
          value: await before.seal(`user-${i}`, `${i} Main Street`, `CardShippingAddressSet.address:e${i}`),
        })),
      );
      await before.destroy('user-4');
      const rawBefore = await rotDb.pool.query<{ subject_id: string; key: Buffer }>(
        `SELECT subject_id, wrapped_key AS key FROM personal_data_keys WHERE wrapped_key IS NOT NULL`,
      );

      expect(await rewrapPersonalDataKeys(rotDb.pool, oldMaster, newMaster)).toEqual({
        rewrapped: 4,
        alreadyCurrent: 0,
        destroyed: 1,
      });

      const after = new PersonalDataKeys(rotDb.pool, newMaster);
      for (const { ad, text, value } of sealed.slice(0, 4)) {
        expect(await after.open(value, ad)).toEqual({ ok: true, value: text });
        await expect(before.open(value, ad)).rejects.toBeInstanceOf(SealedValueError);
      }
      expect(await after.open(sealed[4]!.value, sealed[4]!.ad)).toEqual({ ok: false, reason: 'erased' });
      const { rows } = await rotDb.pool.query<{
        subject_id: string;
        wrapped_key: Buffer;
        master_key_id: string;
        key_version: number;
      }>(`SELECT * FROM personal_data_keys WHERE wrapped_key IS NOT NULL ORDER BY subject_id`);
      expect(rows.map((r) => [r.master_key_id, r.key_version])).toEqual(
        Array.from({ length: 4 }, () => [masterKeyId(newMaster), 2]),
      );
      for (const r of rows) {
        const old = rawBefore.rows.find((x) => x.subject_id === r.subject_id)!;
        expect(r.wrapped_key.equals(old.key)).toBe(false);
      }
      // New keys are made under the new master key; a second run finds nothing to do.
      await after.seal('user-new', 'y', 'ad');
      expect(await rewrapPersonalDataKeys(rotDb.pool, oldMaster, newMaster)).toEqual({
        rewrapped: 0,
        alreadyCurrent: 5,
        destroyed: 1,
      });
      // A key under neither master key stops the run before it changes anything.
      await new PersonalDataKeys(rotDb.pool, randomBytes(32)).forSubject('user-stray');
      await expect(rewrapPersonalDataKeys(rotDb.pool, newMaster, randomBytes(32))).rejects.toThrow(
        /neither the old master key/,
      );
      expect(await after.open(sealed[0]!.value, sealed[0]!.ad)).toEqual({ ok: true, value: sealed[0]!.text });
    } finally {
      await rotDb.drop();
    }
  });
  it('a value sealed for someone with no key row at all is an error, not an erasure', async () => {
    const keys = new PersonalDataKeys(db.pool, master);
    const orphan = seal({ subjectId: 'user-orphan', key: randomBytes(32) }, 'x', 'ad');
    await expect(keys.open(orphan, 'ad')).rejects.toThrow(/No data key/);
  });
});
