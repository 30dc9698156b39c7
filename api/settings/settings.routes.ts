import { Hono } from 'hono';
import { z } from 'zod';
import { CRYPTO_ASSETS } from '../../domain/shared/money.ts';
import { currentPrices, tokenPrice } from '../../projections/settings/settings.queries.ts';
import { changeMarketSettings } from '../crypto/crypto.service.ts';
import type { Deps } from '../deps.ts';
import { requestMetadata } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { decimalText } from '../http/money.ts';
import { requireAdmin } from '../http/session.ts';
import { validate } from '../http/validate.ts';

// A number is read from its literal text (api/http/money.ts), so `0.10000000000000001` is refused by the
// price's eight decimals instead of being stored as 0.1.
const price = decimalText(30, 'Value must be a positive number');
const change24h = decimalText(30, 'The 24h change must be a percentage like -2.35');
const priceSchema = z.strictObject({ price, change24h: change24h.optional().default('0') });
const tokenSchema = z.strictObject({ price });
const currencyParam = z.object({ currency: z.enum(CRYPTO_ASSETS, { error: 'Unknown currency' }) });

/** Admin settings: crypto prices and the SAI token price; each change is an event. */
export function adminSettingsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const settle = async (position: Parameters<typeof deps.runner.waitFor>[0] | null) => {
    if (position) await deps.runner.waitFor(position, ['settings'], 1_000);
  };

  app.get('/', async (c) => {
    requireAdmin(c);
    const [prices, token] = await Promise.all([currentPrices(deps.pool), tokenPrice(deps.pool)]);
    return c.json({ prices, tokenPrice: token });
  });

  app.put('/prices/:currency', validate('param', currencyParam), validate('json', priceSchema), async (c) => {
    const admin = requireAdmin(c);
    const input = c.req.valid('json');
    const result = await changeMarketSettings(
      deps,
      {
        type: 'SetCryptoPrice',
        data: {
          currency: c.req.valid('param').currency,
          price: input.price,
          change24h: input.change24h,
          adminId: admin.userId,
        },
        now: deps.now(),
      },
      requestMetadata(admin.userId, c.get('requestId')),
    );
    c.set('wrotePosition', result.position);
    await settle(result.position);
    return c.json((await currentPrices(deps.pool))[c.req.valid('param').currency]);
  });

  app.put('/token-price', validate('json', tokenSchema), async (c) => {
    const admin = requireAdmin(c);
    const result = await changeMarketSettings(
      deps,
      {
        type: 'SetTokenPrice',
        data: { price: c.req.valid('json').price, adminId: admin.userId },
        now: deps.now(),
      },
      requestMetadata(admin.userId, c.get('requestId')),
    );
    c.set('wrotePosition', result.position);
    await settle(result.position);
    return c.json(await tokenPrice(deps.pool));
  });
  return app;
}
