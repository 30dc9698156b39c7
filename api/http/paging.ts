import { z } from 'zod';

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
