import type { Hono } from 'hono';
import { z } from 'zod';
import { assertActive, findUserIdByEmail } from '../../app/auth/users.service.ts';
import { declareDeposit, requestWithdrawal, withdrawalWritten } from '../../app/crypto/crypto.service.ts';
import { LIVE, refuseTxOfEarlierDeposit } from '../../app/crypto/earlierDeposits.ts';
import { transferTokens } from '../../app/ledger/ledger.service.ts';
import { requireDepositAddress } from '../../app/settings/depositAddresses.service.ts';
import { parseAddress } from '../../domain/crypto/addresses.ts';
import {
  confirmationsFor,
  DEPOSIT_NETWORKS,
  DISPLAY_DECIMALS,
  NETWORKS,
  type NetworkId,
  WITHDRAWAL_NETWORKS,
} from '../../domain/crypto/networks.ts';
import { ASSETS, CRYPTO_ASSETS, type CryptoAsset, minimumDecimals } from '../../domain/shared/money.ts';
import type { EventMetadata } from '../../infra/eventStore/eventStore.ts';
import {
  cryptoBalanceSheet,
  depositsOfUser,
  withdrawalsOfUser,
} from '../../projections/crypto/crypto.queries.ts';
import { currentPrices } from '../../projections/settings/settings.queries.ts';
import type { Deps } from '../deps.ts';
import { commandRoute } from '../http/commandRoute.ts';
import type { AppEnv } from '../http/env.ts';
import { userEmailSchema } from '../http/ids.ts';
import { limited } from '../http/limits.ts';
import { HttpProblem } from '../http/problem.ts';
import { readModels } from '../http/readReplica.ts';
import {
  REAUTHENTICATION_401,
  REAUTHENTICATION_FIELDS,
  reauthenticationFields,
  requireReauthentication,
  withStepUp,
} from '../http/reauth.ts';
import { routerOf } from '../http/router.ts';
import { requireUser } from '../http/session.ts';
import { storedText } from '../http/text.ts';
import { responds, validate } from '../http/validate.ts';
import { depositAnswer, depositJson, withdrawalAnswer, withdrawalJson } from './crypto.answers.ts';
import { amountField, exactAmount, txHashField } from './crypto.fields.ts';

const networkIds = Object.keys(NETWORKS) as [NetworkId, ...NetworkId[]];
const currency = z.enum(CRYPTO_ASSETS, { error: 'Currency must be one of BTC, ETH, USDT, USDC, SOL, XRP' });

/**
 * A balance with at least its currency's display decimals (docs/product-rules.md spec 9) and every significant digit: a screen
 * may shorten it, the API never drops a digit the ledger holds.
 */
function display(amount: string, asset: CryptoAsset | 'SAI'): string {
  return minimumDecimals(amount, DISPLAY_DECIMALS[asset]);
}

const declareSchema = z.strictObject({
  currency,
  network: z.enum(networkIds, { error: 'Please select a network' }),
  txHash: txHashField.optional(),
});

const noQuery = z.strictObject({});

const withdrawSchema = z
  .strictObject({
    currency,
    amount: amountField,
    address: z
      .string()
      .trim()
      .min(10, 'Address must be at least 10 characters')
      .max(128)
      .regex(/^[A-Za-z0-9:._-]+$/, 'Address contains invalid characters'),
    chain: z.enum(networkIds, { error: 'Please select a network' }),
    notes: z.string().max(300).superRefine(storedText('Notes')).optional().default(''),
    // Re-authentication (api/http/reauth.ts): the code when 2FA is on, else the password.
    ...reauthenticationFields,
  })
  .superRefine((input, ctx) => {
    // The network's own format and checksum, as for the deposit addresses an admin sets
    // (domain/crypto/addresses.ts): a BTC address on Ethereum, a bad EIP-55 checksum or a truncated
    // address is refused before anything is held.
    // (A network the currency does not go out on is the chain's own error, said further on.)
    if (input.address.length < 10 || !WITHDRAWAL_NETWORKS[input.currency].includes(input.chain)) return;
    const parsed = parseAddress(input.chain, input.address);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', path: ['address'], message: parsed.reason });
  });

const transferSchema = z.strictObject({
  recipientEmail: userEmailSchema,
  currency: z.enum(ASSETS, { error: 'Currency must be SAI, BTC, ETH, USDT, USDC, SOL or XRP' }),
  amount: amountField,
  description: z.string().max(200).superRefine(storedText('Description')).optional().default(''),
  // The sender's fresh proof, when the step-up rule asks for one (docs/security.md, "Step-up for transfers").
  ...reauthenticationFields,
});

