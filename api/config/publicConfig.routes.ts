import { Hono } from 'hono';
import { z } from 'zod';
import { feeRates } from '../../app/payments/purchases.ts';
import { depositAddresses } from '../../projections/settings/depositAddresses.queries.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { readModels } from '../http/readReplica.ts';
import { responds } from '../http/validate.ts';
import { currentTokenPrice } from '../settings/tokenPrice.ts';

const publicConfigAnswer = z.object({
  depositAddress: z
    .record(z.string(), z.string())
    .describe(
      'Deprecated, kept for older clients: per network family (ETH, BTC, SOL, XRP, TRX), the address of its main pair where set. Addresses are per currency and network: GET /api/crypto/deposit-addresses',
    ),
  tokenPrice: z.string().describe('USD per SAI'),
  conversionFees: z
    .object({ gold: z.string(), ruby: z.string(), black: z.string() })
    .describe(
      "The conversion fee's rate per tier in force now, percent with two decimals: the rates the quote and a purchase use",
    ),
});

/** The pair whose address the older per-family answer shows. */
const FAMILY_PAIRS = [
  ['ETH', 'ETH', 'ethereum'],
  ['BTC', 'BTC', 'bitcoin'],
  ['SOL', 'SOL', 'solana'],
  ['XRP', 'XRP', 'xrpl'],
  ['TRX', 'USDT', 'tron'],
] as const;

/**
 * What the client may know of the configuration: the token price, the conversion fee's rates (read where the
 * quote reads them, so the public copy names the rates a purchase is charged), and for older clients the
 * addresses.
 */
export function publicConfigRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/public', responds(200, publicConfigAnswer), async (c) => {
    const [addresses, tokenPrice, rates] = await Promise.all([
      depositAddresses(readModels(c)),
      currentTokenPrice(deps.pool),
      feeRates(deps),
    ]);
    const depositAddress: Record<string, string> = {};
    for (const [family, currency, network] of FAMILY_PAIRS) {
      const address = addresses.find((e) => e.currency === currency && e.network === network)?.address;
      if (address) depositAddress[family] = address;
    }
    const conversionFees = { gold: rates.gold.rate, ruby: rates.ruby.rate, black: rates.black.rate };
    return c.json({ depositAddress, tokenPrice, conversionFees });
  });
  return app;
}
