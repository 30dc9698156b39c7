import { Hono } from 'hono';
import { z } from 'zod';
import { userAccount } from '../../domain/ledger/postings.ts';
import { valuePortfolio } from '../../domain/portfolio/valuation.ts';
import { DEFAULT_PRICES, DEFAULT_TOKEN_PRICE_USDT } from '../../domain/settings/defaults.ts';
import { ASSETS, type Asset } from '../../domain/shared/money.ts';
import { portfolioRows } from '../../projections/users/portfolio.queries.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { readModels } from '../http/readReplica.ts';
import { requireUser } from '../http/session.ts';
import { responds } from '../http/validate.ts';

const DAY_MS = 86_400_000;

const portfolioAnswer = z.object({
  currency: z.literal('USD'),
  value: z.string().describe('Every holding at the prices now, 2 decimals'),
  valueDayAgo: z.string().describe('The same holdings at the prices of 24 hours ago, 2 decimals'),
  change24h: z.string().describe('value − valueDayAgo, 2 decimals'),
  changePercent24h: z.string().nullable().describe('Percent of valueDayAgo, 2 decimals; null when it is 0'),
  asOf: z.string(),
});

/** The price the settings held for `asset`: the one set, else the documented default. */
function priceOr(asset: Asset, set: string | null): string {
  if (set !== null) return set;
  return asset === 'SAI' ? DEFAULT_TOKEN_PRICE_USDT : DEFAULT_PRICES[asset].price;
}

/**
 * The signed-in user's portfolio total: SAI and every crypto balance valued at the admin's prices, and its
 * change over 24 hours from the stored price history (domain/portfolio/valuation.ts).
 */
export function portfolioRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/', responds(200, portfolioAnswer), async (c) => {
    const session = requireUser(c);
    const now = deps.now();
    const rows = await portfolioRows(
      readModels(c),
      session.userId,
      userAccount(session.userId),
      ASSETS,
      new Date(now.getTime() - DAY_MS),
    );
    const valuation = valuePortfolio(
      rows.map((row) => {
        const asset = row.asset as Asset;
        return {
          asset,
          amount: row.amount,
          priceNow: priceOr(asset, row.priceNow),
          priceDayAgo: priceOr(asset, row.priceDayAgo),
        };
      }),
    );
    c.header('Cache-Control', 'private, no-store');
    return c.json({
      currency: 'USD' as const,
      value: valuation.value,
      valueDayAgo: valuation.valueDayAgo,
      change24h: valuation.change,
      changePercent24h: valuation.changePercent,
      asOf: now.toISOString(),
    });
  });
  return app;
}
