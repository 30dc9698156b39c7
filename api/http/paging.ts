import { z } from 'zod';
import { CURSOR_PATTERN, parseCursor, SQL_INT } from '../../projections/paging.ts';

/**
 * The `limit` query parameter of a list: a plain whole number from 1 to `max`. Anything else, a larger
 * number included, is a 400, never silently clamped, so a client learns the cap instead of assuming it got
 * everything. Every list has a cap; lists without this parameter have a fixed one.
 */
export function pageLimit(max: number, fallback: number = max) {
  const message = `limit must be a whole number from 1 to ${max}`;
  return z
    .string({ error: message })
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(1, message).max(max, message))
    .default(fallback);
}

/**
 * A whole-number query parameter from `min` to `max` (both within the SQL type it ends in): digits only,
 * so "1e3", "0x10", " 5" and "" are refused rather than coerced, and a value past the range is a 400.
 */
export function queryInteger(name: string, min: number, max: number, fallback: number) {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return z
    .string({ error: message })
    .regex(new RegExp(`^\\d{1,${String(max).length}}$`), message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message))
    .default(fallback);
}

/** A bigint query parameter from 0 (a stream revision): digits, at most Postgres' bigint. */
export function queryBigint(name: string) {
  const message = `${name} must be a whole number from 0 to ${SQL_INT.bigint}`;
  return z
    .string({ error: message })
    .regex(/^\d{1,19}$/, message)
    .transform(BigInt)
    .refine((n) => n <= SQL_INT.bigint, message)
    .default(0n);
}

/**
 * The `cursor` query parameter of a newest-first list: `commit-prepare-leg` as the list's `nextCursor`
 * wrote it. Each part is bounded by its pattern and by the type of the column it is compared with
 * (projections/paging.ts): `1-1-32768` used to reach Postgres as a smallint and answer 500.
 */
export const pageCursor = z
  .string({ error: 'Invalid cursor' })
  .regex(CURSOR_PATTERN, 'Invalid cursor: use the nextCursor of the previous page')
  .transform((text, ctx) => {
    const cursor = parseCursor(text);
    if (cursor) return cursor;
    ctx.addIssue({ code: 'custom', message: 'Invalid cursor: use the nextCursor of the previous page' });
    return z.NEVER;
  })
  .optional();
