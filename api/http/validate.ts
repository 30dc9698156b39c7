import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
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

/** zValidator with our Problem Details answer (400, never a 500) instead of the default body. */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  const middleware = zValidator(target, schema, (result) => {
    if (!result.success) {
      const { message, fieldErrors } = describeIssues(result.error.issues);
      throw new HttpProblem(400, message, { fieldErrors });
    }
  });
  // The OpenAPI document is generated from the schemas actually attached to the routes (api/openapi).
  return Object.assign(middleware, { [OPENAPI]: { target, schema } as OpenApiTag });
}

export const OPENAPI = Symbol.for('sai.openapi');
export interface OpenApiTag {
  target: keyof ValidationTargets;
  schema: z.ZodType;
}
