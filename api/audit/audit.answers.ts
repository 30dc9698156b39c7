import { z } from 'zod';
import { TRANSACTION_STATUSES, transactionHead } from '../transactions/transactions.schemas.ts';

/** The audit and finance answers (audit.routes.ts), for the OpenAPI document. */
const balance = z.string().describe('Decimal string, 8 decimals');

export const streamAnswer = z.object({
  stream: z.string(),
  events: z.array(
    z.object({
      id: z.string(),
      revision: z.number().int(),
      position: z.string().describe('commit-prepare'),
      time: z.string(),
      type: z.string(),
      data: z.unknown(),
      actorId: z.string().nullable(),
      correlationId: z.string(),
      causationId: z.string().nullable(),
      idempotencyKey: z.string().nullable(),
      prevHash: z.string().nullable(),
      hash: z.string(),
      hashValid: z.boolean().describe('The hash recomputed from the event matches the stored one'),
    }),
  ),
  nextRevision: z.number().int().nullable(),
});

export const userStreamsAnswer = z.object({ streams: z.array(z.string()), truncated: z.boolean() });

export const balanceAnswer = z.object({
  account: z.string(),
  asset: z.string(),
  at: z.string().optional().describe('When asked as of a time'),
  position: z.string().optional().describe('When asked as of a log position'),
  balance,
});

export const statementAnswer = z.object({
  account: z.string(),
  asset: z.string(),
  from: z.string(),
  to: z.string(),
  openingBalance: balance,
  closingBalance: balance,
  truncated: z.boolean(),
  rows: z.array(
    z.object({
      position: z.string(),
      time: z.string(),
      transactionId: z.string(),
      type: z.string(),
      amount: balance,
      balanceAfter: balance,
      counterparty: z.string(),
      description: z.string(),
    }),
  ),
});

/** One row per projection this process runs. */
export const projectionStatusAnswer = z.object({
  name: z.string(),
  state: z.enum(['starting', 'standby', 'running', 'retrying', 'stopped']),
  checkpoint: z.string().nullable().describe('commit-prepare; null before its first event'),
  eventsProcessed: z.number().int(),
  lagEvents: z.number().int().describe('Events after the checkpoint, counted up to a cap'),
  lagEventsCapped: z.boolean(),
  lagMs: z.number().describe('Age of the oldest unprocessed event'),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  retryCount: z.number().int(),
});
export const projectionsAnswer = z.array(projectionStatusAnswer);

export const transactionDetailAnswer = z.object({
  transaction: z.looseObject({
    ...transactionHead,
    sender_name: z.string().nullable(),
    receiver_name: z.string().nullable(),
    description: z.string(),
    status: z.enum(TRANSACTION_STATUSES),
    actor_id: z.string().nullable(),
    actor_name: z
      .string()
      .nullable()
      .describe("Who initiated it, by name: the actor's username (null: the system)"),
    createdAt: z.string(),
  }),
  events: z.array(
    z.object({
      id: z.string(),
      stream: z.string(),
      revision: z.number().int(),
      position: z.string(),
      type: z.string(),
      time: z.string(),
      actorId: z.string().nullable(),
      actorName: z.string().nullable(),
      correlationId: z.string(),
      causationId: z.string().nullable(),
      hash: z.string(),
    }),
  ),
  balances: z.array(
    z.object({
      account: z.string(),
      asset: z.string(),
      position: z.string(),
      before: balance,
      after: balance,
    }),
  ),
});

/** A CSV download: a header line, then one line per row (RFC 4180, CRLF). */
export const csvText = z.string().describe('CSV, header line first');
export const ndjsonText = z.string().describe('One JSON object per line');
