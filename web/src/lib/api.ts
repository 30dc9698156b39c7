/**
 * The one way the web app talks to the API: same-origin cookies, JSON in and out, and one error shape.
 *
 * Error message rule (docs/product-rules.md spec 8): a JSON body gives its `message` field; any other body gives
 * "{status} {body text}"; an empty or unreadable body gives "{status} {statusText}".
 */

import { t } from '../i18n/i18n.ts';
import type { paths } from './api.gen.ts';
import { readAnswered, readSent } from './recording.ts';
import { refusalText } from './refusals.ts';

// The screens that word a fixed text of the server's answers (a mailed link's, a notification's title).
export { knownText } from './refusals.ts';

export type FieldErrors = Record<string, string>;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status, or 0 when the request never got an answer (offline, DNS, aborted). */
  readonly status: number;
  /** Per-field messages from a 400/409 Problem Details body, keyed by the request's field names. */
  readonly fieldErrors: FieldErrors | undefined;
  /** Machine-readable reason some answers carry, e.g. `totp_required` on login. */
  readonly code: string | undefined;
  /**
   * The whole JSON error body (Problem Details), for the members a screen reads beyond the message, e.g.
   * the `blockers` of a refused erasure. Unknown until checked: read it with a guard.
   */
  readonly problem: Readonly<Record<string, unknown>> | undefined;
  /** Seconds the answer's Retry-After asks to wait before asking again (a 409 "still processing", a 429, a 503). */
  readonly retryAfter: number | undefined;

  constructor(
    status: number,
    message: string,
    options: {
      fieldErrors?: FieldErrors;
      code?: string;
      problem?: Record<string, unknown>;
      retryAfter?: number;
    } = {},
  ) {
    super(message);
    this.status = status;
    this.fieldErrors = options.fieldErrors;
    this.code = options.code;
    this.problem = options.problem;
    this.retryAfter = options.retryAfter;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  method?: Method;
  /** Sent as JSON. `undefined` means no body (and no Content-Type). */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, signal, headers = {} } = options;
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...headers },
  };
  if (signal) init.signal = signal;
  if (body !== undefined) {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }

  let response: Response;
  let sent = 0;
  for (let attempt = 1; ; attempt++) {
    if (method === 'GET') sent = readSent();
    try {
      response = await fetch(path, init);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, t('shell.api.unreachable'));
    }
    // The server waited its bound for the read models to show this session's last write and they had not
    // yet (a busy moment): ask again shortly, a few times, rather than show the state before the write.
    if (method !== 'GET') break;
    const behind = response.headers.get('X-Read-Your-Writes') === 'behind';
    // Still behind after the last try: the old answer is shown, and the layout says the change is still
    // being recorded (lib/recording.ts) until a later answer shows it.
    if (!behind || attempt >= 4) {
      readAnswered(path, sent, behind);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 400 * attempt));
    signal?.throwIfAborted();
  }

  if (!response.ok) throw await errorFromResponse(response);
  if (response.status === 204 || response.status === 205) return undefined as T;
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/**
 * A JSON document to hand over as a file (a receipt, a proof, the person's data): fetched with the session
 * and checked to be whole JSON, since the file is written while it is read and a cut-off answer is not a
 * file to give anyone. The text is returned as received, with the response (for its headers).
 */
export async function fetchWholeJson(path: string): Promise<{ text: string; response: Response }> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  } catch {
    throw new ApiError(0, t('shell.api.unreachable'));
  }
  if (!response.ok) throw await errorFromResponse(response);
  const text = await response.text();
  try {
    JSON.parse(text);
  } catch {
    throw new ApiError(response.status, t('shell.api.interrupted'));
  }
  return { text, response };
}

export async function errorFromResponse(response: Response): Promise<ApiError> {
  const fallback = statusLine(response);
  const retryAfter = retryAfterSeconds(response.headers.get('Retry-After'));
  const waits = retryAfter === undefined ? {} : { retryAfter };
  let text: string;
  try {
    text = await response.text();
  } catch {
    return new ApiError(response.status, fallback, waits);
  }
  const trimmed = text.trim();
  if (trimmed === '') return new ApiError(response.status, fallback, waits);

  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return new ApiError(response.status, `${response.status} ${trimmed}`, waits);
  }
  if (!isRecord(parsed)) return new ApiError(response.status, fallback, waits);

  const code = typeof parsed.code === 'string' ? parsed.code : undefined;
  const message =
    typeof parsed.message === 'string' && parsed.message !== ''
      ? refusalText(parsed.message, code)
      : fallback;
  const options: {
    fieldErrors?: FieldErrors;
    code?: string;
    problem: Record<string, unknown>;
    retryAfter?: number;
  } = { problem: parsed, ...waits };
  const fieldErrors = readFieldErrors(parsed.fieldErrors, code);
  if (fieldErrors) options.fieldErrors = fieldErrors;
  if (code) options.code = code;
  return new ApiError(response.status, message, options);
}

