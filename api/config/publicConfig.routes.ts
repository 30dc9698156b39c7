import { Hono } from 'hono';
import { z } from 'zod';
import type { Deps } from '../../runtime/deps.ts';
import type { AppEnv } from '../http/env.ts';
import { responds } from '../http/validate.ts';
import { currentTokenPrice } from '../settings/tokenPrice.ts';

const publicConfigAnswer = z.object({
  depositAddress: z.record(z.string(), z.string()).describe('Per network family, where configured'),
  tokenPrice: z.string().describe('USD per SAI'),
});

/** What the client may know of the configuration: deposit addresses and the token price. */
export function publicConfigRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/public', responds(200, publicConfigAnswer), async (c) => {
    const { config } = deps;
    const depositAddress = Object.fromEntries(
      (
        [
          ['ETH', config.DEPOSIT_ADDRESS_ETH],
          ['BTC', config.DEPOSIT_ADDRESS_BTC],
          ['SOL', config.DEPOSIT_ADDRESS_SOL],
          ['XRP', config.DEPOSIT_ADDRESS_XRP],
          ['TRX', config.DEPOSIT_ADDRESS_TRX],
        ] as const
      ).filter(([, address]) => address !== undefined),
    );
    return c.json({ depositAddress, tokenPrice: await currentTokenPrice(deps.pool) });
  });
  return app;
}
