import { zValidator } from '@hono/zod-validator';
import type { MiddlewareHandler, ValidationTargets } from 'hono';
import type { z } from 'zod';
import { jsonBody } from './jsonBody.ts';
import { HttpProblem } from './problem.ts';

/** Turns zod issues into one message plus a message per field (first issue per field wins). */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): {
  message: string;
  fieldErrors: Record<string, string>;
} {
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    let message = issue.message;
    if (issue.code === 'unrecognized_keys')
      message = `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    if (!(field in fieldErrors)) fieldErrors[field] = message;
  }
  const first = issues[0];
  const firstField = first && first.path.length > 0 ? first.path.map(String).join('.') : '_';
  return { message: fieldErrors[firstField] ?? 'Invalid request', fieldErrors };
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The path of the first string Postgres cannot store: a NUL (text and jsonb refuse it) or a lone UTF-16
 * surrogate (jsonb refuses it; text would silently get U+FFFD). Every validated input goes to the log or
 * a query sooner or later, so it is refused here, once, rather than as a 500 from the database.
 */
export function unstorableText(value: unknown, path: readonly (string | number)[] = []): string | null {
  if (typeof value === 'string') {
    return value.includes('\u0000') || LONE_SURROGATE.test(value) ? path.map(String).join('.') || '_' : null;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unstorableText(item, [...path, index]);
      if (found !== null) return found;
    }
  } else if (
    value !== null &&
    typeof value === 'object' &&
    Object.getPrototypeOf(value) === Object.prototype
  ) {
    for (const [key, item] of Object.entries(value)) {
      const found = unstorableText(key, [...path, key]) ?? unstorableText(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * zValidator with our Problem Details answer (400, never a 500) instead of the default body. A JSON body
 * is read through `jsonBody` (api/http/jsonBody.ts), which keeps each number's literal text, instead of
 * Hono's `c.req.json()` (JSON.parse rounds `1.999999999999999999` to 2 before a schema can see it).
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  const hook = (result: { success: true; data: unknown } | { success: false; error: z.core.$ZodError }) => {
    if (!result.success) {
      const { message, fieldErrors } = describeIssues(result.error.issues);
      throw new HttpProblem(400, message, { fieldErrors });
    }
    const field = unstorableText(result.data);
    if (field !== null) {
      const message = 'Contains invalid characters';
      throw new HttpProblem(400, message, { fieldErrors: { [field]: message } });
    }
  };
  const middleware = zValidator(target, schema, hook);
  // The JSON body takes the same steps as Hono's validator (a body that is not JSON validates as `{}`: the
  // app's content-type guard refuses those first), with the exact parse. Same types as zValidator's.
  const handler: typeof middleware =
    target === 'json'
      ? async (c, next) => {
          const mediaType = (c.req.header('content-type') ?? '').split(';')[0]!.trim();
          const body = JSON_MEDIA_TYPE.test(mediaType) ? await jsonBody(c) : {};
          const result = await schema.safeParseAsync(body);
          hook(result);
          c.req.addValidatedData('json', result.data as object);
          await next();
        }
      : middleware;
  // The OpenAPI document is generated from the schemas actually attached to the routes (api/openapi).
  return Object.assign(handler, { [OPENAPI]: { target, schema } as OpenApiTag });
}

export const OPENAPI = Symbol.for('sai.openapi');
export interface OpenApiTag {
  target: keyof ValidationTargets;
  schema: z.ZodType;
}

export const OPENAPI_RESPONSE = Symbol.for('sai.openapi.response');
export interface OpenApiResponseTag {
  /** A success answer, or a route's own refusal (a Problem Details body: `description` says when). */
  status: 200 | 201 | 202 | 204 | 401 | 403 | 409 | 422;
  /** The success body's schema (output side); null for a 204 without a body, or a problem. */
  schema: z.ZodType | null;
  /** What a declared refusal means. */
  description?: string;
  /** The body's media type: JSON unless the route answers with e.g. CSV. */
  mediaType: string;
  /** The route honours an Idempotency-Key header (api/http/commandRoute.ts with a scope). */
  idempotencyKey: boolean;
}

/**
 * Declares a route's success answer for the OpenAPI document (api/openapi): the status and the body's
 * schema, beside the route like its request schemas. A pass-through middleware: it costs one call.
 */
export function responds(
  status: OpenApiResponseTag['status'],
  schema: z.ZodType | null,
  options: { mediaType?: string; idempotencyKey?: boolean; description?: string } = {},
): MiddlewareHandler {
  const handler: MiddlewareHandler = async (_c, next) => {
    await next();
  };
  const tag: OpenApiResponseTag = {
    status,
    schema,
    mediaType: options.mediaType ?? 'application/json',
    idempotencyKey: options.idempotencyKey ?? false,
    ...(options.description ? { description: options.description } : {}),
  };
  return Object.assign(handler, { [OPENAPI_RESPONSE]: tag });
}
