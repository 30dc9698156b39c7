import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { LedgerFrozenError, LedgerIntegrityError } from '../../app/commands/ledgerFreeze.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { StoreUnavailableError, WrongExpectedRevisionError } from '../../infra/eventStore/eventStore.ts';
import { fieldErrorsOf } from './domainErrors.ts';
import type { ProblemCode } from './problemCodes.ts';

/**
 * RFC 9457 Problem Details. `message` repeats `detail` because the client reads the `message` field of an
 * error body (docs/product-rules.md spec 8); `fieldErrors` maps form fields to their messages.
 */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  message: string;
  fieldErrors?: Record<string, string>;
  /** One of api/http/problemCodes.ts. */
  code?: ProblemCode;
  requestId?: string;
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  421: 'Misdirected Request',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/**
 * Problem types a client tells apart by more than the status (RFC 9457 `type`): the names the API's
 * contract gives them, kebab-case, as relative URI references (RFC 9457 allows them; a client compares
 * the string). Every other problem is about:blank, its `code` (if any) the finer reason. Each also answers
 * the same name as `code` in snake_case, which the web reads.
 */
export const PROBLEM_TYPES = {
  reauthenticationRequired: 'reauthentication-required',
  reauthenticationFailed: 'reauthentication-failed',
  /** An erasure refused while the person holds money; `blockers` lists what must happen first. */
  personHoldsMoney: 'person-holds-money',
  /** A command that moves money, refused while the ledger's verification has failed (LEDGER_FREEZE_ON_MISMATCH). */
  ledgerFrozen: 'ledger-frozen',
  /** A command refused because a stream it decides on failed its integrity check as it was loaded. */
  ledgerIntegrity: 'ledger-integrity',
  /** No liabilities statement yet, or the caller held nothing at the latest one. */
  noLiabilityProof: 'no-liability-proof',
} as const;

/** What a problem answer carries besides its status and detail; an HttpProblem carries the same. */
type ProblemExtras = {
  fieldErrors?: Record<string, string>;
  code?: ProblemCode;
  /** A problem type of PROBLEM_TYPES; absent means about:blank. */
  type?: string;
  headers?: Record<string, string>;
  /** Extension members of the problem type (RFC 9457 section 3.2), e.g. an erasure's `blockers`. */
  members?: Record<string, unknown>;
};

/** Raised anywhere in a handler to answer with a given status; the error boundary renders it. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extras: ProblemExtras = {},
  ) {
    super(message);
  }
}

/**
 * What a domain error's Problem carries besides its message: the form field it is shown on, and its code,
 * by which a client words the refusal in its reader's language (web/src/lib/refusals.ts). The error
 * boundary and an idempotent command's stored refusal (api/http/idempotency.ts) both answer it.
 */
export function domainExtras(error: DomainError): {
  fieldErrors?: Record<string, string>;
  code?: ProblemCode;
} {
  const fieldErrors = fieldErrorsOf(error);
  return { ...(fieldErrors ? { fieldErrors } : {}), ...(error.code ? { code: error.code } : {}) };
}

/** The same of an HttpProblem (its members aside, which only the error boundary's answer has). */
export function httpProblemExtras(error: HttpProblem): Partial<Problem> {
  const { fieldErrors, code, type } = error.extras;
  return { ...(fieldErrors ? { fieldErrors } : {}), ...(code ? { code } : {}), ...(type ? { type } : {}) };
}

export function problemBody(
  c: Context,
  status: number,
  detail: string,
  extras: Partial<Problem> = {},
): Problem {
  return {
    type: 'about:blank',
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    message: detail,
    ...extras,
    requestId: c.get('requestId') as string | undefined,
  };
}

export function problem(c: Context, status: number, detail: string, extras: ProblemExtras = {}): Response {
  const { headers, members, ...rest } = extras;
  const body = { ...problemBody(c, status, detail, rest), ...members };
  return c.body(JSON.stringify(body), status as ContentfulStatusCode, {
    'Content-Type': 'application/problem+json',
    ...headers,
  });
}

