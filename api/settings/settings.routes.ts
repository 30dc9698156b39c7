import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { changeMarketSettings } from '../../app/crypto/crypto.service.ts';
import { CRYPTO_ASSETS } from '../../domain/shared/money.ts';
import { currentPrices, tokenPrice } from '../../projections/settings/settings.queries.ts';
import type { Deps } from '../deps.ts';
import { commandRoute } from '../http/commandRoute.ts';
import type { AppEnv } from '../http/env.ts';
import { decimalText } from '../http/money.ts';
import { readModels } from '../http/readReplica.ts';
import { requireAdmin } from '../http/session.ts';
import { responds, validate } from '../http/validate.ts';

// A number is read from its literal text (api/http/money.ts), so `0.10000000000000001` is refused by the
// price's eight decimals instead of being stored as 0.1.
const price = decimalText(30, 'Value must be a positive number');
const change24h = decimalText(30, 'The 24h change must be a percentage like -2.35');
// The 24 h change is computed from the price history (docs/product-rules.md rule 12); a change24h sent by an
// older client is still checked and recorded, and shown nowhere.
const priceSchema = z.strictObject({ price, change24h: change24h.optional().default('0') });
const tokenSchema = z.strictObject({ price });
const currencyParam = z.object({ currency: z.enum(CRYPTO_ASSETS, { error: 'Unknown currency' }) });

const priceAnswer = z.object({ price: z.string(), change_24h: z.string(), updatedAt: z.string().nullable() });
const tokenPriceAnswer = z.object({ price: z.string(), updatedAt: z.string().nullable() });

/** Admin settings: crypto prices and the SAI token price; each change is an event. */
export function adminSettingsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get(
    '/',
    responds(200, z.object({ prices: z.record(z.string(), priceAnswer), tokenPrice: tokenPriceAnswer })),
    async (c) => {
      requireAdmin(c);
      const [prices, token] = await Promise.all([
        currentPrices(readModels(c), deps.now()),
        tokenPrice(readModels(c)),
      ]);
      return c.json({ prices, tokenPrice: token });
    },
  );

  /** A change answers with its read model once that shows it. */
  const change = (
    c: Context<AppEnv>,
    command: Parameters<typeof changeMarketSettings>[1],
    read: () => Promise<unknown>,
  ) =>
    commandRoute(c, deps, null, async (_, metadata) => {
      const result = await changeMarketSettings(deps, command, metadata);
      return { status: 200, position: result.position, waitFor: ['settings'], read };
    });

  app.put(
    '/prices/:currency',
    responds(200, priceAnswer),
    validate('param', currencyParam),
    validate('json', priceSchema),
    async (c) => {
      const admin = requireAdmin(c);
      const input = c.req.valid('json');
      const { currency } = c.req.valid('param');
      return await change(
        c,
        {
          type: 'SetCryptoPrice',
          data: { currency, price: input.price, change24h: input.change24h, adminId: admin.userId },
          now: deps.now(),
        },
        async () => (await currentPrices(deps.pool, deps.now()))[currency],
      );
    },
  );

  app.put('/token-price', responds(200, tokenPriceAnswer), validate('json', tokenSchema), async (c) => {
    const admin = requireAdmin(c);
    return await change(
      c,
      {
        type: 'SetTokenPrice',
        data: { price: c.req.valid('json').price, adminId: admin.userId },
        now: deps.now(),
      },
      () => tokenPrice(deps.pool),
    );
  });
  return app;
}
