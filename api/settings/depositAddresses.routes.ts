import { Hono } from 'hono';
import { z } from 'zod';
import { changeDepositAddress } from '../../app/settings/depositAddresses.service.ts';
import { NETWORKS, type NetworkId } from '../../domain/crypto/networks.ts';
import { DEPOSIT_CURRENCIES } from '../../domain/settings/depositAddresses.ts';
import type { EventMetadata } from '../../infra/eventStore/eventStore.ts';
import {
  type DepositAddressEntry,
  depositAddresses,
} from '../../projections/settings/depositAddresses.queries.ts';
import type { Deps } from '../deps.ts';
import { type CommandAnswer, commandRoute } from '../http/commandRoute.ts';
import type { AppEnv } from '../http/env.ts';
import { readModels } from '../http/readReplica.ts';
import { requireAdmin, requireUser } from '../http/session.ts';
import { responds, validate } from '../http/validate.ts';

const networkIds = Object.keys(NETWORKS) as [NetworkId, ...NetworkId[]];
const currencies = DEPOSIT_CURRENCIES as [string, ...string[]];

const addressAnswer = z.object({
  currency: z.enum(currencies),
  network: z.enum(networkIds),
  networkName: z.string().describe('The network as people call it, e.g. "Tron TRC-20"'),
  minimum: z.string().nullable().describe('Smallest deposit credited; null = none'),
  address: z.string().nullable().describe('Null: no address is set, deposits and payments are refused'),
});
const adminAddressAnswer = addressAnswer.extend({
  source: z.string().nullable().describe("'admin', or the variable that seeded it (DEPOSIT_ADDRESS_…)"),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable().describe('The admin who set it; null when seeded or unset'),
});
const pairParam = z.object({
  currency: z.enum(currencies, { error: 'Unknown currency' }),
  network: z.enum(networkIds, { error: 'Unknown network' }),
});
const setSchema = z.strictObject({
  address: z.string({ error: 'Enter the address' }).max(128, 'An address has at most 128 characters'),
});

function userJson(entry: DepositAddressEntry): z.output<typeof addressAnswer> {
  return {
    currency: entry.currency,
    network: entry.network,
    networkName: NETWORKS[entry.network],
    minimum: entry.minimum,
    address: entry.address,
  };
}

function adminJson(entry: DepositAddressEntry): z.output<typeof adminAddressAnswer> {
  return { ...userJson(entry), source: entry.source, updatedAt: entry.updatedAt, updatedBy: entry.updatedBy };
}

/** GET /api/crypto/deposit-addresses: where to send each currency on each network, for signed-in users. */
export function depositAddressRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/', responds(200, z.array(addressAnswer)), async (c) => {
    requireUser(c);
    return c.json((await depositAddresses(readModels(c))).map(userJson));
  });
  return app;
}

/** /api/admin/settings/deposit-addresses: view, set and clear them; each change is an audited event. */
export function adminDepositAddressRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/', responds(200, z.array(adminAddressAnswer)), async (c) => {
    requireAdmin(c);
    return c.json((await depositAddresses(readModels(c))).map(adminJson));
  });

  const readPair = (currency: string, network: string) => async () =>
    adminJson(
      (await depositAddresses(deps.pool)).find((e) => e.currency === currency && e.network === network)!,
    );
  // A set and a clear answer alike: the pair as it reads once the deposit-address projection has the change.
  const changed = async (
    command: Parameters<typeof changeDepositAddress>[1],
    metadata: EventMetadata,
  ): Promise<CommandAnswer> => {
    const result = await changeDepositAddress(deps, command, metadata);
    return {
      status: 200,
      position: result.position,
      waitFor: ['deposit-addresses'],
      read: readPair(command.data.currency, command.data.network),
    };
  };

  app.put(
    '/:currency/:network',
    responds(200, adminAddressAnswer),
    validate('param', pairParam),
    validate('json', setSchema),
    async (c) => {
      const admin = requireAdmin(c);
      const { currency, network } = c.req.valid('param');
      const { address } = c.req.valid('json');
      return await commandRoute(c, deps, null, async (_, metadata) =>
        changed(
          {
            type: 'SetDepositAddress',
            data: { currency, network, address, adminId: admin.userId },
            now: deps.now(),
          },
          metadata,
        ),
      );
    },
  );

  app.delete(
    '/:currency/:network',
    responds(200, adminAddressAnswer),
    validate('param', pairParam),
    async (c) => {
      const admin = requireAdmin(c);
      const { currency, network } = c.req.valid('param');
      return await commandRoute(c, deps, null, async (_, metadata) =>
        changed(
          {
            type: 'ClearDepositAddress',
            data: { currency, network, adminId: admin.userId },
            now: deps.now(),
          },
          metadata,
        ),
      );
    },
  );

  return app;
}