/**
 * The database or the log cannot be reached right now: the client should come back shortly (503 with
 * Retry-After), never a 500. Node's socket errors; Postgres class 08 (connection exception) and 57P01-57P03
 * (the server is shutting down or starting: admin_shutdown, crash_shutdown, cannot_connect_now); 25006
 * (read_only_sql_transaction: a write reached a server in recovery, as when a failover or a primary's
 * restart leaves the balancer pointing at a standby for a few seconds, docs/architecture/cluster.md);
 * node-postgres' own messages for a connection that died; and any of these as the cause of a wrapped error.
 */
export function isDatabaseDown(error: unknown, depth = 0): boolean {
  if (error instanceof StoreUnavailableError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : '';
  if (typeof code === 'string') {
    if (/^08[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03', '25006'].includes(code)) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH'].includes(code))
      return true;
  }
  if (
    /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed and is not queryable/i.test(
      message,
    )
  )
    return true;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return depth < 3 && cause !== undefined && cause !== error && isDatabaseDown(cause, depth + 1);
}

/**
 * Postgres is short of a resource (class 53, insufficient resources): 53100 disk_full, 53200 out_of_memory,
 * 53300 too_many_connections, 53400 configuration_limit_exceeded. Nothing is wrong with the request: a
 * 503 with Retry-After (the space or memory may come back, a connection frees), never a 500. Returns the
 * code, for the log line the operator needs.
 */
function outOfResources(error: unknown, depth = 0): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^53[0-9A-Z]{3}$/.test(code)) return code;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return depth < 3 && cause !== undefined && cause !== error ? outOfResources(cause, depth + 1) : null;
}

/**
 * Postgres gave up on the request's statement to let another go through, and the same request a moment later
 * would succeed: 40P01 (deadlock_detected: e.g. a read caught between the tables a rebuild's switch locks,
 * docs/decisions/0015-switch-retries-a-lost-deadlock.md), 40001 (serialization_failure) and 55P03
 * (lock_not_available). A 503 with Retry-After, not a 500: nothing is wrong with the request or the code.
 */
function isMomentaryConflict(error: unknown, depth = 0): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && ['40P01', '40001', '55P03'].includes(code)) return true;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return depth < 3 && cause !== undefined && cause !== error && isMomentaryConflict(cause, depth + 1);
}

/** The one error boundary: typed errors to their status, everything unknown to a logged 500. */
export function toProblemResponse(c: Context, error: unknown): Response {
  if (error instanceof HttpProblem) return problem(c, error.status, error.message, error.extras);
  if (error instanceof DomainError) return problem(c, error.status, error.message, domainExtras(error));
  if (error instanceof WrongExpectedRevisionError) {
    return problem(c, 409, 'The data changed while your request ran. Please try again.', {
      headers: { 'Retry-After': '1' },
    });
  }
  if (error instanceof LedgerIntegrityError) {
    return problem(c, 503, error.message, {
      type: PROBLEM_TYPES.ledgerIntegrity,
      code: 'ledger_integrity',
      headers: { 'Retry-After': '60' },
    });
  }
  if (error instanceof LedgerFrozenError) {
    return problem(c, 503, error.message, {
      type: PROBLEM_TYPES.ledgerFrozen,
      code: 'ledger_frozen',
      headers: { 'Retry-After': '60' },
    });
  }
  const short = outOfResources(error);
  if (short !== null) {
    const logger = c.get('logger') as { warn(o: object, m: string): void } | undefined;
    logger?.warn(
      { reqId: c.get('requestId'), code: short, err: error instanceof Error ? error.message : String(error) },
      'the database is out of resources',
    );
    return problem(c, 503, 'The service is short of resources for a moment. Please try again shortly.', {
      code: 'database_out_of_resources',
      headers: { 'Retry-After': short === '53300' ? '2' : '30' },
    });
  }
  if (isDatabaseDown(error)) {
    return problem(c, 503, 'The service is temporarily unavailable. Please try again shortly.', {
      headers: { 'Retry-After': '2' },
    });
  }
  if (isMomentaryConflict(error)) {
    return problem(c, 503, 'The service is busy for a moment. Please try again.', {
      headers: { 'Retry-After': '1' },
    });
  }
  const status = (error as { status?: number } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return problem(c, status, (error as Error).message || TITLES[status] || 'Bad Request');
  }
  const logger = c.get('logger') as { error(o: object, m: string): void } | undefined;
  logger?.error(
    {
      reqId: c.get('requestId'),
      err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error),
    },
    'unhandled error',
  );
  return problem(c, 500, 'Something went wrong on our side. Please try again.');
}
