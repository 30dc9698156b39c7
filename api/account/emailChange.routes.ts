import { Hono } from 'hono';
import { z } from 'zod';
import { requestMetadata } from '../../app/context.ts';
import {
  confirmationNeedsPassword,
  confirmEmailChange,
  requestEmailChange,
} from '../../app/mail/emailChange.ts';
import { inBackground } from '../../app/mail/passwordReset.ts';
import { announceSecurityChange } from '../../app/mail/securityNotice.ts';
import { email, linkToken } from '../auth/auth.schemas.ts';
import { mailRequestAnswer, mailUnavailable } from '../auth/passwordReset.routes.ts';
import type { Deps } from '../deps.ts';
import { commandRoute } from '../http/commandRoute.ts';
import type { AppEnv } from '../http/env.ts';
import { limited, limitedMail } from '../http/limits.ts';
import { REAUTHENTICATION_401, reauthenticationFields, requirePassword } from '../http/reauth.ts';
import { clientIp } from '../http/security.ts';
import { requireUser } from '../http/session.ts';
import { responds, validate } from '../http/validate.ts';

export const emailChangeSchema = z.strictObject({
  newEmail: email,
  currentPassword: z
    .string({ error: 'Current password is incorrect' })
    .min(1, 'Enter your current password')
    .max(128, 'Current password is incorrect'),
});

export const emailConfirmSchema = z.strictObject({
  token: linkToken,
  /** Needed unless the request comes from the session that asked for the change. */
  password: reauthenticationFields.password,
});

export const emailChangedAnswer = z.object({ message: z.string(), email: z.string() });

/** Change of e-mail, step 1 (signed in): mounted at /api/account/email. */
export function emailChangeRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.post('/', responds(200, mailRequestAnswer), validate('json', emailChangeSchema), async (c) => {
    const session = requireUser(c);
    mailUnavailable(deps, 'Changing the e-mail address');
    const input = c.req.valid('json');
    // Each try is a password guess (the password change's limit), and each sends mail to a typed address:
    // the mail limits per client address, per account and per recipient, as for a password reset.
    await limited(deps, 'password', session.userId);
    await limited(deps, 'mailAccount', session.userId);
    await limitedMail(deps, clientIp(c, deps.config.TRUST_PROXY === '1'), input.newEmail);
    const { confirm } = await requestEmailChange(
      deps,
      session.userId,
      session.sessionId,
      input,
      requestMetadata(session.userId, c.get('requestId')),
    );
    await deps.limits.reset('password', session.userId);
    inBackground(deps, 'email_change', confirm);
    return c.json({
      message: `We have sent a link to ${input.newEmail}. Open it within 30 minutes to confirm the change; until then you sign in with your current address.`,
      devOutbox: deps.mailer.kind === 'outbox',
    });
  });

  return app;
}

/**
 * Step 2, the link from the mail: mounted at /api/auth/email-change. The link proves the new address; in
 * the session that asked it is enough, anywhere else (another browser, signed out) the account's password
 * must come with it (401 reauthentication-required naming `password`, before the link is spent).
 */
export function emailChangeConfirmRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.post(
    '/confirm',
    responds(200, emailChangedAnswer),
    responds(401, null, {
      description: `Opened away from the session that asked: ${REAUTHENTICATION_401} (always the password)`,
    }),
    validate('json', emailConfirmSchema),
    async (c) => {
      const { token, password } = c.req.valid('json');
      const pending = await confirmationNeedsPassword(deps, token, c.get('session'));
      // An unusable link falls through to the confirmation's own answer (400, the link is invalid).
      if (pending?.needsPassword) await requirePassword(deps, pending.userId, password);
      return await commandRoute(c, deps, null, async (_, metadata) => {
        const { user, position, previousEmail } = await confirmEmailChange(deps, token, metadata);
        announceSecurityChange(deps, user.userId, 'email_changed', metadata, { previousEmail });
        return {
          status: 200,
          position,
          waitFor: ['users'],
          body: {
            message: 'Your e-mail address was changed. Sign in with it from now on.',
            email: user.email,
          },
        };
      });
    },
  );

  return app;
}
