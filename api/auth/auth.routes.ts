import { type Context, Hono } from 'hono';
import { loadPasswordHash } from '../../app/auth/credentials.table.ts';
import { timingDummyHash, verifySecret } from '../../app/auth/credentials.ts';
import { createSession, revokeSession } from '../../app/auth/sessions.ts';
import { findUserIdByEmail, loadUser, registerUser } from '../../app/auth/users.service.ts';
import { requestMetadata } from '../../app/context.ts';
import { sendReclaimLink, sendVerificationLink } from '../../app/mail/emailVerification.ts';
import { inBackground } from '../../app/mail/passwordReset.ts';
import { ConflictError } from '../../domain/shared/errors.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { limited, limitedMail, tooManyAttempts } from '../http/limits.ts';
import { HttpProblem } from '../http/problem.ts';
import { readModels } from '../http/readReplica.ts';
import { clientIp } from '../http/security.ts';
import { clearSessionCookie, requireUser, setSessionCookie } from '../http/session.ts';
import { responds, validate } from '../http/validate.ts';
import { loginSchema, registerSchema, sessionAnswer, userAnswer } from './auth.schemas.ts';
import { requireSecondFactor } from './secondFactor.ts';
import { openSignedInSession, sessionOrigin } from './signIn.ts';
import { currentUserJson, userJsonFromState } from './userJson.ts';

/** Whether the mail limits let a mail to `recipient` from `client` go (limitedMail, without its 429). */
async function mailAllowed(deps: Deps, client: string, recipient: string): Promise<boolean> {
  try {
    await limitedMail(deps, client, recipient);
    return true;
  } catch (error) {
    if (error instanceof HttpProblem && error.status === 429) return false;
    throw error;
  }
}

export function authRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const trustProxy = deps.config.TRUST_PROXY === '1';

  app.post('/register', responds(201, userAnswer), validate('json', registerSchema), async (c) => {
    await limited(deps, 'register', clientIp(c, trustProxy));
    const input = c.req.valid('json');
    if (input.isAdmin) throw new HttpProblem(403, 'Admin accounts are created by an operator');
    const metadata = requestMetadata(null, c.get('requestId'));
    // Not through commandRoute: no one is the actor of a registration, even a signed-in sender.
    const { user, position } = await registerUser(
      deps,
      { ...input, isAdmin: false, emailVerified: false },
      metadata,
    ).catch((error: unknown) => {
      // The address is taken: the answer stays the 409 every taken address gets (docs/security.md), and
      // if its account is still unverified its owner is mailed a link to take it back, after the answer.
      if (error instanceof ConflictError && error.attribute === 'email') {
        const address = clientIp(c, trustProxy);
        inBackground(deps, 'email_verification', async () => {
          // Over the mail limits the mail is skipped, silently: a 429 here would tell the address is taken.
          if (await mailAllowed(deps, address, input.email))
            await sendReclaimLink(deps, input.email, metadata);
        });
      }
      throw error;
    });
    // The link that confirms the address, sent before the answer: the person is told to look for it, and a
    // free address's registration has nothing to hide by its timing. A mail that fails is a log line by
    // purpose (inBackground's), never a failed registration: "Send the link again" is there for it.
    await new Promise<void>((done) => {
      inBackground(deps, 'email_verification', async () => {
        try {
          await sendVerificationLink(deps, user.userId, metadata);
        } finally {
          done();
        }
      });
    });
    const session = await createSession(
      deps.pool,
      deps.sessions,
      { userId: user.userId, isAdmin: false },
      false,
      deps.now(),
      sessionOrigin(c, deps),
    );
    setSessionCookie(c, session);
    c.set('wrotePosition', position);
    return c.json(userJsonFromState(user), 201);
  });

  /**
   * Sign-in: password first (same 401 for an unknown e-mail), then, with a passkey or 2FA on, the second
   * factor (asked for only once the password is right: secondFactor.ts), then the account's status.
   */
  app.post('/login', responds(200, userAnswer), validate('json', loginSchema), async (c) => {
    const input = c.req.valid('json');
    const address = clientIp(c, trustProxy);
    await limited(deps, 'login', address);
    // Keyed by the e-mail as typed (normalised), so an unknown e-mail is throttled exactly like a known one.
    const attempt = await deps.limits.login.attempt(input.email.toLowerCase(), address);
    if (!attempt.allowed) throw tooManyAttempts(attempt.retryAfter);
    const userId = await findUserIdByEmail(deps, input.email);
    const hash = userId ? await loadPasswordHash(deps.pool, userId) : null;
    const valid = await verifySecret(hash ?? (await timingDummyHash()), input.password);
    const user = valid && userId ? await loadUser(deps, userId) : null;
    if (!user) {
      await attempt.failed();
      throw new HttpProblem(401, 'Invalid email or password');
    }
    await attempt.succeeded();
    await requireSecondFactor(deps, user, input);
    return openSignedInSession(c, deps, user, input.rememberMe);
  });

  app.post('/logout', responds(204, null), async (c) => {
    const session = c.get('session');
    if (session) await revokeSession(deps.pool, session.sessionId, 'logout');
    clearSessionCookie(c);
    return c.body(null, 204);
  });

  const current = async (c: Context<AppEnv>) => {
    const session = requireUser(c);
    const user = await currentUserJson(deps, session.userId, readModels(c));
    if (!user) throw new HttpProblem(401, 'Please sign in to continue');
    return c.json(user);
  };
  app.get('/user', responds(200, userAnswer), current);
  app.get('/me', responds(200, userAnswer), current);

  /**
   * Who is signed in, for the web app: a visitor is an answer, not an error, so this is 200 with
   * `user: null` where `/user` (kept for the spec's client) answers 401 (docs/product-rules.md rule 28).
   */
  app.get('/session', responds(200, sessionAnswer), async (c) => {
    const session = c.get('session');
    const user = session ? await currentUserJson(deps, session.userId, readModels(c)) : null;
    return c.json({ user });
  });

  return app;
}
