import { Hono } from 'hono';
import { z } from 'zod';
import {
  LISTED_SESSIONS,
  listSessions,
  revokeOwnSession,
  revokeUserSessions,
} from '../../app/auth/sessions.ts';
import { dropTokens } from '../../app/mail/accountTokens.table.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { HttpProblem } from '../http/problem.ts';
import { clearSessionCookie, requireUser, signedInFirst } from '../http/session.ts';
import { responds, validate } from '../http/validate.ts';

/** A session as the security centre lists it. `id` is its public name, never the session's key. */
const sessionAnswer = z.object({
  id: z.string().describe('Public id of the session (a hash; the session key itself is never shown)'),
  browser: z.string().nullable().describe('Browser the session was opened from, when the User-Agent said'),
  os: z.string().nullable().describe('Operating system the session was opened from, when known'),
  address: z.string().nullable().describe('Client address at sign-in'),
  createdAt: z.string().describe('Sign-in time (ISO 8601)'),
  lastSeenAt: z.string().describe('Last request, to within about a minute (ISO 8601)'),
  current: z.boolean().describe('The session making this request'),
});
const sessionsAnswer = z.object({
  sessions: z
    .array(sessionAnswer)
    .describe(`This session first, then by last seen; ${LISTED_SESSIONS} at most`),
});
const endedAnswer = z.object({
  endedSessions: z.number().int().describe('Sessions that were signed out'),
});
const sessionParam = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'Session not found'),
});

/** The security centre's sessions and devices: mounted at /api/account/sessions. */
export function sessionsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.use(signedInFirst);

  // A fixed cap (LISTED_SESSIONS) and no parameters: a `limit` is a 400.
  app.get('/', responds(200, sessionsAnswer), validate('query', z.strictObject({})), async (c) => {
    const session = requireUser(c);
    const sessions = await listSessions(deps.pool, session.userId, session.sessionId, deps.now());
    return c.json({
      sessions: sessions.map((listed) => ({
        ...listed,
        createdAt: listed.createdAt.toISOString(),
        lastSeenAt: listed.lastSeenAt.toISOString(),
      })),
    });
  });

  /** Sign out every other session; this one stays signed in. */
  app.post('/sign-out-others', responds(200, endedAnswer), async (c) => {
    const session = requireUser(c);
    const endedSessions = await revokeUserSessions(
      deps.pool,
      session.userId,
      'signed_out_elsewhere',
      session.sessionId,
    );
    // The remedy the notice mail of an e-mail change advises: it cancels every pending one too.
    await dropTokens(deps.pool, session.userId, 'email_change');
    return c.json({ endedSessions });
  });

  /** Sign out one session of the user's (this one too: then the cookie goes as at logout). */
  app.delete('/:id', responds(204, null), validate('param', sessionParam), async (c) => {
    const session = requireUser(c);
    const result = await revokeOwnSession(
      deps.pool,
      session.userId,
      c.req.valid('param').id,
      'signed_out_elsewhere',
    );
    if (!result.revoked) throw new HttpProblem(404, 'Session not found');
    if (result.sessionId === session.sessionId) clearSessionCookie(c);
    return c.body(null, 204);
  });

  return app;
}
