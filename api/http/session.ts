import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { type IssuedSession, resumeSession } from '../../app/auth/sessions.ts';
import { formatPosition, parsePosition } from '../../infra/eventStore/eventStore.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from './env.ts';
import { setResponseCookie, setResponseHeader } from './lightweight.ts';
import { HttpProblem } from './problem.ts';
import { type ReadChoice, ReadRouter, realPosition } from './readReplica.ts';

const SECURE_NAME = '__Host-sai_session';
const PLAIN_NAME = 'sai_session';
const RW_COOKIE = 'sai_rw';

export function setSessionCookie(c: Context<AppEnv>, issued: IssuedSession): void {
  const secure = c.get('secure');
  setCookie(c, secure ? SECURE_NAME : PLAIN_NAME, issued.token, {
    httpOnly: true,
    secure,
    sameSite: 'Lax',
    path: '/',
    ...(issued.maxAgeSeconds !== undefined ? { maxAge: issued.maxAgeSeconds } : {}),
  });
}

const SECURE_DEVICE = '__Host-sai_device';
const PLAIN_DEVICE = 'sai_device';

/** The device cookie a browser brings (app/auth/knownDevices.ts): not a credential, it only spares a notice. */
export function deviceCookie(c: Context<AppEnv>): string | undefined {
  return getCookie(c, SECURE_DEVICE) ?? getCookie(c, PLAIN_DEVICE);
}

export function setDeviceCookie(c: Context<AppEnv>, token: string, maxAgeSeconds: number): void {
  const secure = c.get('secure');
  setCookie(c, secure ? SECURE_DEVICE : PLAIN_DEVICE, token, {
    httpOnly: true,
    secure,
    sameSite: 'Lax',
    path: '/',
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, SECURE_NAME, { path: '/', secure: true });
  deleteCookie(c, PLAIN_NAME, { path: '/' });
}

/** Resolves the session from its cookie (server-side check on every request) and renews it when due. */
export function sessionMiddleware(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('session', null);
    const token = getCookie(c, SECURE_NAME) ?? getCookie(c, PLAIN_NAME);
    if (token) {
      const resumed = await resumeSession(deps.pool, deps.sessions, token, deps.now());
      if (resumed) {
        c.set('session', {
          sessionId: resumed.claims.sessionId,
          userId: resumed.claims.userId,
          isAdmin: resumed.claims.isAdmin,
        });
        if (resumed.renewed) setSessionCookie(c, resumed.renewed);
      } else {
        clearSessionCookie(c);
      }
    }
    await next();
  };
}

/**
 * Read-your-writes: a command's response remembers the log position it wrote (cookie); the same
 * browser's next reads wait, up to about a second, until the read models have reached it — on the replica
 * endpoint when there is one, else on the primary (api/http/readReplica.ts).
 */
export function readYourWrites(deps: Deps): MiddlewareHandler<AppEnv> {
  const router = new ReadRouter(deps);
  return async (c, next) => {
    c.set('wrotePosition', null);
    let choice: ReadChoice | null = null;
    if (c.req.method === 'GET') {
      const text = getCookie(c, RW_COOKIE);
      // A position past the log's head would poll the checkpoints for the whole second on every request.
      choice = await router.choose(await realPosition(deps, text ? parsePosition(text) : null));
    }
    c.set('reads', choice?.db ?? deps.pool);
    await next();
    if (choice) {
      router.settle(choice, c.error);
      // The read models had not reached this session's last write within the bound: say so, so the client
      // can ask again shortly instead of showing the old state until its next refetch.
      if (choice.lagging) setResponseHeader(c, 'X-Read-Your-Writes', 'behind');
      if (choice.fellBack) setResponseHeader(c, 'X-Read-From', 'primary');
    }
    const wrote = c.get('wrotePosition');
    if (wrote) {
      setResponseCookie(c, RW_COOKIE, formatPosition(wrote), {
        httpOnly: true,
        secure: c.get('secure'),
        sameSite: 'Lax',
        path: '/',
        maxAge: 30,
      });
      setResponseHeader(c, 'X-Log-Position', formatPosition(wrote));
    }
  };
}

export function requireUser(c: Context<AppEnv>) {
  const session = c.get('session');
  if (!session) throw new HttpProblem(401, 'Please sign in to continue');
  return session;
}

export function requireAdmin(c: Context<AppEnv>) {
  const session = requireUser(c);
  if (!session.isAdmin) throw new HttpProblem(403, 'Admin access required');
  return session;
}

/** Middleware that asks for a session before any body is validated: a visitor gets 401, whatever they send. */
export const signedInFirst: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c);
  await next();
};

/** Middleware that asks for an admin before any body is validated: visitors get 401 and users 403. */
export const adminFirst: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireAdmin(c);
  await next();
};
