import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_TABLE, migratePool, migrationsDir } from '../infra/postgres/migrate.ts';
import { initProjectionSchemas } from '../projections/engine/checkpoints.ts';
import { allProjections } from '../projections/index.ts';
import { initLedgerTreeSchema, LEDGER_TREE_TABLES } from '../projections/ledgerTree/schema.ts';
import { createTestDatabase, type TestDatabase } from '../testing/testDb.ts';
import { tableOwners } from './tableOwners.ts';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase('owners');
  await migratePool(db.pool);
  await initProjectionSchemas(db.pool, allProjections);
  await initLedgerTreeSchema(db.pool);
});

afterAll(async () => {
  await db?.drop();
});

/** The log's own tables: those of the `<time>_log-*.sql` migrations (infra/postgres/migrate.ts). */
function logTables(): string[] {
  return readdirSync(migrationsDir())
    .filter((file) => /^\d+_log-.*\.sql$/.test(file))
    .flatMap((file) => [
      ...readFileSync(path.join(migrationsDir(), file), 'utf8').matchAll(
        /CREATE TABLE IF NOT EXISTS ([a-z_]+)/g,
      ),
    ])
    .map((match) => match[1]!);
}

/**
 * Tables kept outside app/: the read models (each projection declares its tables), the tree follower's
 * (projections/ledgerTree/schema.ts, and the accounts it freezes: projections/ledgerTree/findings.ts), the
 * projections' bookkeeping (projections/engine/checkpoints.ts), the migrations' record and the scheduled jobs'
 * (infra/postgres).
 */
const keptElsewhere = [
  ...allProjections.flatMap((projection) => projection.tables),
  ...LEDGER_TREE_TABLES,
  'ledger_frozen_accounts',
  'projection_checkpoints',
  'projection_versions',
  MIGRATIONS_TABLE,
  'scheduled_jobs',
];

async function schemaTables(): Promise<string[]> {
  const { rows } = await db.pool.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return rows.map((row) => row.table_name);
}

describe('the owners of the tables outside the log', () => {
  it('give every table that is neither the log nor kept elsewhere exactly one owner', async () => {
    const log = logTables();
    expect(log).toEqual(expect.arrayContaining(['es_events', 'es_streams']));
    const unowned = (await schemaTables()).filter(
      (table) => !log.includes(table) && !keptElsewhere.includes(table),
    );
    const owned = tableOwners.map((owner) => owner.table);
    expect(new Set(owned).size).toBe(owned.length);
    // A read model the erasure must scrub itself may have an owner too (contact_messages); nothing else.
    expect(owned.filter((table) => !keptElsewhere.includes(table)).sort()).toEqual(unowned);
  });

  it('name real tables only', async () => {
    const tables = await schemaTables();
    expect(tableOwners.map((owner) => owner.table).filter((table) => !tables.includes(table))).toEqual([]);
  });
});
