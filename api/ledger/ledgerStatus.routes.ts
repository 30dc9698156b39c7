import { Hono } from 'hono';
import { z } from 'zod';
import { formatPosition } from '../../infra/eventStore/eventStore.ts';
import { frozenAccounts, ledgerStatus } from '../../projections/ledgerTree/ledgerTree.queries.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { HttpProblem } from '../http/problem.ts';
import { requireAdmin } from '../http/session.ts';
import { responds } from '../http/validate.ts';
import { liabilitiesStatement } from './ledger.schemas.ts';

const statusAnswer = z.object({
  treeSize: z.string().describe('Leaves in the log commitment: events, in log order'),
  root: z.string().describe('Root of the tree of that size, hex'),
  verifiedPosition: z.string().describe('Leaves continuous verification has checked'),
  mismatches: z.number().int().describe('Mismatches continuous verification has found'),
  lastMismatch: z.string().nullable(),
  lastMismatchAt: z.string().nullable(),
  frozen: z.boolean().describe('Every command that moves money is refused (LEDGER_FREEZE_ON_MISMATCH=on)'),
  frozenAccounts: z
    .array(z.string())
    .describe('Accounts whose money movements are refused (LEDGER_FREEZE_ON_MISMATCH=accounts)'),
  logHead: z.string().nullable().describe('Position (commit-prepare) of the last event in the log'),
});

/**
 * The log commitment's continuous verification, for the admin screens' alert, and a liabilities statement
 * made now (admins only).
 */
export function ledgerStatusRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/status', responds(200, statusAnswer), async (c) => {
    requireAdmin(c);
    const [status, head, accounts] = await Promise.all([
      ledgerStatus(deps.pool),
      deps.store.headPosition(),
      frozenAccounts(deps.pool),
    ]);
    const mode = deps.ledgerFreeze?.mode ?? 'off';
    return c.json({
      ...status,
      frozen: mode === 'on' && status.mismatches > 0,
      frozenAccounts: mode === 'accounts' ? [...accounts].sort() : [],
      logHead: head ? formatPosition(head) : null,
    });
  });
  // A statement now rather than at the next scheduled one (after an incident, before an audit): an
  // admin's choice, never a user's (docs/architecture/verifiable-ledger.md, "Liabilities statements").
  app.post('/liabilities', responds(200, z.object({ statement: liabilitiesStatement })), async (c) => {
    requireAdmin(c);
    const outcome = await deps.ledgerProofs.statements.attempt();
    if (outcome.kind === 'busy')
      throw new HttpProblem(409, 'Another statement is being made right now: ask again in a few seconds', {
        code: 'liabilities_statement_busy',
        headers: { 'Retry-After': '5' },
      });
    if (outcome.kind === 'mismatch')
      throw new HttpProblem(
        503,
        'No statement was made: the liabilities do not add up to the ledger’s (see the ledger status)',
        { code: 'liabilities_statement_refused' },
      );
    const { statement } = outcome;
    deps.logger.info({ treeSize: statement.treeSize }, 'liabilities statement asked for by an admin');
    return c.json({ statement });
  });
  return app;
}
