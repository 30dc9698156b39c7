import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/testDb.ts';
import { MIGRATIONS_TABLE, migrateDatabase, migrationsDir } from './migrate.ts';

const root = path.resolve(import.meta.dirname, '../..');
const allMigrations = readdirSync(migrationsDir())
  .filter((file) => file.endsWith('.sql'))
  .map((file) => file.replace(/\.sql$/, ''))
  .sort();

/** The tables a rebuild cannot recreate: the migrations' own, and nothing else. */
const MIGRATED_TABLES = [
  'account_tokens',
  'approval_follow_ups_due',
  'card_pins',
  'credentials',
  'es_events',
  'es_streams',
  'idempotency_keys',
  'ledger_digests',
  'ledger_follow_ups_due',
  'ledger_frozen_accounts',
  'ledger_liabilities',
  'ledger_liability_leaves',
  'ledger_signing_keys',
  'passkeys',
  'personal_data_keys',
  MIGRATIONS_TABLE,
  'projection_checkpoints',
  'projection_versions',
  'rate_limits',
  'scheduled_jobs',
  'sessions',
  'totp_secrets',
  'webauthn_challenges',
];

async function tables(db: TestDatabase): Promise<string[]> {
  const { rows } = await db.pool.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
  );
  return rows.map((row) => row.table_name);
}

async function recorded(db: TestDatabase): Promise<string[]> {
  const { rows } = await db.pool.query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY id`);
  return rows.map((row) => row.name);
}

const databases: TestDatabase[] = [];
async function freshDatabase(): Promise<TestDatabase> {
  const db = await createTestDatabase('mig');
  databases.push(db);
  return db;
}

describe('versioned migrations (node-pg-migrate)', () => {
  afterAll(async () => {
    for (const db of databases) await db.drop();
  });

  it('builds an empty database, records each migration once, and finds nothing to do the second time', async () => {
    const db = await freshDatabase();
    const started = performance.now();
    const first = await migrateDatabase({ databaseUrl: db.url });
    const firstMs = performance.now() - started;
    expect(first).toEqual(allMigrations);
    expect(await tables(db)).toEqual(MIGRATED_TABLES);
    const again = performance.now();
    expect(await migrateDatabase({ databaseUrl: db.url })).toEqual([]);
    const againMs = performance.now() - again;
    expect(await recorded(db)).toEqual(allMigrations);
    console.log(
      `migrations on an empty database: ${firstMs.toFixed(0)} ms; nothing to do: ${againMs.toFixed(0)} ms`,
    );
  });

  it('is safe for processes starting together: one applies, the others wait and find nothing left', async () => {
    const db = await freshDatabase();
    const runs = await Promise.all(Array.from({ length: 4 }, () => migrateDatabase({ databaseUrl: db.url })));
    // Exactly one run applied the migrations; none failed for want of the lock.
    expect(runs.filter((names) => names.length > 0)).toEqual([allMigrations]);
    expect(await recorded(db)).toEqual(allMigrations);
  });

  it("adopts a database that today's schema already holds (written before migrations existed)", async () => {
    const db = await freshDatabase();
    // The first two migrations' statements run by hand stand for main's start-up DDL, with a row in a table.
    const { readFileSync } = await import('node:fs');
    for (const name of allMigrations.slice(0, 2))
      await db.pool.query(readFileSync(path.join(migrationsDir(), `${name}.sql`), 'utf8'));
    await db.pool.query(`INSERT INTO credentials (user_id, password_hash) VALUES ('u1', 'h')`);
    expect(await migrateDatabase({ databaseUrl: db.url })).toEqual(allMigrations);
    const { rows } = await db.pool.query('SELECT user_id FROM credentials');
    expect(rows).toEqual([{ user_id: 'u1' }]);
  });

  it('with the log in EventStoreDB, creates the app tables only (no SQL log tables)', async () => {
    const db = await freshDatabase();
    const appOnly = allMigrations.filter((name) => !/^\d+_log-/.test(name));
    expect(appOnly.length).toBe(allMigrations.length - 1);
    expect(await migrateDatabase({ databaseUrl: db.url }, undefined, { eventLog: false })).toEqual(appOnly);
    expect(await tables(db)).toEqual(MIGRATED_TABLES.filter((table) => !table.startsWith('es_')));
    expect(await migrateDatabase({ databaseUrl: db.url }, undefined, { eventLog: false })).toEqual([]);
  });

  it('`npm run db:migrate` runs twice cleanly', async () => {
    const db = await freshDatabase();
    const toolsDir = `.tools-migrate-${process.pid}`;
    const run = () =>
      spawnSync(process.execPath, ['scripts/tool.mjs', 'dbMigrate'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: db.url, SAI_TOOLS_DIR: toolsDir, LOG_LEVEL: 'warn' },
        encoding: 'utf8',
        timeout: 120_000,
      });
    try {
      const first = run();
      expect(first.stderr).toBe('');
      expect(first.status).toBe(0);
      expect(first.stdout).toContain(`applied ${allMigrations.length} migration(s)`);
      const second = run();
      expect(second.status).toBe(0);
      expect(second.stdout).toContain('the database is up to date');
    } finally {
      rmSync(path.join(root, toolsDir), { recursive: true, force: true });
    }
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query(`SELECT count(*)::int AS n FROM ${MIGRATIONS_TABLE}`);
    await client.end();
    expect(rows[0].n).toBe(allMigrations.length);
  }, 150_000);
});
