import { Hono } from 'hono';
import { z } from 'zod';
import { receiveContactMessage } from '../../app/contact/contactMessages.ts';
import { latestContactMessages } from '../../projections/contact/contact.queries.ts';
import type { Deps } from '../deps.ts';
import { commandRoute } from '../http/commandRoute.ts';
import type { AppEnv } from '../http/env.ts';
import { limited } from '../http/limits.ts';
import { pageLimit } from '../http/paging.ts';
import { readModels } from '../http/readReplica.ts';
import { clientIp } from '../http/security.ts';
import { requireAdmin } from '../http/session.ts';
import { storedText } from '../http/text.ts';
import { responds, validate } from '../http/validate.ts';

const contactSchema = z.strictObject({
  fullName: z.string().trim().min(1, 'Full name is required').max(100).superRefine(storedText('Full name')),
  email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  subject: z.string().trim().min(1, 'Subject is required').max(150).superRefine(storedText('Subject')),
  message: z
    .string()
    .trim()
    .min(1, 'Message is required')
    .max(5000)
    .superRefine(storedText('Message', { multiline: true })),
});

const contactMessageAnswer = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  userId: z.string().nullable(),
  receivedAt: z.string(),
});

/** The contact form is stored (docs/product-rules.md rule 13); admins read the messages. */
export function contactRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.post(
    '/',
    responds(201, z.object({ id: z.string(), received: z.literal(true) })),
    validate('json', contactSchema),
    async (c) => {
      await limited(deps, 'register', `contact:${clientIp(c, deps.config.TRUST_PROXY === '1')}`);
      const session = c.get('session');
      return await commandRoute(c, deps, null, async (_, metadata) => {
        const { messageId, position } = await receiveContactMessage(
          deps,
          { ...c.req.valid('json'), userId: session?.userId ?? null },
          metadata,
        );
        return { status: 201, position, body: { id: messageId, received: true } };
      });
    },
  );
  app.get(
    '/',
    responds(200, z.array(contactMessageAnswer)),
    validate('query', z.strictObject({ limit: pageLimit(200) })),
    async (c) => {
      requireAdmin(c);
      const rows = await latestContactMessages(readModels(c), c.req.valid('query').limit);
      return c.json(rows.map((row) => ({ ...row, receivedAt: row.receivedAt.toISOString() })));
    },
  );
  return app;
}
