import type { PoolClient } from 'pg';

/**
 * Multi-row INSERT from column arrays: `INSERT … SELECT * FROM unnest($1::type[], …)` sends a whole batch
 * in one statement with one parameter per column (no 65,535-parameter limit, one plan). Written here
 * rather than pulled in (pg-format, pg-promise helpers) because it is these few lines over `pg` itself.
 * `columns` pairs a column name with its SQL type; `rows` are in the same order.
 */
export async function insertRows(
  tx: PoolClient,
  table: string,
  columns: readonly (readonly [name: string, type: string])[],
  rows: readonly (readonly unknown[])[],
  onConflict = '',
): Promise<number> {
  if (rows.length === 0) return 0;
  const arrays = columns.map((_, index) => rows.map((row) => row[index] ?? null));
  const names = columns.map(([name]) => name).join(', ');
  const unnest = columns.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ');
  const result = await tx.query(
    `INSERT INTO ${table} (${names}) SELECT * FROM unnest(${unnest}) ${onConflict}`,
    arrays,
  );
  return result.rowCount ?? 0;
}
