import { Hono } from 'hono';
import { z } from 'zod';
import { DevOutbox } from '../../app/mail/mailer.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { HttpProblem } from '../http/problem.ts';
import { fromThisMachine, isPublicDeployment } from '../http/security.ts';
import { responds, validate } from '../http/validate.ts';
import { email } from './auth.schemas.ts';

export const outboxAnswer = z.object({
  mails: z.array(
    z.object({
      id: z.number().int(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      purpose: z.string(),
      sentAt: z.string(),
    }),
  ),
});

/**
 * The development outbox (app/mail/mailer.ts): outside production with no SMTP_URL, the mail the app
 * "sent" to an address, for the page the person is on to show. A 404 wherever mail really goes (or
 * cannot go): in production this route does not exist in effect. Mounted at /api/dev/outbox.
 *
 * The mail holds one-time links, so the outbox answers only a client on this machine (the socket's address,
 * never a forwarded one): a development server reachable from elsewhere does not hand out its links.
 */
export function devOutboxRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/', responds(200, outboxAnswer), validate('query', z.strictObject({ to: email })), async (c) => {
    const outbox = deps.mailer;
    if (!(outbox instanceof DevOutbox) || deps.config.NODE_ENV === 'production') {
      throw new HttpProblem(404, 'There is no development outbox: mail is sent by SMTP or not at all');
    }
    // A public app has no outbox at all (docs/security.md "Behind a proxy"): the connection's address
    // proves nothing behind a local proxy.
    if (isPublicDeployment(deps.config)) {
      throw new HttpProblem(
        404,
        'There is no development outbox: the app is public (TRUST_PROXY or PUBLIC_URL)',
      );
    }
    // ('unknown': no socket at all, the in-process test client.)
    if (!fromThisMachine(c, { orInProcess: true })) {
      throw new HttpProblem(403, 'The development outbox is served to this machine only (localhost)');
    }
    return c.json({ mails: outbox.mailsTo(c.req.valid('query').to) });
  });
  return app;
}
