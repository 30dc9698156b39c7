import type { Pool } from '../../infra/postgres/pool.ts';

/**
 * The streams something outside the log knows, to find a stream deleted from the log whole (its events
 * and, on Postgres, its head row: no chain is left to break, and a stream that books no posting leaves
 * every balance as it was). Each source names the stream and the highest revision it has seen:
 * - `transaction_events` (read model): every event of a business transaction, by stream and revision;
 * - `users` (read model): each user's own stream `user-<id>`, from revision 0;
 * - `ledger_tree_leaves` (the tree follower's table, when it exists): every leaf's stream and revision.
 * A source's table missing (a database where it was never built) is skipped.
 */
export interface KnownStream {
  streamName: string;
  revision: bigint;
  source: string;
}

const SOURCES: { table: string; sql: string }[] = [
  {
    table: 'transaction_events',
    sql: 'SELECT stream_name, max(stream_revision)::text AS revision FROM transaction_events GROUP BY stream_name',
  },
  { table: 'users', sql: `SELECT 'user-' || id AS stream_name, '0' AS revision FROM users` },
  {
    table: 'ledger_tree_leaves',
    sql: 'SELECT stream_name, max(revision)::text AS revision FROM ledger_tree_leaves GROUP BY stream_name',
  },
];

export async function* knownStreams(pool: Pool): AsyncGenerator<KnownStream> {
  for (const source of SOURCES) {
    const { rows: exists } = await pool.query<{ found: boolean }>(
      'SELECT to_regclass($1) IS NOT NULL AS found',
      [source.table],
    );
    if (!exists[0]?.found) continue;
    const { rows } = await pool.query<{ stream_name: string; revision: string }>(source.sql);
    for (const row of rows)
      yield { streamName: row.stream_name, revision: BigInt(row.revision), source: source.table };
  }
}

/**
 * The problems of the known streams against the heads the replay found (stream → last revision). On a
 * live system a stream may be written after the replay read past it and projected before this query:
 * `exists` (a read of the store) confirms a problem before it is reported.
 */
export async function missingStreams(
  pool: Pool,
  heads: ReadonlyMap<string, { revision: bigint }>,
  exists: (streamName: string, revision: bigint) => Promise<boolean>,
): Promise<string[]> {
  const problems: string[] = [];
  for await (const known of knownStreams(pool)) {
    const head = heads.get(known.streamName);
    if (head && head.revision >= known.revision) continue;
    if (await exists(known.streamName, known.revision)) continue;
    if (!head)
      problems.push(
        `stream ${known.streamName}: known to ${known.source} (up to revision ${known.revision}) but missing from the log (a whole stream was deleted)`,
      );
    else if (head.revision < known.revision)
      problems.push(
        `stream ${known.streamName}: ${known.source} has seen revision ${known.revision} but the log ends at revision ${head.revision} (events were removed from its end)`,
      );
  }
  return problems;
}
