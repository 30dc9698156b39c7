import { Hono } from 'hono';
import { z } from 'zod';
import { CAMPAIGN } from '../../domain/settings/defaults.ts';
import { fromScaledUnits, ledgerAmountText, scaledUnits } from '../../domain/shared/money.ts';
import { balanceOf } from '../../projections/ledger/ledger.queries.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { readModels } from '../http/readReplica.ts';
import { responds } from '../http/validate.ts';

const campaignAnswer = z.object({
  target: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  drawAt: z.string(),
  prizeValueUsd: z.number(),
  replyWithinDays: z.number().int(),
  minimumAge: z.number().int(),
  current: z.string().describe('SAI in circulation'),
  progressPercent: z.number(),
});

/** The giveaway's progress, computed from the ledger: SAI in circulation against the target. */
export function campaignRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/', responds(200, campaignAnswer), async (c) => {
    // In circulation: what was issued, less the conversion fees (the company's, not the users').
    const [issued, fees] = await Promise.all([
      balanceOf(readModels(c), 'issuance:SAI', 'SAI'),
      balanceOf(readModels(c), 'fees:SAI', 'SAI'),
    ]);
    const held = scaledUnits(issued, 8) + scaledUnits(fees, 8);
    const current = ledgerAmountText(held < 0n ? fromScaledUnits(-held, 8) : '0', 'SAI');
    // Percent with one decimal, computed on integers (cents) so no float rounding shows.
    const [cw = '0', cf = '00'] = current.split('.');
    const [tw = '0', tf = '00'] = CAMPAIGN.target.split('.');
    const per1000 = (BigInt(cw + cf) * 1000n) / BigInt(tw + tf);
    const progressPercent = Number(per1000 > 1000n ? 1000n : per1000) / 10;
    c.header('Cache-Control', 'public, max-age=30');
    return c.json({ ...CAMPAIGN, current, progressPercent });
  });
  return app;
}
