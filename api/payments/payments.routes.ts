import type { Hono } from 'hono';
import { z } from 'zod';
import { assertActive, loadUser } from '../../app/auth/users.service.ts';
import {
  approvePayment,
  loadPayment,
  rejectPayment,
  submitPaymentProof,
} from '../../app/ledger/ledger.service.ts';
import { type MarketPrices, quoteForUser } from '../../app/payments/purchases.ts';
import { requireDepositAddress } from '../../app/settings/depositAddresses.service.ts';
import { unitsOf } from '../../domain/ledger/postings.ts';
import { PAYMENT_METHODS, type PaymentSubmission } from '../../domain/payments/payment.ts';
import { PAYMENT_TARGETS } from '../../domain/settings/depositAddresses.ts';
import { NotFoundError } from '../../domain/shared/errors.ts';
import {
  type PaymentRow,
  paymentsOfUser,
  pendingPayments,
} from '../../projections/payments/payments.queries.ts';
import { currentPrices, tokenPrice } from '../../projections/settings/settings.queries.ts';
import {
  adminDecision,
  SENT_FOR_APPROVAL,
  sentForApproval,
  sentForApprovalAnswer,
} from '../approvals/fourEyes.ts';
import type { Deps } from '../deps.ts';
import { commandRoute } from '../http/commandRoute.ts';
import type { AppEnv } from '../http/env.ts';
import { userIdSchema } from '../http/ids.ts';
import { limited } from '../http/limits.ts';
import { amountInput } from '../http/money.ts';
import { pageLimit } from '../http/paging.ts';
import { HttpProblem } from '../http/problem.ts';
import { readModels } from '../http/readReplica.ts';
import { REAUTHENTICATION_401, reauthenticationFields, requireReauthentication } from '../http/reauth.ts';
import { routerOf } from '../http/router.ts';
import { requireAdmin, requireUser } from '../http/session.ts';
import { storedText } from '../http/text.ts';
import { responds, validate } from '../http/validate.ts';

/** A decimal amount as a quote answers it (at most 8 decimals). */
function quotedAmount(name: string) {
  return z
    .string({ error: `${name} must be a decimal string` })
    .regex(/^\d{1,20}(\.\d{1,8})?$/, `${name} must be a decimal string with at most 8 decimals`);
}

const submitSchema = z.strictObject({
  paymentMethod: z.enum(PAYMENT_METHODS, {
    error: 'Payment method must be one of ETH, USDT, USDC, BTC, BNB',
  }),
  amount: amountInput('SAI'),
  notes: z
    .string()
    .max(500, 'Notes must be at most 500 characters')
    .superRefine(storedText('Notes'))
    .optional()
    .default(''),
  proofImageUrl: z
    .union([
      z.literal(''),
      z.url({ protocol: /^https$/, error: 'Proof image must be an https URL' }).max(2048),
    ])
    .optional()
    .default(''),
  // The terms the buyer was shown (GET /quote); when given, the proof is recorded on them or refused (409).
  quotedFee: quotedAmount('quotedFee').optional(),
  quotedCryptoAmount: quotedAmount('quotedCryptoAmount').optional(),
});

const verifySchema = z.strictObject({
  approved: z.boolean({ error: 'approved must be true or false' }),
  reason: z
    .string()
    .trim()
    .max(500, 'Reason must be at most 500 characters')
    .superRefine(storedText('Reason'))
    .optional(),
  // The admin's fresh proof for an approval, which mints (docs/security.md, "Admin re-authentication").
  ...reauthenticationFields,
});

const quoteQuery = z.strictObject({
  amount: amountInput('SAI'),
  currency: z.enum(PAYMENT_METHODS, { error: 'Currency must be one of ETH, USDT, USDC, BTC, BNB' }),
});

/** What a purchase costs (docs/product-rules.md rule 25): the numbers the proof records when submitted now. */
const quoteAnswer = z.object({
  amount: z.string().describe('SAI credited, decimal string'),
  tier: z.enum(['gold', 'ruby', 'black']),
  tierSource: z.enum(['stake']).describe("The tier is the one the buyer's card stake backs (money held)"),
  rate: z.string().describe('Conversion fee rate, percent'),
  fee: z.string().describe('SAI, charged on top of the amount'),
  total: z.string().describe('amount + fee, SAI'),
  currency: z.string(),
  cryptoAmount: z.string().describe('What to pay in `currency`, rounded up to its smallest unit'),
  tokenPrice: z.string().describe('SAI in USDT'),
  currencyPrice: z.string().describe('The currency in USD'),
  usdtPrice: z.string().describe('USDT in USD'),
});

