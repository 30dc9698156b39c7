import { Hono } from 'hono';
import { z } from 'zod';
import { cryptoDepositDecider, cryptoDepositStream } from '../../domain/crypto/cryptoDeposit.ts';
import {
  confirmationsFor,
  DEPOSIT_NETWORKS,
  DISPLAY_DECIMALS,
  NETWORKS,
  type NetworkId,
  WITHDRAWAL_NETWORKS,
} from '../../domain/crypto/networks.ts';
import {
  ASSETS,
  CRYPTO_ASSETS,
  type CryptoAsset,
  formatUnits,
  minimumDecimals,
  parseAmount,
} from '../../domain/shared/money.ts';
import {
  cryptoBalances,
  depositQueue,
  depositsOfUser,
  pendingWithdrawalTotals,
  withdrawalQueue,
  withdrawalsOfUser,
} from '../../projections/crypto/crypto.queries.ts';
import { currentPrices } from '../../projections/settings/settings.queries.ts';
import { assertActive, findUserIdByEmail } from '../auth/users.service.ts';
import { loadState } from '../commands/handleCommand.ts';
import type { Deps } from '../deps.ts';
import { requestMetadata } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { idempotent } from '../http/idempotency.ts';
import { limited } from '../http/limits.ts';
import { amountText } from '../http/money.ts';
import { HttpProblem } from '../http/problem.ts';
import { requireAdmin, requireUser } from '../http/session.ts';
import { storedText } from '../http/text.ts';
import { validate } from '../http/validate.ts';
import { transferTokens } from '../ledger/ledger.service.ts';
import { depositJson, withdrawalJson } from './crypto.answers.ts';
import {
  completeWithdrawal,
  confirmDeposit,
  declareDeposit,
  failWithdrawal,
  rejectDeposit,
  requestWithdrawal,
} from './crypto.service.ts';

const networkIds = Object.keys(NETWORKS) as [NetworkId, ...NetworkId[]];
const currency = z.enum(CRYPTO_ASSETS, { error: 'Currency must be one of BTC, ETH, USDT, USDC, SOL, XRP' });

/**
 * A balance with at least its currency's display decimals (spec 9) and every significant digit: a screen
 * may shorten it, the API never drops a digit the ledger holds.
 */
function display(amount: string, asset: CryptoAsset | 'SAI'): string {
  return minimumDecimals(amount, DISPLAY_DECIMALS[asset]);
}

function exactAmount(
  asset: CryptoAsset | 'SAI',
  value: string,
  message = 'Amount must be greater than 0',
): bigint {
  const parsed = parseAmount(value, asset);
  if (!parsed.ok)
    throw new HttpProblem(
      400,
      parsed.reason === 'Amount must be a positive number' ? message : parsed.reason,
      {
        fieldErrors: {
          amount: parsed.reason === 'Amount must be a positive number' ? message : parsed.reason,
        },
      },
    );
  return parsed.units;
}

const declareSchema = z.strictObject({
  currency,
  network: z.enum(networkIds, { error: 'Please select a network' }),
  txHash: z
    .string()
    .trim()
    .max(128)
    .regex(/^[A-Za-z0-9]*$/, 'Transaction hash may only contain letters and digits')
    .optional(),
});

const noQuery = z.strictObject({});

/** The amount's text as written (a JSON number's literal, never its double); parsed once the asset is known. */
const amountField = amountText('Amount must be greater than 0');

const withdrawSchema = z.strictObject({
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
});

const transferSchema = z.strictObject({
  recipientEmail: z
    .string({ error: 'Valid email is required' })
    .trim()
    .max(254)
    .pipe(z.email({ error: 'Valid email is required' })),
  currency: z.enum(ASSETS, { error: 'Currency must be SAI, BTC, ETH, USDT, USDC, SOL or XRP' }),
  amount: amountField,
  description: z.string().max(200).superRefine(storedText('Description')).optional().default(''),
});

