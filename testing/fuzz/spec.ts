import type fc from 'fast-check';
import type { UserId } from '../../domain/shared/ids.ts';
import { type Field, invalidParam } from './inputs.ts';

/** The shape of a route as the fuzz tests see it (the routes themselves: specs.ts). */
export type Role = 'visitor' | 'user' | 'admin';

/** Ids the routes need to get past their own checks, so validation is exercised, not only "not found". */
export interface Fixtures {
  ids: Record<Role, UserId>;
  otherId: UserId;
  otherEmail: string;
  userCard: string;
  pendingDeposit: string;
  transactionId: string;
}

export interface ParamSpec {
  valid: (f: Fixtures, role: Role) => string;
  invalid: fc.Arbitrary<string>;
}

/** A path parameter that names one of `values` (`valid` is one of them); anything else is invalid. */
export function oneOfParam(values: readonly string[], valid: string): ParamSpec {
  return { valid: () => valid, invalid: invalidParam((s) => values.includes(s)) };
}
export interface BodySpec {
  base: (f: Fixtures) => Record<string, unknown>;
  fields: Record<string, Field>;
  required: readonly string[];
}
export interface Spec {
  /** Method and Hono path, exactly as app.routes lists it. */
  route: string;
  params?: Record<string, ParamSpec>;
  body?: BodySpec;
}
