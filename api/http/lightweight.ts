import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { generateCookie } from 'hono/cookie';

/*
 * @hono/node-server hands Hono a lightweight Request and Response: the request's body is read straight
 * from Node's stream and a response with a string body is written in one go, unless something asks for
 * the Fetch objects behind them. Two common calls do, on every request: `c.req.raw.body` (Hono's
 * bodyLimit) builds a full Fetch Request with a web stream and an AbortSignal, and `c.header()` after
 * `next()` rebuilds the response around `res.body`, so the adapter then pumps a web stream instead of
 * writing a string. Under the transfer benchmark's load the two cost the API a quarter of its
 * throughput (BENCHMARKS.md, stop 16). These helpers do the same work without asking for those objects.
 */

/**
 * The request body's size bound. A declared length (Content-Length, no Transfer-Encoding) is compared as
 * it stands, and a GET or HEAD without one has no body (RFC 9112 §6.3; Fetch allows none either). Any
 * other request, a chunked body of unknown length, or a Fetch Request handed to `app.request()` without
 * a length, is counted as it streams in by Hono's own bodyLimit.
 */
export function limitBody(options: {
  maxSize: number;
  onError: (c: Context) => Response | Promise<Response>;
}): MiddlewareHandler {
  const streaming = bodyLimit(options);
  return async (c, next) => {
    const declared = c.req.header('content-length');
    if (c.req.header('transfer-encoding') === undefined) {
      // Node's HTTP parser has already refused a Content-Length that is not a number.
      if (declared !== undefined)
        return Number(declared) > options.maxSize ? await options.onError(c) : await next();
      if (c.req.method === 'GET' || c.req.method === 'HEAD') return await next();
    }
    return await streaming(c, next);
  };
}

/**
 * Sets a header on the response that `next()` returned. The adapter's response headers are live, so they
 * are set in place; a response whose headers are immutable (a fetched one, `Response.redirect`) takes
 * Hono's way, which copies the response.
 */
export function setResponseHeader(c: Context, name: string, value: string, options?: { append?: boolean }) {
  if (!c.finalized) {
    c.header(name, value, options);
    return;
  }
  try {
    if (options?.append) c.res.headers.append(name, value);
    else c.res.headers.set(name, value);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    c.header(name, value, options);
  }
}

/** Hono's setCookie, through setResponseHeader: for a middleware after `next()`. */
export function setResponseCookie(
  c: Context,
  name: string,
  value: string,
  options: Parameters<typeof generateCookie>[2],
) {
  setResponseHeader(c, 'Set-Cookie', generateCookie(name, value, options), { append: true });
}
