import { createHash } from 'node:crypto';
import type pg from 'pg';

const names = new Map<string, string>();

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