/** A Retry-After header in seconds (the API sends whole seconds; an HTTP date is not read). */
function retryAfterSeconds(header: string | null): number | undefined {
  if (header === null || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

function statusLine(response: Response): string {
  return `${response.status} ${response.statusText}`.trim();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Accepts `{field: "msg"}` and the `{field: ["msg", …]}` shape zod's flatten() produces; each message in
 * the reader's language, as the Problem's own (lib/refusals.ts).
 */
function readFieldErrors(value: unknown, code: string | undefined): FieldErrors | undefined {
  if (!isRecord(value)) return undefined;
  const result: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    if (typeof messages === 'string' && messages !== '') result[field] = refusalText(messages, code);
    else if (Array.isArray(messages) && typeof messages[0] === 'string')
      result[field] = refusalText(messages[0], code);
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

/**
 * Query retry policy for reads the spec retries (transactions: 3 times): only failures that another try
 * could fix — no answer, rate limiting, or a server error. A 4xx answer will not change on retry.
 */
export function retryTransient(times: number) {
  return (failureCount: number, error: unknown): boolean => {
    if (failureCount >= times) return false;
    if (!(error instanceof ApiError)) return false;
    return error.status === 0 || error.status === 429 || error.status >= 500;
  };
}

/**
 * The waits between those tries: 0.25 s, 0.5 s, 1 s. React Query's default (1 s, 2 s, 4 s) kept a page
 * whose API is unreachable on "Loading…" for 7 s before it could say so and offer "Try again".
 */
export function transientRetryDelay(attempt: number): number {
  return Math.min(250 * 2 ** attempt, 1000);
}

/*
 * Typed calls, from the API's own OpenAPI document (web/src/lib/api.gen.ts, generated by openapi-typescript
 * and checked fresh by api/openapi/openapi.int.test.ts): a path the API does not serve, a missing or
 * mistyped body field, or a path parameter left out is a type error, and the answer has the type the API
 * declares. They go through apiRequest (same errors, same read-your-writes retry).
 */
type Verb = 'get' | 'post' | 'put' | 'patch' | 'delete';
type PathsWith<V extends Verb> = {
  [P in keyof paths]: paths[P] extends Record<V, unknown> ? P : never;
}[keyof paths];
type Operation<V extends Verb, P extends PathsWith<V>> = paths[P][V & keyof paths[P]];

type PathParams<O> = O extends { parameters: { path: infer T } } ? T : never;
type QueryParams<O> = O extends { parameters: { query?: infer T } } ? T : never;
type JsonBody<O> = O extends { requestBody: { content: { 'application/json': infer T } } }
  ? T
  : O extends { requestBody?: { content: { 'application/json': infer T } } }
    ? T | undefined
    : never;
type Answer<R> = R extends { content: { 'application/json': infer T } }
  ? T
  : R extends { content: { 'text/csv': infer T } }
    ? T
    : undefined;
/** The body of the operation's success answer (200, else 201; 204 has none). */
export type ApiAnswer<O> = O extends { responses: infer R }
  ? 200 extends keyof R
    ? Answer<R[200]>
    : 201 extends keyof R
      ? Answer<R[201]>
      : undefined
  : never;

/** Query values as the schema names them; numbers are sent as their decimal text. */
type Query<T> = { [K in keyof T]?: T[K] | (T[K] extends string | undefined ? number : never) };

export type ApiCallOptions<O> = { signal?: AbortSignal; headers?: Record<string, string> } & ([
  PathParams<O>,
] extends [never]
  ? { path?: never }
  : { path: PathParams<O> }) &
  ([QueryParams<O>] extends [never] ? { query?: never } : { query?: Query<QueryParams<O>> }) &
  ([JsonBody<O>] extends [never] ? { body?: never } : { body: JsonBody<O> });

/** `/api/cards/{id}/pin` with `{ id }`: each parameter encoded into its segment. */
export function apiPath(
  template: string,
  path: Record<string, string> | undefined,
  query: Record<string, unknown> | undefined,
) {
  const filled = template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = path?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text === '' ? filled : `${filled}?${text}`;
}

function call<V extends Verb>(verb: V) {
  return <P extends PathsWith<V>>(
    path: P,
    // Optional when the operation needs nothing (no path parameter, no body).
    ...[options]: Partial<ApiCallOptions<Operation<V, P>>> extends ApiCallOptions<Operation<V, P>>
      ? [options?: ApiCallOptions<Operation<V, P>>]
      : [options: ApiCallOptions<Operation<V, P>>]
  ): Promise<ApiAnswer<Operation<V, P>>> => {
    const {
      path: params,
      query,
      body,
      signal,
      headers,
    } = (options ?? {}) as {
      path?: Record<string, string>;
      query?: Record<string, unknown>;
      body?: unknown;
      signal?: AbortSignal;
      headers?: Record<string, string>;
    };
    const request: ApiRequestOptions = { method: verb.toUpperCase() as Method };
    if (body !== undefined) request.body = body;
    if (signal) request.signal = signal;
    if (headers) request.headers = headers;
    return apiRequest(apiPath(path, params, query), request);
  };
}

export const api = {
  get: call('get'),
  post: call('post'),
  put: call('put'),
  patch: call('patch'),
  delete: call('delete'),
};

/** The JSON body an operation takes, e.g. `ApiBody<'post', '/api/crypto/withdraw'>`. */
export type ApiBody<V extends Verb, P extends PathsWith<V>> = Exclude<JsonBody<Operation<V, P>>, undefined>;
/** A path the API answers GET on, e.g. `'/api/transactions/{id}/receipt'`. */
export type ApiGetPath = PathsWith<'get'>;
/** What an operation answers with on success. */
export type ApiResult<V extends Verb, P extends PathsWith<V>> = ApiAnswer<Operation<V, P>>;
