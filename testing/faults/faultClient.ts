/**
 * The fault tests' HTTP client (workload.ts runs the money workload through it): one browser-like client
 * that keeps its session cookie, retries a money command with the same key and body until it gets a
 * definitive answer, and reports every answer (and every failed request) to the test.
 */

import { withAdminProof } from '../adminProof.ts';
import { cookieHeader, keepCookies, parseBody } from '../cookieJar.ts';

export interface Observed {
  method: string;
  path: string;
  /** 0 when the request failed without an HTTP answer (connection refused or reset). */
  status: number;
  retryAfter: string | null;
  contentType: string | null;
  body: unknown;
  error?: string;
  at: number;
}

export interface Reply {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: replies are read field by field; a cast per call adds nothing
  body: any;
  text: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const NOT_KEPT = new Set(['sai_rw']);

/** Requests sent and not yet answered, across all clients (a kill test checks it cut some). */
export const traffic = { inFlight: 0 };

/** One browser-like client: keeps its session cookie; reports every answer (and every failed request). */
export class FaultClient {
  readonly cookies = new Map<string, string>();
  /** The password this client signed in with: the proof of an admin's money commands (adminProof.ts). */
  private signInPassword: string | null = null;
  /** Off for a server from before admin re-authentication (the legacy fixture's), whose schemas refuse it. */
  autoProof = true;
  constructor(
    private readonly target: () => string,
    private readonly observe: (observed: Observed) => void,
  ) {}

  /** One request, no retry. Throws when there is no HTTP answer. */
  async once(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const init: RequestInit = { method, headers: { ...headers }, signal: AbortSignal.timeout(30_000) };
    const h = init.headers as Record<string, string>;
    if (this.autoProof) body = withAdminProof(method, path, body, this.signInPassword);
    if (body !== undefined) {
      h['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const cookie = cookieHeader(this.cookies);
    if (cookie) h.cookie = cookie;
    let response: Response;
    traffic.inFlight++;
    try {
      response = await fetch(`${this.target()}${path}`, init);
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const message =
        cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
      this.observe({
        method,
        path,
        status: 0,
        retryAfter: null,
        contentType: null,
        body: null,
        error: message,
        at: Date.now(),
      });
      throw new Error(`${method} ${path}: ${message}`);
    } finally {
      traffic.inFlight--;
    }
    // The read-your-writes cookie would make reads wait for a projection worker that may be down.
    keepCookies(this.cookies, response.headers, NOT_KEPT);
    if (path === '/api/auth/login' && response.status === 200) {
      const password = (body as { password?: unknown } | undefined)?.password;
      if (typeof password === 'string') this.signInPassword = password;
    }
    const text = await response.text();
    const parsed = parseBody(text);
    this.observe({
      method,
      path,
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      contentType: response.headers.get('content-type'),
      body: parsed,
      at: Date.now(),
    });
    return { status: response.status, headers: response.headers, body: parsed, text } as Reply;
  }

  /**
   * Sends until the answer is definitive: network errors, 5xx, 429 and "still being processed" are retried
   * (same key, same body) after Retry-After (at most 1 s) or a short pause.
   */
  async send(
    method: string,
    path: string,
    body?: unknown,
    options: { key?: string; deadlineMs?: number } = {},
  ): Promise<Reply> {
    const deadline = Date.now() + (options.deadlineMs ?? 120_000);
    const headers: Record<string, string> = options.key ? { 'Idempotency-Key': options.key } : {};
    for (let attempt = 1; ; attempt++) {
      let reply: Reply | null = null;
      try {
        reply = await this.once(method, path, body, headers);
      } catch (error) {
        if (Date.now() > deadline) throw error;
      }
      if (reply) {
        const retryable =
          reply.status >= 500 ||
          reply.status === 429 ||
          (reply.status === 409 && reply.headers.has('retry-after'));
        if (!retryable) return reply;
        if (Date.now() > deadline)
          throw new Error(`${method} ${path} still answered ${reply.status} at the deadline: ${reply.text}`);
      }
      const retryAfter = Number(reply?.headers.get('retry-after') ?? Number.NaN);
      await sleep(
        Number.isFinite(retryAfter) ? Math.min(retryAfter * 1000, 1_000) : Math.min(50 * attempt, 500),
      );
    }
  }
}
