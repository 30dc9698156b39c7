import { Hono } from 'hono';
import { z } from 'zod';
import { userAccount } from '../../domain/ledger/postings.ts';
import { csvCell } from '../../domain/shared/csv.ts';
import { ASSETS, ledgerAmountText } from '../../domain/shared/money.ts';
import { balanceBefore, statementPage } from '../../projections/ledger/ledger.queries.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { readModels } from '../http/readReplica.ts';
import { requireUser } from '../http/session.ts';
import { responds, validate } from '../http/validate.ts';
import { csvText } from './audit.answers.ts';
import { checkPeriod, periodDate as date, streamExport } from './downloads.ts';

const statementQuery = z.strictObject({
  from: date,
  to: date,
  asset: z.enum(ASSETS, { error: `asset must be one of ${ASSETS.join(', ')}` }).default('SAI'),
});

/**
 * The user's own statement download (CSV) of one asset (SAI unless `asset` names another) for a period:
 * every posting, from the opening balance to the closing one, so the rows add up (the list's Export is
 * the list's own rows instead: docs/architecture/history.md).
 */
export function statementRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get(
    '/statement.csv',
    responds(200, csvText, { mediaType: 'text/csv' }),
    validate('query', statementQuery),
    async (c) => {
      const session = requireUser(c);
      const q = c.req.valid('query');
      checkPeriod(q.from, q.to);
      const accountId = userAccount(session.userId);
      async function* lines() {
        const line = (cells: string[]) => `${cells.map(csvCell).join(',')}\r\n`;
        yield line([
          'date',
          'type',
          'description',
          'counterparty',
          'amount',
          'balance_after',
          'transaction_id',
        ]);
        const money = (text: string) => ledgerAmountText(text, q.asset);
        // The opening and closing rows: a balance at a moment, with no counterparty, amount or transaction.
        const balanceLine = async (at: Date, type: string, description: string) =>
          line([
            at.toISOString(),
            type,
            description,
            '',
            '',
            money(await balanceBefore(readModels(c), accountId, q.asset, at)),
            '',
          ]);
        yield await balanceLine(q.from, 'opening_balance', 'Balance before the period');
        let after: { commit: string; prepare: string; leg: number } | null = null;
        for (;;) {
          const rows = await statementPage(readModels(c), accountId, q.asset, q.from, q.to, after, 2_000);
          for (const r of rows) {
            yield line([
              r.created_at.toISOString(),
              r.kind,
              r.description,
              r.counterparty,
              money(r.amount),
              money(r.balance_after),
              r.transaction_id,
            ]);
          }
          if (rows.length < 2_000) break;
          const last = rows[rows.length - 1]!;
          after = { commit: last.position_commit, prepare: last.position_prepare, leg: last.leg };
        }
        yield await balanceLine(q.to, 'closing_balance', 'Balance at the end of the period');
      }
      const name = `statement-${q.asset === 'SAI' ? '' : `${q.asset}-`}${q.from.toISOString().slice(0, 10)}-${q.to.toISOString().slice(0, 10)}.csv`;
      return streamExport(c, lines(), name, 'csv');
    },
  );
  return app;
}