export function cryptoRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/balances', async (c) => {
    const session = requireUser(c);
    const [balances, held] = await Promise.all([
      cryptoBalances(deps.pool, session.userId),
      pendingWithdrawalTotals(deps.pool, session.userId),
    ]);
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

  app.get('/prices', async (c) => {
    const prices = await currentPrices(deps.pool);
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

  app.get('/networks', (c) =>
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

  app.post('/deposits', validate('json', declareSchema), async (c) => {
    const session = requireUser(c);
    await assertActive(deps, session.userId);
    const input = c.req.valid('json');
    return await idempotent(c, deps, 'crypto-deposit', async (depositId) => {
      const result = await declareDeposit(
        deps,
        {
          depositId,
          userId: session.userId,
          asset: input.currency,
          network: input.network,
          txHash: input.txHash || null,
        },
        requestMetadata(session.userId, c.get('requestId'), c.req.header('idempotency-key') ?? null),
      );
      c.set('wrotePosition', result.position);
      const declared = result.events[0];
      if (declared?.type !== 'CryptoDepositDeclared')
        throw new HttpProblem(409, 'This deposit was already declared');
      // The answer comes from what was written, not from a read model that may lag.
      return {
        status: 201,
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
  });

  // The user's own lists have a fixed cap (100, newest first) and take no parameters: a `limit` is a 400.
  app.get('/deposits', validate('query', noQuery), async (c) => {
    const session = requireUser(c);
    return c.json((await depositsOfUser(deps.pool, session.userId)).map(depositJson));
  });

  app.post('/withdraw', validate('json', withdrawSchema), async (c) => {
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
    return await idempotent(c, deps, 'withdrawal', async (withdrawalId) => {
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
        requestMetadata(session.userId, c.get('requestId'), c.req.header('idempotency-key') ?? null),
      );
      c.set('wrotePosition', recorded?.position ?? held.position);
      const requested = recorded?.events[0];
      if (requested?.type !== 'WithdrawalRequested')
        throw new HttpProblem(409, 'This withdrawal was already requested');
      const d = requested.data;
      return {
        status: 201,
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
    });
  });

  app.get('/withdrawals', validate('query', noQuery), async (c) => {
    const session = requireUser(c);
    return c.json(
      (await withdrawalsOfUser(deps.pool, session.userId)).map((w) => withdrawalJson(w, deps.now())),
    );
  });

  /** Sends any supported currency (SAI included) to a user found by e-mail; free (DECISIONS.md 19). */
  app.post('/transfer', validate('json', transferSchema), async (c) => {
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
    return await idempotent(c, deps, 'crypto-transfer', async (transactionId) => {
      const result = await transferTokens(
        deps,
        {
          transactionId,
          fromUserId: session.userId,
          toUserId: receiverId,
          units,
          description: input.description,
          asset: input.currency,
        },
        requestMetadata(session.userId, c.get('requestId'), c.req.header('idempotency-key') ?? null),
      );
      c.set('wrotePosition', result.position);
      return {
        status: 201,
        body: {
          id: transactionId,
          type: 'transfer',
          currency: input.currency,
          // Exact, with the asset's ledger decimals: display rounding belongs to the screen.
          amount: formatUnits(units, input.currency),
          receiver_id: receiverId,
          status: 'completed',
          createdAt: result.createdAt,
        },
      };
    });
  });

  return app;
}

const queueQuery = z.strictObject({
  status: z.enum(['pending', 'confirmed', 'rejected', 'completed', 'failed']).default('pending'),
});
const idParam = z.object({ id: z.string().uuid({ error: 'Not found' }) });
const depositDecision = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('confirm'), amount: amountField }),
  z.strictObject({
    action: z.literal('reject'),
    reason: z.string().trim().max(300).superRefine(storedText('Reason')).optional().default(''),
  }),
]);
const withdrawalDecision = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('complete'),
    txHash: z
      .string()
      .trim()
      .min(8, 'Enter the outgoing transaction hash')
      .max(128)
      .regex(/^[A-Za-z0-9]+$/, 'Transaction hash may only contain letters and digits'),
  }),
  z.strictObject({
    action: z.literal('fail'),
    reason: z
      .string()
      .trim()
      .min(3, 'Say why the withdrawal failed')
      .max(300)
      .superRefine(storedText('Reason')),
  }),
]);

/** Admin queues: declared deposits to confirm, withdrawals to send. */
export function adminCryptoRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/deposits', validate('query', queueQuery), async (c) => {
    requireAdmin(c);
    return c.json((await depositQueue(deps.pool, c.req.valid('query').status)).map(depositJson));
  });

  app.patch('/deposits/:id', validate('param', idParam), validate('json', depositDecision), async (c) => {
    const admin = requireAdmin(c);
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    const metadata = requestMetadata(
      admin.userId,
      c.get('requestId'),
      c.req.header('idempotency-key') ?? null,
    );
    const { state } = await loadState(deps, cryptoDepositStream(id), cryptoDepositDecider);
    if (state.status === 'none') throw new HttpProblem(404, 'Deposit not found');
    return await idempotent(c, deps, `deposit-decision:${id}`, async (commandId) => {
      let position = null;
      if (input.action === 'confirm') {
        const units = exactAmount(state.asset, input.amount);
        position = (await confirmDeposit(deps, id, units, admin.userId, metadata, commandId)).position;
      } else {
        position = (await rejectDeposit(deps, id, input.reason, admin.userId, metadata, commandId)).position;
      }
      c.set('wrotePosition', position);
      if (position) await deps.runner.waitFor(position, ['crypto', 'ledger'], 1_000);
      return { status: 200, body: { id, status: input.action === 'confirm' ? 'confirmed' : 'rejected' } };
    });
  });

  app.get('/withdrawals', validate('query', queueQuery), async (c) => {
    requireAdmin(c);
    return c.json(
      (await withdrawalQueue(deps.pool, c.req.valid('query').status)).map((w) =>
        withdrawalJson(w, deps.now()),
      ),
    );
  });

  app.patch(
    '/withdrawals/:id',
    validate('param', idParam),
    validate('json', withdrawalDecision),
    async (c) => {
      const admin = requireAdmin(c);
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const metadata = requestMetadata(
        admin.userId,
        c.get('requestId'),
        c.req.header('idempotency-key') ?? null,
      );
      return await idempotent(c, deps, `withdrawal-decision:${id}`, async (commandId) => {
        const position =
          input.action === 'complete'
            ? (await completeWithdrawal(deps, id, input.txHash, admin.userId, metadata, commandId)).position
            : (await failWithdrawal(deps, id, input.reason, admin.userId, metadata, commandId)).released
                .position;
        c.set('wrotePosition', position);
        if (position) await deps.runner.waitFor(position, ['crypto', 'ledger'], 1_000);
        return { status: 200, body: { id, status: input.action === 'complete' ? 'completed' : 'failed' } };
      });
    },
  );

  return app;
}
