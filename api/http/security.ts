import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.ts';
import { HttpProblem } from './problem.ts';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function requestHost(c: Context): string {
  return (c.req.header('host') ?? new URL(c.req.url).host).toLowerCase();
}

/** Secure cookies and HSTS everywhere but plain-HTTP localhost (SECURE_COOKIES=auto). */
export function isSecureContext(c: Context, mode: 'auto' | 'on' | 'off', trustProxy: boolean): boolean {
  if (mode !== 'auto') return mode === 'on';
  const proto = trustProxy ? c.req.header('x-forwarded-proto') : undefined;
  if (proto === 'https' || new URL(c.req.url).protocol === 'https:') return true;
  const hostname = requestHost(c).replace(/:\d+$/, '');
  return !LOCAL_HOSTS.has(hostname);
}

export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for every state-changing request: a browser's cross-site request is refused by its
 * Origin or Sec-Fetch-Site header (both are set by browsers and cannot be forged by a page), and a body
 * must be JSON, which a plain HTML form cannot send. SameSite=Lax cookies are the third layer.
 * Non-browser clients (no Origin, no Sec-Fetch-Site) are unaffected.
 */
export function csrfGuard(allowedOrigins: readonly string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (UNSAFE.has(c.req.method)) {
      const origin = c.req.header('origin');
      const own = `${new URL(c.req.url).protocol}//${requestHost(c)}`;
      const ownAlt = [`http://${requestHost(c)}`, `https://${requestHost(c)}`];
      if (
        origin &&
        origin !== 'null' &&
        origin !== own &&
        !ownAlt.includes(origin) &&
        !allowedOrigins.includes(origin)
      ) {
        throw new HttpProblem(403, 'Cross-origin request refused', { code: 'csrf' });
      }
      if (origin === 'null') throw new HttpProblem(403, 'Cross-origin request refused', { code: 'csrf' });
      const site = c.req.header('sec-fetch-site');
      if (site && site !== 'same-origin' && site !== 'none' && !(origin && allowedOrigins.includes(origin))) {
        throw new HttpProblem(403, 'Cross-origin request refused', { code: 'csrf' });
      }
      const length = c.req.header('content-length');
      const type = c.req.header('content-type');
      const hasBody =
        (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined;
      // The very test hono/validator parses a JSON body by: a type it would skip is a body ignored.
      const isJson =
        type !== undefined && /^application\/([\w.-]+\+)?json$/i.test(type.split(';')[0]!.trim());
      if ((type !== undefined && !isJson) || (hasBody && !isJson)) {
        throw new HttpProblem(415, 'Request body must be JSON (Content-Type: application/json)');
      }
    }
    await next();
  };
}
