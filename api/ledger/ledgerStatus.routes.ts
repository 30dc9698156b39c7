import { Hono } from 'hono';
import { z } from 'zod';
import { formatPosition } from '../../infra/eventStore/eventStore.ts';
import { ledgerStatus } from '../../projections/ledgerTree/ledgerTree.queries.ts';
import type { Deps } from '../../runtime/deps.ts';
import type { AppEnv } from '../http/env.ts';
import { requireAdmin } from '../http/session.ts';
import { responds } from '../http/validate.ts';

const statusAnswer = z.object({
  treeSize: z.string().describe('Leaves in the log commitment: events, in log order'),
  root: z.string().describe('Root of the tree of that size, hex'),
  verifiedPosition: z.string().describe('Leaves continuous verification has checked'),
  mismatches: z.number().int().describe('Mismatches continuous verification has found'),
  lastMismatch: z.string().nullable(),
  lastMismatchAt: z.string().nullable(),
  frozen: z.boolean().describe('Commands that move money are refused (LEDGER_FREEZE_ON_MISMATCH)'),
  logHead: z.string().nullable().describe('Position (commit-prepare) of the last event in the log'),
});

/** The log commitment's continuous verification, for the admin screens' alert (admins only). */
export function ledgerStatusRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/status', responds(200, statusAnswer), async (c) => {
    requireAdmin(c);
    const [status, head] = await Promise.all([ledgerStatus(deps.pool), deps.store.headPosition()]);
    return c.json({
      ...status,
      frozen: (deps.ledgerFreeze?.enabled ?? false) && status.mismatches > 0,
      logHead: head ? formatPosition(head) : null,
    });
  });
  return app;
}
