import { Hono } from 'hono';
import { z } from 'zod';
import { depositAddresses } from '../../projections/settings/depositAddresses.queries.ts';
import type { Deps } from '../../runtime/deps.ts';
import type { AppEnv } from '../http/env.ts';
import { responds } from '../http/validate.ts';
import { currentTokenPrice } from '../settings/tokenPrice.ts';

const publicConfigAnswer = z.object({
  depositAddress: z
    .record(z.string(), z.string())
    .describe(
      'Deprecated, kept for older clients: per network family (ETH, BTC, SOL, XRP, TRX), the address of its main pair where set. Addresses are per currency and network: GET /api/crypto/deposit-addresses',
    ),
  tokenPrice: z.string().describe('USD per SAI'),
});

/** The pair whose address the older per-family answer shows. */
const FAMILY_PAIRS = [
  ['ETH', 'ETH', 'ethereum'],
  ['BTC', 'BTC', 'bitcoin'],
  ['SOL', 'SOL', 'solana'],
  ['XRP', 'XRP', 'xrpl'],
  ['TRX', 'USDT', 'tron'],
] as const;

/** What the client may know of the configuration: the token price (and, for older clients, addresses). */
export function publicConfigRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/public', responds(200, publicConfigAnswer), async (c) => {
    const [addresses, tokenPrice] = await Promise.all([
      depositAddresses(deps.pool),
      currentTokenPrice(deps.pool),
    ]);
    const depositAddress: Record<string, string> = {};
    for (const [family, currency, network] of FAMILY_PAIRS) {
      const address = addresses.find((e) => e.currency === currency && e.network === network)?.address;
      if (address) depositAddress[family] = address;
    }
    return c.json({ depositAddress, tokenPrice });
  });
  return app;
}
