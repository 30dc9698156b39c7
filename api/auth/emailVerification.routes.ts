import { Hono } from 'hono';
import { z } from 'zod';
import { loadUser } from '../../app/auth/users.service.ts';
import { requestMetadata } from '../../app/context.ts';
import {
  ALREADY_VERIFIED,
  confirmEmailVerification,
  reclaimAccount,
  sendVerificationLink,
  verificationNeedsPassword,
} from '../../app/mail/emailVerification.ts';
import { inBackground } from '../../app/mail/passwordReset.ts';
import { announceSecurityChange } from '../../app/mail/securityNotice.ts';
import type { Deps } from '../deps.ts';
import { commandRoute } from '../http/commandRoute.ts';
import type { AppEnv } from '../http/env.ts';
import { limited, limitedMail } from '../http/limits.ts';
import { HttpProblem } from '../http/problem.ts';
import { REAUTHENTICATION_401, reauthenticationFields, requirePassword } from '../http/reauth.ts';
import { clientIp } from '../http/security.ts';
import { requireUser } from '../http/session.ts';
import { responds, validate } from '../http/validate.ts';
import { linkToken } from './auth.schemas.ts';
import { mailRequestAnswer, mailUnavailable, newPasswordByLinkRoute } from './passwordReset.routes.ts';

export const verifyEmailSchema = z.strictObject({
  token: linkToken,
  /** Needed unless the request comes from a session of the account the link is for. */
  password: reauthenticationFields.password,
});

export const emailVerifiedAnswer = z.object({ message: z.string() });

export const VERIFICATION_SENT = 'We have sent a new link to your e-mail address. It works for 24 hours.';

/** E-mail verification (docs/security.md, "Account recovery"): mounted at /api/auth/verify-email. */
export function emailVerificationRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const trustProxy = deps.config.TRUST_PROXY === '1';

  /** "Send the link again", signed in: limited per account and as every mail to an address. */
  app.post('/', responds(200, mailRequestAnswer), async (c) => {
    const session = requireUser(c);
    mailUnavailable(deps, 'Confirming the e-mail address');
    const user = await loadUser(deps, session.userId);
    if (!user) throw new HttpProblem(401, 'Please sign in to continue');
    if (user.emailVerified) throw new HttpProblem(409, ALREADY_VERIFIED);
    await limited(deps, 'mailAccount', session.userId);
    await limitedMail(deps, clientIp(c, trustProxy), user.email);
    const metadata = requestMetadata(session.userId, c.get('requestId'));
    inBackground(deps, 'email_verification', () => sendVerificationLink(deps, session.userId, metadata));
    return c.json({ message: VERIFICATION_SENT, devOutbox: deps.mailer.kind === 'outbox' });
  });

  /**
   * The link's "Confirm": in a session of the account the token alone; anywhere else the account's
   * password too (401 reauthentication-required naming `password`, before the link is spent).
   */
  app.post(
    '/confirm',
    responds(200, emailVerifiedAnswer),
    responds(401, null, {
      description: `Opened outside a session of the account: ${REAUTHENTICATION_401} (always the password)`,
    }),
    validate('json', verifyEmailSchema),
    async (c) => {
      // No limit of its own: the token is not guessable and nothing is hashed here (a password is limited
      // by \`password\`, in requirePassword).
      const input = c.req.valid('json');
      const pending = await verificationNeedsPassword(deps, input.token, c.get('session'));
      // An unusable link falls through to the confirmation's own answer (400, the link is invalid).
      if (pending?.needsPassword) await requirePassword(deps, pending.userId, input.password);
      return await commandRoute(c, deps, null, async (_, metadata) => {
        const { position } = await confirmEmailVerification(deps, input.token, metadata);
        return {
          status: 200,
          position,
          waitFor: ['users'],
          body: { message: 'Your e-mail address is confirmed.' },
        };
      });
    },
  );

  /**
   * The link's "This is my address": the owner of the mailbox sets a password and takes the unverified
   * account; whoever registered it is signed out everywhere and their password stops working.
   */
  newPasswordByLinkRoute(app, deps, '/reclaim', async (token, newPassword, metadata) => {
    // Its removed factors go unlisted: an unverified account could not enrol one (none in practice).
    const reclaimed = await reclaimAccount(deps, token, newPassword, metadata);
    announceSecurityChange(deps, reclaimed.userId, 'account_reclaimed', metadata);
    const message = 'The account is yours and its address is confirmed. Sign in with the new password.';
    return {
      status: 200,
      position: reclaimed.position,
      waitFor: ['users'],
      body: { message, endedSessions: reclaimed.endedSessions },
    };
  });

  return app;
}