/** The prices now, from the settings read model (each with its documented default until an admin sets it). */
async function marketPrices(deps: Deps): Promise<MarketPrices> {
  const [prices, token] = await Promise.all([currentPrices(deps.pool, deps.now()), tokenPrice(deps.pool)]);
  return {
    token: token.price,
    currencies: Object.fromEntries(
      Object.entries(prices).map(([currency, entry]) => [currency, entry.price]),
    ),
  };
}

const idParam = z.object({ id: z.string().uuid({ error: 'Payment verification not found' }) });
const userParam = z.object({ userId: userIdSchema('User not found') });

/** A token purchase (payment proof) and its verification. */
const paymentAnswer = z.object({
  id: z.string(),
  userId: z.string(),
  paymentMethod: z.string(),
  amount: z.string().describe('SAI bought, decimal string'),
  notes: z.string(),
  proofImageUrl: z.string(),
  status: z.enum(['pending', 'verified', 'rejected']),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  verifiedAt: z.string().nullable(),
  verifiedBy: z.string().nullable(),
  fee: z
    .string()
    .nullable()
    .describe('Conversion fee in SAI, on top of amount; null on proofs from before fees'),
  feeRate: z.string().nullable().describe('Percent'),
  tier: z.string().nullable().describe("The buyer's tier the rate was taken from"),
  cryptoAmount: z.string().nullable().describe('What the buyer was asked to pay, in paymentMethod'),
  username: z.string().optional().describe('Admin lists only'),
  email: z.string().optional().describe('Admin lists only'),
});
/** The admin's queue names who sent each proof. */
const pendingPaymentAnswer = paymentAnswer.extend({
  username: z.string().nullable(),
  email: z.string().nullable(),
});
const idempotent = { idempotencyKey: true };

export function paymentJson(row: PaymentRow): z.output<typeof paymentAnswer> {
  return {
    id: row.id,
    userId: row.userId,
    paymentMethod: row.paymentMethod,
    amount: row.amount,
    notes: row.notes,
    proofImageUrl: row.proofImageUrl,
    // The read model holds only the states the payment's events give.
    status: row.status as z.output<typeof paymentAnswer>['status'],
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt.toISOString(),
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    verifiedBy: row.verifiedBy,
    fee: row.fee,
    feeRate: row.feeRate,
    tier: row.tier,
    cryptoAmount: row.cryptoAmount,
    ...(row.username !== undefined ? { username: row.username, email: row.email } : {}),
  };
}

/** A proof as its submission recorded it, in the answer's shape: pending, as its first answer said. */
function submissionAnswer(recorded: PaymentSubmission): z.output<typeof paymentAnswer> {
  return {
    id: recorded.paymentId,
    userId: recorded.userId,
    paymentMethod: recorded.paymentMethod,
    amount: recorded.amount,
    notes: recorded.notes,
    proofImageUrl: recorded.proofImageUrl,
    status: 'pending',
    rejectionReason: null,
    createdAt: recorded.submittedAt,
    verifiedAt: null,
    verifiedBy: null,
    fee: recorded.fee ?? null,
    feeRate: recorded.feeRate ?? null,
    tier: recorded.tier ?? null,
    cryptoAmount: recorded.cryptoAmount ?? null,
  };
}

/**
 * A payment as its stream tells it (the decider's fold, app/ledger loadPayment), in the answer's shape: a
 * command answers from its own stream, never from a read model that may lag.
 */
async function paymentFromLog(deps: Deps, paymentId: string): Promise<z.output<typeof paymentAnswer> | null> {
  const state = await loadPayment(deps, paymentId);
  if (!state) return null;
  return {
    ...submissionAnswer(state.submission),
    status: state.status,
    rejectionReason: state.decision?.reason ?? null,
    verifiedAt: state.decision?.at ?? null,
    verifiedBy: state.decision?.by ?? null,
  };
}

export function paymentsRoutes(deps: Deps) {
  return routerOf(deps, [paymentSubmitRoutes, paymentQueueRoutes, paymentReviewRoute]);
}

