import type { IncomingMessage } from 'node:http';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { parseAuthority } from '../../runtime/hostName.ts';
import type { AppEnv } from './env.ts';
import { HttpProblem, problem } from './problem.ts';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function requestHost(c: Context): string {
  return (c.req.header('host') ?? new URL(c.req.url).host).toLowerCase();
}

/** The authority of the request's URL, as the adapter built it (from Host, or an absolute-form target). */
function urlAuthority(url: string): string {
  const start = url.indexOf('//') + 2;
  const end = url.indexOf('/', start);
  return url.slice(start, end === -1 ? undefined : end);
}

/**
 * The host the client asked for, as written: X-Forwarded-Host's first value behind a trusted proxy, else
 * Host. undefined when a request that came over a socket has no Host (HTTP/1.0; Node answers 400 to an
 * HTTP/1.1 request without one). A request handed to `app.request()` has no socket: its URL names the host.
 */
export function requestAuthority(c: Context, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-host')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  const host = c.req.header('host');
  if (host !== undefined) return host;
  if ((c.env as { incoming?: IncomingMessage } | undefined)?.incoming) return undefined;
  return urlAuthority(c.req.url);
}

/**
 * The Host allow-list (ALLOWED_HOSTS): a request for any other host gets 421 Misdirected Request before it
 * reaches a route, a static file or the web app. This is the defence against DNS rebinding: a page on
 * evil.example whose name is re-pointed at this server is same-origin with it in the browser, but its
 * requests still say `Host: evil.example`. A request without Host gets 400, as HTTP/1.1 requires. `exempt`
 * paths (the probes, which come by address) pass whatever their Host.
 */
export function hostGuard(
  allowedHosts: readonly string[],
  trustProxy: boolean,
  exempt: ReadonlySet<string>,
): MiddlewareHandler<AppEnv> {
  const allowed = new Set(allowedHosts);
  // Verdicts by the value as sent: a client sends the same Host on every request, so parsing is once per
  // value. Bounded: a flood of made-up hosts only empties it.
  const verdicts = new Map<string, 'allowed' | 'refused' | 'malformed'>();
  const verdict = (authority: string) => {
    let known = verdicts.get(authority);
    if (known === undefined) {
      const parsed = parseAuthority(authority);
      known = !parsed ? 'malformed' : allowed.has(parsed.hostname) ? 'allowed' : 'refused';
      if (verdicts.size >= 1_000) verdicts.clear();
      verdicts.set(authority, known);
    }
    return known;
  };
  return async (c, next) => {
    if (exempt.has(c.req.path)) return next();
    const authority = requestAuthority(c, trustProxy);
    if (authority === undefined) return problem(c, 400, 'A Host header is required', { code: 'host' });
    let answer = verdict(authority);
    // An absolute-form request (`GET http://other.example/ HTTP/1.1`) is routed by its target, not its Host
    // (RFC 9112 §3.2.2): both must be ours.
    if (answer === 'allowed' && !(trustProxy && c.req.header('x-forwarded-host'))) {
      const target = urlAuthority(c.req.url);
      if (target !== authority) answer = verdict(target);
    }
    if (answer === 'malformed')
      return problem(c, 400, 'The Host header is not a host name', { code: 'host' });
    if (answer === 'refused')
      return problem(c, 421, 'This server does not answer for that host name', { code: 'host' });
    return next();
  };
}

/** Secure cookies and HSTS everywhere but plain-HTTP localhost (SECURE_COOKIES=auto). */
export function isSecureContext(c: Context, mode: 'auto' | 'on' | 'off', trustProxy: boolean): boolean {
  if (mode !== 'auto') return mode === 'on';
  const proto = trustProxy ? c.req.header('x-forwarded-proto') : undefined;
  if (proto === 'https' || new URL(c.req.url).protocol === 'https:') return true;
  const hostname = requestHost(c).replace(/:\d+$/, '');
  return !LOCAL_HOSTS.has(hostname);
}

/**
 * The client's address. Behind the one trusted proxy (TRUST_PROXY=1) it is the LAST X-Forwarded-For entry:
 * the one that proxy appended from the connection it saw. Earlier entries are whatever the client wrote
 * (a proxy that appends, as nginx and most load balancers do, keeps them), so taking the first would let a
 * client pick its own address and walk around every per-address rate limit.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The loopback addresses a socket of this machine has. */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Whether the app says it is reachable from elsewhere: behind a trusted proxy (TRUST_PROXY=1), or with a
 * PUBLIC_URL that is not this machine. Then "the connection comes from localhost" proves nothing (a local
 * reverse proxy makes every internet client look local), and what is served to this machine only (the
 * development outbox, /metrics without a token) is not served at all.
 */
export function isPublicDeployment(config: { TRUST_PROXY: string; PUBLIC_URL: string }): boolean {
  if (config.TRUST_PROXY === '1') return true;
  return !LOCAL_HOSTS.has(new URL(config.PUBLIC_URL).hostname.toLowerCase());
}

/**
 * The connection comes from this machine (its socket's address, never a forwarded one: asked only where
 * the app is not public). `orInProcess`: no socket at all (the in-process test client) counts too.
 */
export function fromThisMachine(c: Context, options: { orInProcess?: boolean } = {}): boolean {
  const address = clientIp(c, false);
  return LOOPBACK.has(address) || (options.orInProcess === true && address === 'unknown');
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for every state-changing request: a browser's cross-site request is refused by its
 * Origin or Sec-Fetch-Site header (both are set by browsers and cannot be forged by a page), and a body
 * must be JSON, which a plain HTML form cannot send. SameSite=Lax cookies are the third layer.
 * Non-browser clients (no Origin, no Sec-Fetch-Site) are unaffected.
 */
export function csrfGuard(allowedOrigins: readonly string[], trustProxy: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (UNSAFE.has(c.req.method)) {
      const origin = c.req.header('origin');
      // "Our origin" is the host the client asked for, which hostGuard has already checked against the list.
      const host = (requestAuthority(c, trustProxy) ?? urlAuthority(c.req.url)).toLowerCase();
      if (
        origin &&
        origin !== 'null' &&
        origin !== `http://${host}` &&
        origin !== `https://${host}` &&
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
