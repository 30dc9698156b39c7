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
