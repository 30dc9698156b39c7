import { Hono } from 'hono';
import { z } from 'zod';
import { requestMetadata } from '../../app/context.ts';
import { inBackground, resetPassword, sendPasswordResetLink } from '../../app/mail/passwordReset.ts';
import { announceSecurityChange, removedFactorsText } from '../../app/mail/securityNotice.ts';
import type { EventMetadata } from '../../infra/eventStore/eventStore.ts';
import type { Deps } from '../deps.ts';
import { type CommandAnswer, commandRoute } from '../http/commandRoute.ts';
import type { AppEnv } from '../http/env.ts';
import { limited, limitedMail } from '../http/limits.ts';
import { addressKey } from '../http/loginThrottle.ts';
import { HttpProblem } from '../http/problem.ts';
import { clientIp } from '../http/security.ts';
import { responds, validate } from '../http/validate.ts';
import { email, newPasswordByLinkSchema } from './auth.schemas.ts';

export const passwordResetRequestSchema = z.strictObject({ email });

export const mailRequestAnswer = z.object({
  message: z.string(),
  /** Outside production without SMTP: the mail waits in the development outbox (GET /api/dev/outbox). */
  devOutbox: z.boolean(),
});

const passwordResetAnswer = z.object({ message: z.string(), endedSessions: z.number().int() });

export const RESET_REQUESTED =
  'If an account uses this address, we have sent it a link to choose a new password. The link works for 30 minutes.';

/** The 503 of a server that cannot send mail (production without SMTP_URL). */
export function mailUnavailable(deps: Deps, what: string): void {
  if (deps.mailer.kind === 'unavailable') {
    throw new HttpProblem(503, `${what} is unavailable: this server cannot send e-mail. Contact support.`, {
      code: 'mail_unavailable',
    });
  }
}

/** "Forgot password?" (docs/architecture/security.md, "Password reset"): mounted at /api/auth/password-reset. */
export function passwordResetRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const trustProxy = deps.config.TRUST_PROXY === '1';

  /**
   * The same answer, at once, whether or not an account uses the address: the look-up and the mail run
   * after the answer has gone (app/mail/passwordReset.ts).
   */
  app.post('/', responds(200, mailRequestAnswer), validate('json', passwordResetRequestSchema), async (c) => {
    mailUnavailable(deps, 'Password reset');
    const { email: address } = c.req.valid('json');
    await limitedMail(deps, clientIp(c, trustProxy), address);
    const metadata = requestMetadata(null, c.get('requestId'));
    inBackground(deps, 'password_reset', () => sendPasswordResetLink(deps, address, metadata));
    return c.json({ message: RESET_REQUESTED, devOutbox: deps.mailer.kind === 'outbox' });
  });

  /** The link's page sends its token with the new password; every session of the account ends. */
  newPasswordByLinkRoute(app, deps, '/confirm', async (token, newPassword, metadata) => {
    const reset = await resetPassword(deps, token, newPassword, metadata);
    const detail = removedFactorsText(reset.removed);
    announceSecurityChange(deps, reset.userId, 'password_reset', metadata, { detail });
    const message = 'Your password was changed. Sign in with the new password.';
    return { status: 200, position: reset.position, body: { message, endedSessions: reset.endedSessions } };
  });

  return app;
}

/**
 * A link's page that sends its token with a new password (a reset, a reclaim): limited per client
 * address, then `change` spends the token in one command.
 */
export function newPasswordByLinkRoute(
  app: Hono<AppEnv>,
  deps: Deps,
  path: string,
  change: (token: string, newPassword: string, metadata: EventMetadata) => Promise<CommandAnswer>,
) {
  const trustProxy = deps.config.TRUST_PROXY === '1';
  app.post(path, responds(200, passwordResetAnswer), validate('json', newPasswordByLinkSchema), async (c) => {
    await limited(deps, 'mailAddress', addressKey(clientIp(c, trustProxy)));
    const { token, newPassword } = c.req.valid('json');
    return await commandRoute(c, deps, null, (_, metadata) => change(token, newPassword, metadata));
  });
}
