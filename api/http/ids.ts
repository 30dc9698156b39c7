import { z } from 'zod';
import { USER_ID_PATTERN, type UserId } from '../../domain/shared/ids.ts';

/**
 * The one schema for a user id in a path, query or body. `message` is what the route answers when the
 * value is not a user id at all (each route words its own 404 or 400: "User not found", "Recipient not
 * found"). At run time this is a plain regex-checked string (OpenAPI and the fuzzer read it as such);
 * the type says what the regex proved: a UserId.
 */
export function userIdSchema(message: string): z.ZodType<UserId, string> {
  return z.string().regex(USER_ID_PATTERN, message) as unknown as z.ZodType<UserId, string>;
}

/** Another user named by their e-mail address: a look-up by e-mail, a transfer's recipient. */
export const userEmailSchema = z
  .string({ error: 'Valid email is required' })
  .trim()
  .max(254)
  .pipe(z.email({ error: 'Valid email is required' }));
