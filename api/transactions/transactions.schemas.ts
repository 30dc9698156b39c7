import { z } from 'zod';
import { HISTORY_STATES, HISTORY_STATUSES, HISTORY_TYPES } from '../../domain/ledger/history.ts';
import { ASSETS } from '../../domain/shared/money.ts';
import { userIdSchema } from '../http/ids.ts';
import { amountInput } from '../http/money.ts';
import { pageCursor, pageLimit } from '../http/paging.ts';
import { reauthenticationFields } from '../http/reauth.ts';
import { storedText } from '../http/text.ts';

const userId = userIdSchema('Recipient not found');

/** The spec client's payload (section 7): `status` is accepted and ignored, `sender_id` must be the caller. */
export const createTransactionSchema = z.strictObject({
  type: z.enum(['transfer', 'admin_deposit'], { error: 'Type must be transfer or admin_deposit' }),
  amount: amountInput('SAI'),
  receiver_id: userId,
  sender_id: z.string().max(64).nullish(),
  description: z
    .string()
    .max(200, 'Description must be at most 200 characters')
    .superRefine(storedText('Description'))
    .optional()
    .default(''),
  status: z.string().max(20).optional(),
  // The sender's fresh proof, when the step-up rule asks for one (docs/security.md, "Step-up for transfers").
  ...reauthenticationFields,
});

// ISO 8601 only (four-digit years): Date.parse alone took "-271821-04-20", which Postgres cannot store.
const isoDate = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'Must be a date like 2026-01-31' })
  .transform((v) => new Date(v));
const limit = pageLimit(100, 50);
const cursor = pageCursor;
/** The one vocabulary of the history (domain/ledger/history.ts). */
export const TRANSACTION_TYPES = HISTORY_TYPES;
export const TRANSACTION_STATUSES = HISTORY_STATUSES;

export const ownTransactionsQuery = z
  .strictObject({
    asset: z.enum(ASSETS, { error: `asset must be one of ${ASSETS.join(', ')}` }).optional(),
    type: z
      .enum(TRANSACTION_TYPES, { error: `type must be one of ${TRANSACTION_TYPES.join(', ')}` })
      .optional(),
    status: z
      .enum(TRANSACTION_STATUSES, { error: `status must be one of ${TRANSACTION_STATUSES.join(', ')}` })
      .optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    q: z
      .string()
      .trim()
      .max(100, 'q must be at most 100 characters')
      .superRefine(storedText('q'))
      .optional()
      .transform((v) => v || undefined),
    cursor,
    limit,
  })
  .refine((q) => !q.from || !q.to || q.from < q.to, {
    message: 'from must be before to',
    path: ['from'],
  });

export const allTransactionsQuery = z.strictObject({
  q: z.string().trim().max(100).optional(),
  type: z.enum(TRANSACTION_TYPES).optional(),
  status: z.enum(TRANSACTION_STATUSES).optional(),
  cursor,
  limit,
});

/** The first fields of every answer about one transaction (the lists', an admin's detail). */
export const transactionHead = {
  id: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  asset: z.string(),
  amount: z.string(),
  sender_id: z.string().nullable(),
  receiver_id: z.string().nullable(),
};

/** A transaction as the lists show it; amounts are exact decimal strings with the asset's decimals. */
export const transactionAnswer = z.object({
  ...transactionHead,
  senderName: z.string().nullable(),
  receiverName: z.string().nullable(),
  description: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  createdAt: z.string(),
});

/** One movement of the caller's own history, seen from their account (docs/architecture/history.md). */
export const ownTransactionAnswer = transactionAnswer.extend({
  id: z.string().describe('The reference: GET /api/transactions/{id} answers its receipt'),
  amount: z.string().nullable().describe('null while a declared crypto deposit awaits its amount'),
  state: z.enum(HISTORY_STATES).describe('Where the movement stands in its own lifecycle'),
  direction: z.enum(['sent', 'received']),
  signedAmount: z
    .string()
    .nullable()
    .describe('"-3.00" when sent, "+3.00" when received; null when the balance did not move'),
  balanceAfter: z
    .string()
    .nullable()
    .describe("The account's balance in this asset right after; null when it did not move"),
  returned: z
    .boolean()
    .describe(
      "True on the row where a failed withdrawal's held amount came back (the same movement's second row, after its hold)",
    ),
});

/** A movement's id: a transaction's, a crypto deposit's or a withdrawal's. Anything else is not found. */
export const receiptParam = z.object({
  id: z.string().regex(/^[A-Za-z0-9:._-]{1,100}$/, 'Transaction not found'),
});

/** A movement's receipt: what the history row says, with its lifecycle, fee and balances. */
export const receiptAnswer = z.object({
  id: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  status: z.enum(TRANSACTION_STATUSES),
  state: z.enum(HISTORY_STATES),
  asset: z.string(),
  amount: z.string().nullable(),
  fee: z.string().describe('"0" when free; a leg of the same transaction to a fees account otherwise'),
  feeAsset: z.string(),
  direction: z.enum(['sent', 'received']),
  counterparty: z.string(),
  description: z.string(),
  createdAt: z.string(),
  timeline: z.array(z.object({ state: z.enum(HISTORY_STATES), at: z.string() })),
  balanceBefore: z.string().nullable(),
  balanceAfter: z.string().nullable(),
  network: z.string().nullable(),
  address: z.string().nullable(),
  txHash: z.string().nullable(),
  reason: z.string().nullable(),
  holder: z
    .object({ name: z.string(), email: z.string() })
    .nullable()
    .describe('Whose receipt it is: the account it is seen from (null once that person is erased)'),
});

export const ownTransactionsAnswer = z.object({
  transactions: z.array(ownTransactionAnswer),
  nextCursor: z.string().nullable(),
});

export const allTransactionsAnswer = z.object({
  transactions: z.array(transactionAnswer),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});

/** The answer to a new SAI distribution or transfer. */
export const createdTransactionAnswer = z.object({
  id: z.string(),
  type: z.enum(['admin_deposit', 'transfer']),
  asset: z.literal('SAI'),
  amount: z.string(),
  sender_id: z.string().nullable(),
  receiver_id: z.string(),
  description: z.string(),
  status: z.literal('completed'),
  createdAt: z.string(),
});