const balancesAnswer = z.array(
  z.object({
    currency: z.enum(CRYPTO_ASSETS),
    balance: z.string().describe('Spendable, 8 decimals'),
    displayBalance: z.string(),
    onHold: z.string().describe('Held by pending withdrawals'),
  }),
);
const pricesAnswer = z.record(
  z.enum(CRYPTO_ASSETS),
  z.object({
    price: z.string(),
    change_24h: z.string(),
    updatedAt: z.string().nullable(),
    image: z.string(),
  }),
);
const networksAnswer = z.object({
  networks: z.record(z.enum(networkIds), z.string()),
  deposit: z.record(
    z.enum(CRYPTO_ASSETS),
    z.object({
      confirmations: z.number().int(),
      networks: z.array(z.object({ network: z.enum(networkIds), minimum: z.string().nullable() })),
    }),
  ),
  withdrawal: z.record(z.enum(CRYPTO_ASSETS), z.array(z.enum(networkIds))),
});
const transferAnswer = z.object({
  id: z.string(),
  type: z.literal('transfer'),
  currency: z.enum(ASSETS),
  amount: z.string().describe("Exact, with the asset's ledger decimals"),
  receiver_id: z.string(),
  status: z.literal('completed'),
  createdAt: z.string(),
});
const idempotent = { idempotencyKey: true };

export function cryptoRoutes(deps: Deps) {
  return routerOf(deps, [cryptoInfoRoutes, depositRoutes, withdrawalRoutes, cryptoTransferRoute]);
}

/** Balances, prices and networks. */
function cryptoInfoRoutes(app: Hono<AppEnv>, deps: Deps) {
  app.get('/balances', responds(200, balancesAnswer), async (c) => {
    const session = requireUser(c);
    const { balances, held } = await cryptoBalanceSheet(readModels(c), session.userId);
    return c.json(
      CRYPTO_ASSETS.map((asset) => ({
        currency: asset,
        // What may be spent or withdrawn; amounts of pending withdrawals are already out of it.
        balance: balances.get(asset) ?? '0.00000000',
        displayBalance: display(balances.get(asset) ?? '0', asset),
        onHold: held.get(asset) ?? '0.00000000',
      })),
    );
  });

  app.get('/prices', responds(200, pricesAnswer), async (c) => {
    const prices = await currentPrices(readModels(c), deps.now());
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(
      Object.fromEntries(
        Object.entries(prices).map(([asset, entry]) => [
          asset,
          { ...entry, image: `/crypto/${asset.toLowerCase()}.svg` },
        ]),
      ),
    );
  });

  app.get('/networks', responds(200, networksAnswer), (c) =>
    c.json({
      networks: NETWORKS,
      deposit: Object.fromEntries(
        CRYPTO_ASSETS.map((asset) => [
          asset,
          { confirmations: confirmationsFor(asset), networks: DEPOSIT_NETWORKS[asset] },
        ]),
      ),
      withdrawal: WITHDRAWAL_NETWORKS,
    }),
  );
}

/** Deposits declared by the user, and their list. */
function depositRoutes(app: Hono<AppEnv>, deps: Deps) {
  app.post(
    '/deposits',
    responds(201, depositAnswer, idempotent),
    validate('json', declareSchema),
    async (c) => {
      const session = requireUser(c);
      await assertActive(deps, session.userId);
      const input = c.req.valid('json');
      // A deposit to a (currency, network) without our address cannot arrive: refused, nothing written.
      if (DEPOSIT_NETWORKS[input.currency].some((item) => item.network === input.network))
        await requireDepositAddress(deps, input.currency, input.network, 'network');
      return await commandRoute(c, deps, 'crypto-deposit', async (depositId, metadata) => {
        if (input.txHash) await refuseTxOfEarlierDeposit(deps, input.network, input.txHash, depositId, LIVE);
        const result = await declareDeposit(
          deps,
          {
            depositId,
            userId: session.userId,
            asset: input.currency,
            network: input.network,
            txHash: input.txHash || null,
          },
          metadata,
        );
        const declared = result.events[0];
        if (declared?.type !== 'CryptoDepositDeclared')
          throw new HttpProblem(409, 'This deposit was already declared');
        // The answer comes from what was written, not from a read model that may lag.
        return {
          status: 201,
          position: result.position,
          body: depositJson({
            id: depositId,
            userId: session.userId,
            asset: declared.data.asset,
            network: declared.data.network,
            txHash: declared.data.txHash,
            status: 'pending',
            amount: null,
            rejectionReason: null,
            declaredAt: new Date(declared.data.declaredAt),
            decidedAt: null,
          }),
        };
      });
    },
  );

  // The user's own lists have a fixed cap (100, newest first) and take no parameters: a `limit` is a 400.
  app.get('/deposits', responds(200, z.array(depositAnswer)), validate('query', noQuery), async (c) => {
    const session = requireUser(c);
    return c.json((await depositsOfUser(readModels(c), session.userId)).map(depositJson));
  });
}

