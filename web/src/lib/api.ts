/**
 * The one way the web app talks to the API: same-origin cookies, JSON in and out, and one error shape.
 *
 * Error message rule (docs/product-rules.md spec 8): a JSON body gives its `message` field; any other body gives
 * "{status} {body text}"; an empty or unreadable body gives "{status} {statusText}".
 */

export type FieldErrors = Record<string, string>;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status, or 0 when the request never got an answer (offline, DNS, aborted). */
  readonly status: number;
  /** Per-field messages from a 400/409 Problem Details body, keyed by the request's field names. */
  readonly fieldErrors: FieldErrors | undefined;
  /** Machine-readable reason some answers carry, e.g. `totp_required` on login. */
  readonly code: string | undefined;

  constructor(status: number, message: string, options: { fieldErrors?: FieldErrors; code?: string } = {}) {
    super(message);
    this.status = status;
    this.fieldErrors = options.fieldErrors;
    this.code = options.code;
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
  for (let attempt = 1; ; attempt++) {
    try {
      response = await fetch(path, init);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
    }
    // The server waited its bound for the read models to show this session's last write and they had not
    // yet (a busy moment): ask again shortly, a few times, rather than show the state before the write.
    if (method !== 'GET' || response.headers.get('X-Read-Your-Writes') !== 'behind' || attempt >= 4) break;
    await new Promise((resolve) => setTimeout(resolve, 400 * attempt));
    signal?.throwIfAborted();
  }

  if (!response.ok) throw await errorFromResponse(response);
  if (response.status === 204 || response.status === 205) return undefined as T;
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

export async function errorFromResponse(response: Response): Promise<ApiError> {
  const fallback = statusLine(response);
  let text: string;
  try {
    text = await response.text();
  } catch {
    return new ApiError(response.status, fallback);
  }
  const trimmed = text.trim();
  if (trimmed === '') return new ApiError(response.status, fallback);

  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return new ApiError(response.status, `${response.status} ${trimmed}`);
  }
  if (!isRecord(parsed)) return new ApiError(response.status, fallback);

  const message = typeof parsed.message === 'string' && parsed.message !== '' ? parsed.message : fallback;
  const options: { fieldErrors?: FieldErrors; code?: string } = {};
  const fieldErrors = readFieldErrors(parsed.fieldErrors);
  if (fieldErrors) options.fieldErrors = fieldErrors;
  if (typeof parsed.code === 'string') options.code = parsed.code;
  return new ApiError(response.status, message, options);
}

function statusLine(response: Response): string {
  return `${response.status} ${response.statusText}`.trim();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Accepts `{field: "msg"}` and the `{field: ["msg", …]}` shape zod's flatten() produces. */
function readFieldErrors(value: unknown): FieldErrors | undefined {
  if (!isRecord(value)) return undefined;
  const result: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    if (typeof messages === 'string' && messages !== '') result[field] = messages;
    else if (Array.isArray(messages) && typeof messages[0] === 'string') result[field] = messages[0];
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