/** The quote and the submission of a purchase. */
function paymentSubmitRoutes(app: Hono<AppEnv>, deps: Deps) {
  /** The quote the Buy form shows, computed as a submission now would record it. */
  app.get('/quote', responds(200, quoteAnswer), validate('query', quoteQuery), async (c) => {
    const session = requireUser(c);
    const { amount, currency } = c.req.valid('query');
    const quote = await quoteForUser(deps, {
      userId: session.userId,
      units: amount,
      currency,
      prices: await marketPrices(deps),
    });
    return c.json(quote);
  });

  app.post('/verify', responds(201, paymentAnswer, idempotent), validate('json', submitSchema), async (c) => {
    const session = requireUser(c);
    await limited(deps, 'money', session.userId);
    await assertActive(deps, session.userId);
    const input = c.req.valid('json');
    // A payment needs our address for its method to have been paid: refused, nothing written, without one.
    const paidTo = PAYMENT_TARGETS[input.paymentMethod];
    await requireDepositAddress(deps, paidTo.currency, paidTo.network, 'paymentMethod');
    return await commandRoute(c, deps, 'payment-proof', async (paymentId, metadata) => {
      const result = await submitPaymentProof(
        deps,
        {
          paymentId,
          userId: session.userId,
          paymentMethod: input.paymentMethod,
          units: input.amount,
          notes: input.notes,
          proofImageUrl: input.proofImageUrl,
          prices: await marketPrices(deps),
          quoted: { fee: input.quotedFee, cryptoAmount: input.quotedCryptoAmount },
        },
        metadata,
      );
      // The answer is the proof as recorded: the first submission's, on a retry too (one outcome per command).
      const submitted = result.events[0];
      const recorded =
        submitted?.type === 'PaymentProofSubmitted'
          ? submitted.data
          : (await loadPayment(deps, paymentId))?.submission;
      if (!recorded) throw new Error(`payment ${paymentId} decided nothing and has no proof recorded`);
      return { status: 201, position: result.position, body: submissionAnswer(recorded) };
    });
  });
}

/** The admins' lists of purchases. */
function paymentQueueRoutes(app: Hono<AppEnv>, deps: Deps) {
  app.get(
    '/pending',
    responds(200, z.array(pendingPaymentAnswer)),
    validate('query', z.strictObject({ limit: pageLimit(200) })),
    async (c) => {
      requireAdmin(c);
      return c.json((await pendingPayments(readModels(c), c.req.valid('query').limit)).map(paymentJson));
    },
  );

  app.get(
    '/user/:userId',
    responds(200, z.array(paymentAnswer)),
    validate('param', userParam),
    validate('query', z.strictObject({ limit: pageLimit(100) })),
    async (c) => {
      const session = requireUser(c);
      const { userId } = c.req.valid('param');
      if (userId !== session.userId && !session.isAdmin)
        throw new HttpProblem(403, 'You can only see your own payments');
      if (session.isAdmin && userId !== session.userId && !(await loadUser(deps, userId))) {
        throw new NotFoundError('User not found');
      }
      return c.json(
        (await paymentsOfUser(readModels(c), userId, c.req.valid('query').limit)).map(paymentJson),
      );
    },
  );
}

/** An admin's verification or rejection of a purchase. */
function paymentReviewRoute(app: Hono<AppEnv>, deps: Deps) {
  app.patch(
    '/:id/verify',
    responds(200, paymentAnswer, idempotent),
    responds(202, sentForApprovalAnswer, SENT_FOR_APPROVAL),
    responds(401, null, { description: REAUTHENTICATION_401 }),
    validate('param', idParam),
    validate('json', verifySchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      return await adminDecision(c, deps, 'payment-verify', id, async (admin, commandId, metadata) => {
        if (input.approved) {
          await requireReauthentication(deps, admin.userId, input);
          // A mint above the four-eyes threshold waits for a second admin (api/approvals).
          const payment = await loadPayment(deps, id);
          if (payment?.status === 'pending') {
            const waiting = await sentForApproval(
              deps,
              commandId,
              admin.userId,
              {
                action: 'paymentApproval',
                targetId: id,
                userId: payment.userId,
                asset: 'SAI',
                units: unitsOf(payment.amount, 'SAI').toString(),
                reason: input.reason ?? '',
                txHash: null,
              },
              metadata,
            );
            if (waiting) return waiting;
          }
        }
        const { position } = input.approved
          ? await approvePayment(deps, id, admin.userId, metadata, commandId)
          : await rejectPayment(deps, id, admin.userId, input.reason ?? '', metadata, commandId);
        // A command answers from its own stream (the write side), never from a read model that may lag.
        const decided = await paymentFromLog(deps, id);
        if (!decided) {
          c.set('wrotePosition', position);
          throw new NotFoundError('Payment verification not found');
        }
        return { status: 200, body: decided, position };
      });
    },
  );
}
