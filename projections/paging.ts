/**
 * Where the integer types the read models page by end. A value a client sends for one of them must be
 * refused before it reaches a query as a number the column's type cannot hold (a 500 from Postgres);
 * docs/architecture/query-parameters.md has the rule.
 */
export const SQL_INT = {
  smallint: 32_767n,
  integer: 2_147_483_647n,
  bigint: 9_223_372_036_854_775_807n,
  /** xid8, the commit part of a log position: unsigned 64 bits. */
  xid8: 18_446_744_073_709_551_615n,
} as const;

/**
 * Where a newest-first list stopped: the log position of its last row (commit, prepare) and, in lists
 * with one row per posting, the posting's leg. Written `commit-prepare-leg`.
 */
export interface Cursor {
  commit: bigint;
  prepare: bigint;
  leg: number;
}

/** A cursor's shape: as many digits as each part's type can hold (its value is checked by parseCursor). */
export const CURSOR_PATTERN = /^(\d{1,20})-(\d{1,19})-(\d{1,5})$/;

/** A cursor's parts, each bounded by its type: commit an xid8, prepare a bigint, leg a smallint. */
export function parseCursor(text: string): Cursor | null {
  const match = CURSOR_PATTERN.exec(text);
  if (!match) return null;
  const commit = BigInt(match[1]!);
  const prepare = BigInt(match[2]!);
  const leg = BigInt(match[3]!);
  if (commit > SQL_INT.xid8 || prepare > SQL_INT.bigint || leg > SQL_INT.smallint) return null;
  return { commit, prepare, leg: Number(leg) };
}

export function formatCursor(position: { commit: string | bigint; prepare: string | bigint }, leg = 0) {
  return `${position.commit}-${position.prepare}-${leg}`;
}
