import { Hono } from 'hono';
import { z } from 'zod';
import { changeFeeSettings, feeRates } from '../../app/payments/purchases.ts';
import { CARD_TIERS } from '../../domain/cards/card.ts';
import type { FeeSettingsState } from '../../domain/settings/feeSettings.ts';
import type { Deps } from '../deps.ts';
import { commandRoute } from '../http/commandRoute.ts';
import type { AppEnv } from '../http/env.ts';
import { decimalText } from '../http/money.ts';
import { requireAdmin } from '../http/session.ts';
import { responds, validate } from '../http/validate.ts';

// The rate is read from its literal text (api/http/money.ts); the decider checks its range and decimals.
const rateSchema = z.strictObject({
  rate: decimalText(12, 'A fee rate is a percentage from 0 to 10.00, like 0.50'),
});
const tierParam = z.object({ tier: z.enum(CARD_TIERS, { error: 'Tier must be gold, ruby or black' }) });

const rateAnswer = z.object({
  rate: z.string().describe('Percent, two decimals'),
  setAt: z.string().nullable().describe('null while the default applies'),
  setBy: z.string().nullable(),
});
const ratesAnswer = z.object({ gold: rateAnswer, ruby: rateAnswer, black: rateAnswer });

function ratesJson(state: FeeSettingsState): z.output<typeof ratesAnswer> {
  return { gold: state.gold, ruby: state.ruby, black: state.black };
}

/**
 * Admin: the conversion fee's rate per tier (docs/product-rules.md rule 25). Read from and written to
 * their own stream (settings-fees), so a change applies to the next quote and submission at once.
 */
export function adminFeeSettingsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/', responds(200, ratesAnswer), async (c) => {
    requireAdmin(c);
    return c.json(ratesJson(await feeRates(deps)));
  });

  app.put(
    '/:tier',
    responds(200, ratesAnswer),
    validate('param', tierParam),
    validate('json', rateSchema),
    async (c) => {
      const admin = requireAdmin(c);
      const { tier } = c.req.valid('param');
      const { rate } = c.req.valid('json');
      return await commandRoute(c, deps, null, async (_, metadata) => {
        const result = await changeFeeSettings(
          deps,
          { type: 'SetFeeRate', data: { tier, rate, adminId: admin.userId }, now: deps.now() },
          metadata,
        );
        return { status: 200, position: result.position, body: ratesJson(result.state) };
      });
    },
  );
  return app;
}