/** Withdrawals requested by the user, and their list. */
function withdrawalRoutes(app: Hono<AppEnv>, deps: Deps) {
  app.post(
    '/withdraw',
    responds(201, withdrawalAnswer, idempotent),
    responds(401, null, { description: REAUTHENTICATION_401 }),
    validate('json', withdrawSchema),
    async (c) => {
      const session = requireUser(c);
      const input = c.req.valid('json');
      if (!WITHDRAWAL_NETWORKS[input.currency].includes(input.chain)) {
        throw new HttpProblem(400, `${input.currency} cannot be withdrawn on ${NETWORKS[input.chain]}`, {
          fieldErrors: { chain: 'Please select a network' },
        });
      }
      const units = exactAmount(input.currency, input.amount);
      await limited(deps, 'money', session.userId);
      await assertActive(deps, session.userId);
      // Checked inside the command, after the Idempotency-Key's claim: a retry of a finished request answers
      // its first outcome even though its code is now spent; a 401 is not an outcome (the key is released).
      // A retry resuming an attempt that died after writing was re-authenticated by that attempt: it
      // finishes the same withdrawal without a new proof (its code is spent), and cannot hold twice.
      const reauthenticated = async (
        withdrawalId: string,
        metadata: EventMetadata,
        attempt: { resumed: boolean },
      ) => {
        if (!(attempt.resumed && (await withdrawalWritten(deps, session.userId, withdrawalId))))
          await requireReauthentication(deps, session.userId, input);
        return await withdraw(withdrawalId, metadata);
      };
      const withdraw = async (withdrawalId: string, metadata: EventMetadata) => {
        const { held, recorded } = await requestWithdrawal(
          deps,
          {
            withdrawalId,
            userId: session.userId,
            asset: input.currency,
            units,
            address: input.address,
            chain: input.chain,
            notes: input.notes,
          },
          metadata,
        );
        const position = recorded?.position ?? held.position;
        const requested = recorded?.events[0];
        if (requested?.type !== 'WithdrawalRequested') {
          c.set('wrotePosition', position);
          throw new HttpProblem(409, 'This withdrawal was already requested');
        }
        const d = requested.data;
        return {
          status: 201,
          position,
          body: withdrawalJson(
            {
              id: withdrawalId,
              userId: d.userId,
              asset: d.asset,
              amount: d.amount,
              address: d.address,
              chain: d.chain,
              notes: d.notes,
              status: 'pending',
              txHash: null,
              failureReason: null,
              requestedAt: new Date(d.requestedAt),
              decidedAt: null,
            },
            deps.now(),
          ),
        };
      };
      return await commandRoute(c, deps, 'withdrawal', reauthenticated, {
        unhashed: REAUTHENTICATION_FIELDS,
      });
    },
  );

  app.get('/withdrawals', responds(200, z.array(withdrawalAnswer)), validate('query', noQuery), async (c) => {
    const session = requireUser(c);
    return c.json(
      (await withdrawalsOfUser(readModels(c), session.userId)).map((w) => withdrawalJson(w, deps.now())),
    );
  });
}

function cryptoTransferRoute(app: Hono<AppEnv>, deps: Deps) {
  /** Sends any supported currency (SAI included) to a user found by e-mail; free (docs/product-rules.md rule 19). */
  app.post(
    '/transfer',
    responds(201, transferAnswer, idempotent),
    responds(401, null, { description: REAUTHENTICATION_401 }),
    validate('json', transferSchema),
    async (c) => {
      const session = requireUser(c);
      const input = c.req.valid('json');
      const units = exactAmount(input.currency, input.amount, 'Amount must be a positive number');
      await limited(deps, 'money', session.userId);
      await assertActive(deps, session.userId);
      const receiverId = await findUserIdByEmail(deps, input.recipientEmail);
      if (!receiverId)
        throw new HttpProblem(404, 'Recipient not found', {
          fieldErrors: { recipientEmail: 'Recipient not found' },
        });
      const answer = async (transactionId: string, metadata: EventMetadata) => {
        const result = await withStepUp(deps, session.userId, input, (stepUp) =>
          transferTokens(
            deps,
            {
              transactionId,
              fromUserId: session.userId,
              toUserId: receiverId,
              units,
              description: input.description,
              asset: input.currency,
              stepUp,
            },
            metadata,
          ),
        );
        // The answer is the debit as the log recorded it (a retry's own body never shapes it).
        const { transfer } = result;
        return {
          status: 201,
          position: result.position,
          body: {
            id: transactionId,
            type: 'transfer',
            currency: transfer.asset,
            // Exact, with the asset's ledger decimals: display rounding belongs to the screen.
            amount: transfer.amount,
            receiver_id: transfer.toUserId,
            status: 'completed',
            createdAt: transfer.transferredAt,
          },
        };
      };
      return await commandRoute(c, deps, 'crypto-transfer', answer, { unhashed: REAUTHENTICATION_FIELDS });
    },
  );
}
