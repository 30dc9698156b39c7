import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';
import type pg from 'pg';

/**
 * The versioned schema changes of the tables a rebuild cannot recreate (the log, credentials, sessions,
 * idempotency keys, TOTP secrets, card PINs, the follow-ups' due list, the live checkpoints): SQL files in
 * `migrations/` at the repository's root, applied in order by node-pg-migrate, which records each one in
 * `pgmigrations` and runs under its advisory lock. The read models are not here: a projection creates its
 * own tables and a changed one is rebuilt (docs/architecture/migrations.md).
 */
export const MIGRATIONS_TABLE = 'pgmigrations';

/**
 * The migrations folder: beside the repository's package.json, found upwards from this module, which runs
 * from `infra/postgres/` as a source file and from `.tools/` inside a tool's bundle (scripts/tool.mjs).
 */
export function migrationsDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'migrations');
    if (existsSync(path.join(dir, 'package.json')) && existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error('the migrations folder was not found above infra/postgres/migrate.ts');
    dir = parent;
  }
}

export interface MigrateLog {
  info(message: string): void;
}

export interface MigrateOptions {
  /**
   * Whether the Postgres event log lives in this database: true (the default) applies the `<time>_log-*.sql`
   * files (its tables) with the rest; false, for a log in EventStoreDB, leaves them out, so that database
   * holds the app's tables only. A deployment does not switch between the two.
   */
  eventLog?: boolean;
}

/** Files node-pg-migrate leaves alone: anything not `.sql` and, without the Postgres log, the log's own. */
function ignorePattern(eventLog: boolean): string {
  return eventLog ? '(?!.*\\.sql$).*' : '(?:(?!.*\\.sql$).*|\\d+_log-.*)';
}

/**
 * Applies the pending migrations, each in its own transaction, and returns their names (none when the
 * database is up to date). Processes starting together are safe: node-pg-migrate takes its advisory lock
 * in `wait` mode on the connection it migrates with, so the others wait for the first and then find
 * nothing left to do. Only `.sql` files are read from the folder (a README beside them is not a migration).
 */
export async function migrateDatabase(
  target: { databaseUrl: string } | { client: pg.ClientBase },
  log?: MigrateLog,
  options: MigrateOptions = {},
): Promise<string[]> {
  const messages: string[] = [];
  const applied = await runner({
    ...('client' in target ? { dbClient: target.client } : { databaseUrl: target.databaseUrl }),
    dir: migrationsDir(),
    ignorePattern: ignorePattern(options.eventLog !== false),
    migrationsTable: MIGRATIONS_TABLE,
    direction: 'up',
    checkOrder: true,
    advisoryLockMode: 'wait',
    // Its own lines ("No migrations to run!", "> Migrating files:") are collected, not printed: the caller
    // logs what was applied.
    log: (message: string) => messages.push(message),
  });
  const names = applied.map((migration) => migration.name);
  if (names.length > 0) log?.info(`applied migrations: ${names.join(', ')}`);
  return names;
}

/** Migrates on a connection of the pool (no second connection opened). */
export async function migratePool(
  pool: pg.Pool,
  log?: MigrateLog,
  options: MigrateOptions = {},
): Promise<string[]> {
  const client = await pool.connect();
  try {
    const names = await migrateDatabase({ client }, log, options);
    client.release();
    return names;
  } catch (error) {
    // A failed migration may leave the session holding the lock or in a transaction: not back to the pool.
    client.release(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}
