import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DomainError } from '../../domain/shared/errors.ts';
import { StoreUnavailableError, WrongExpectedRevisionError } from '../../infra/eventStore/eventStore.ts';

/**
 * RFC 9457 Problem Details. `message` repeats `detail` because the client reads the `message` field of an
 * error body (spec section 8); `fieldErrors` maps form fields to their messages.
 */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  message: string;
  fieldErrors?: Record<string, string>;
  code?: string;
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
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Raised anywhere in a handler to answer with a given status; the error boundary renders it. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extras: {
      fieldErrors?: Record<string, string>;
      code?: string;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
  }
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

export function problem(
  c: Context,
  status: number,
  detail: string,
  extras: { fieldErrors?: Record<string, string>; code?: string; headers?: Record<string, string> } = {},
): Response {
  const { headers, ...rest } = extras;
  const body = problemBody(c, status, detail, rest);
  return c.body(JSON.stringify(body), status as ContentfulStatusCode, {
    'Content-Type': 'application/problem+json',
    ...headers,
  });
}

function isDatabaseDown(error: unknown): boolean {
  if (error instanceof StoreUnavailableError) return true;
  const code = (error as { code?: string } | null)?.code ?? '';
  const message = error instanceof Error ? error.message : '';
  return (
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'EPIPE',
      '57P01',
      '57P02',
      '57P03',
      '08006',
      '08001',
      '08003',
    ].includes(code) ||
    /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
      message,
    )
  );
}

/** The one error boundary: typed errors to their status, everything unknown to a logged 500. */
export function toProblemResponse(c: Context, error: unknown): Response {
  if (error instanceof HttpProblem) return problem(c, error.status, error.message, error.extras);
  if (error instanceof DomainError) {
    return problem(
      c,
      error.status,
      error.message,
      error.fieldErrors ? { fieldErrors: error.fieldErrors } : {},
    );
  }
  if (error instanceof WrongExpectedRevisionError) {
    return problem(c, 409, 'The data changed while your request ran. Please try again.', {
      headers: { 'Retry-After': '1' },
    });
  }
  if (isDatabaseDown(error)) {
    return problem(c, 503, 'The service is temporarily unavailable. Please try again shortly.', {
      headers: { 'Retry-After': '2' },
    });
  }
  const status = (error as { status?: number } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return problem(c, status, (error as Error).message || TITLES[status] || 'Bad Request');
  }
  const logger = c.get('logger') as { error(o: object, m: string): void } | undefined;
  logger?.error(
    { err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error) },
    'unhandled error',
  );
  return problem(c, 500, 'Something went wrong on our side. Please try again.');
}
