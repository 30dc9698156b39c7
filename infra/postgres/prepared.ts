import { createHash } from 'node:crypto';
import type pg from 'pg';

const names = new Map<string, string>();
let named = true;

/**
 * Off behind a transaction-mode pooler (DATABASE_POOLER=transaction, docs/architecture/pgbouncer.md):
 * PgBouncer 1.18 hands each transaction whichever server connection is free, so a statement prepared on
 * one is missing on the next ("prepared statement … does not exist"). Set once at a process's start.
 */
export function setPreparedStatements(on: boolean): void {
  named = on;
}

/** A query's `name` where named statements are on (spread into its config); nothing where they are off. */
export function statementName(name: string): { name?: string } {
  return named ? { name } : {};
}

/**
 * Runs a read as a named prepared statement: Postgres parses and plans it once per connection and then
 * reuses the plan (after five runs it settles on a generic plan when that costs no more than the custom
 * ones). For the read models' larger queries the planning was most of the time: the history page's query
 * planned in 6 ms and ran in 0.9 (BENCHMARKS.md, "What bounds each figure"). The name is a hash of the
 * text, so one text is one statement on every connection, and the texts are the code's own (a bounded set).
 *
 * A plan Postgres cannot reuse because a table's columns changed type under it (a read model rebuilt in a
 * new version while the API runs: "cached plan must not change result type", 0A000) is answered by the
 * same query unprepared.
 */
export async function preparedQuery<R extends pg.QueryResultRow>(
  db: pg.Pool | pg.PoolClient,
  text: string,
  values: readonly unknown[],
): Promise<pg.QueryResult<R>> {
  if (!named) return db.query<R>(text, values as unknown[]);
  let name = names.get(text);
  if (!name) {
    name = `sai_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    names.set(text, name);
  }
  try {
    return await db.query<R>({ name, text, values: values as unknown[] });
  } catch (error) {
    if ((error as { code?: string }).code === '0A000') return db.query<R>(text, values as unknown[]);
    throw error;
  }
}
