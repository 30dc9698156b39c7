import { z } from 'zod';
import { userIdSchema } from '../http/ids.ts';
import { amountInput } from '../http/money.ts';
import { pageCursor, pageLimit } from '../http/paging.ts';
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
});

// ISO 8601 only (four-digit years): Date.parse alone took "-271821-04-20", which Postgres cannot store.
const isoDate = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'Must be a date like 2026-01-31' })
  .transform((v) => new Date(v));
const limit = pageLimit(100, 50);
const cursor = pageCursor;
export const TRANSACTION_TYPES = [
  'transfer',
  'admin_deposit',
  'deposit',
  'card_payment',
  'crypto_deposit',
  'withdrawal',
  'other',
] as const;
export const TRANSACTION_STATUSES = ['completed', 'pending', 'failed'] as const;

export const ownTransactionsQuery = z.strictObject({
  type: z.enum(TRANSACTION_TYPES).optional(),
  status: z.enum(TRANSACTION_STATUSES).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  cursor,
  limit,
});

export const allTransactionsQuery = z.strictObject({
  q: z.string().trim().max(100).optional(),
  type: z.enum(TRANSACTION_TYPES).optional(),
  status: z.enum(TRANSACTION_STATUSES).optional(),
  cursor,
  limit,
});

/** A transaction as the lists show it; amounts are exact decimal strings with the asset's decimals. */
export const transactionAnswer = z.object({
  id: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  asset: z.string(),
  amount: z.string(),
  sender_id: z.string().nullable(),
  receiver_id: z.string().nullable(),
  senderName: z.string().nullable(),
  receiverName: z.string().nullable(),
  description: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  createdAt: z.string(),
});

/** One of the caller's own transactions, seen from their account. */
export const ownTransactionAnswer = transactionAnswer.extend({
  direction: z.enum(['sent', 'received']),
  signedAmount: z.string().describe('"-3.00" when sent, "+3.00" when received'),
  balanceAfter: z.string().describe("The account's balance in this asset right after"),
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
