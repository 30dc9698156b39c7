import { Hono } from 'hono';
import type { z } from 'zod';
import { assertActive, loadUser } from '../../app/auth/users.service.ts';
import { mintTokens, transferTokens } from '../../app/ledger/ledger.service.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import {
  formatUnits,
  fromScaledUnits,
  isAsset,
  ledgerAmountText,
  scaledUnits,
} from '../../domain/shared/money.ts';
import type { LogPosition } from '../../infra/eventStore/eventStore.ts';
import type { TransactionRow, UserTransactionRow } from '../../projections/ledger/ledger.queries.ts';
import { allTransactions, userTransactions } from '../../projections/ledger/ledger.queries.ts';
import type { Deps } from '../../runtime/deps.ts';
import { type CommandAnswer, commandRoute } from '../http/commandRoute.ts';
import type { AppEnv } from '../http/env.ts';
import { settled, tooManyAttempts } from '../http/limits.ts';
import { HttpProblem } from '../http/problem.ts';
import { requireAdmin, requireUser } from '../http/session.ts';
import { responds, validate } from '../http/validate.ts';
import {
  allTransactionsAnswer,
  allTransactionsQuery,
  createdTransactionAnswer,
  createTransactionSchema,
  type ownTransactionAnswer,
  ownTransactionsAnswer,
  ownTransactionsQuery,
  type transactionAnswer,
} from './transactions.schemas.ts';

/**
 * An amount with its asset's ledger decimals (SAI 2, crypto 8); the read model's numerics carry eight.
 * Exact: a digit the asset cannot hold is an error, never rounded away.
 */
function amountText(asset: string, amount: string): string {
  return isAsset(asset) ? ledgerAmountText(amount, asset) : fromScaledUnits(scaledUnits(amount, 8), 8);
}

type Answer = z.output<typeof transactionAnswer>;

/** A transaction as the lists show it (docs/product-rules.md spec 3 plus direction, names and balance after). */
export function transactionJson(row: TransactionRow): Answer {
  return {
    id: row.id,
    // The read model's columns hold only these values (the projection writes them from the events).
    type: row.type as Answer['type'],
    asset: row.asset,
    amount: amountText(row.asset, row.amount),
    sender_id: row.sender_id,
    receiver_id: row.receiver_id,
    senderName: row.sender_name,
    receiverName: row.receiver_name,
    description: row.description,
    status: row.status as Answer['status'],
    createdAt: row.created_at.toISOString(),
  };
}

export function ownTransactionJson(row: UserTransactionRow): z.output<typeof ownTransactionAnswer> {
  const sent = row.signed_amount.startsWith('-');
  return {
    ...transactionJson(row),
    direction: sent ? ('sent' as const) : ('received' as const),
    signedAmount: `${sent ? '-' : '+'}${amountText(row.asset, row.amount)}`,
    balanceAfter: amountText(row.asset, row.balance_after),
  };
}

/** The answer to a new SAI distribution or transfer: 201 with the transaction as the lists show it. */
function created(
  position: LogPosition | null,
  transaction: {
    id: string;
    type: 'admin_deposit' | 'transfer';
    units: bigint;
    senderId: UserId | null;
    receiverId: UserId;
    description: string;
    createdAt: string;
  },
): CommandAnswer {
  return {
    status: 201,
    position,
    body: {
      id: transaction.id,
      type: transaction.type,
      asset: 'SAI',
      amount: formatUnits(transaction.units, 'SAI'),
      sender_id: transaction.senderId,
      receiver_id: transaction.receiverId,
      description: transaction.description,
      status: 'completed',
      createdAt: transaction.createdAt,
    },
  };
}

export function transactionsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.post(
    '/',
    responds(201, createdTransactionAnswer, { idempotencyKey: true }),
    validate('json', createTransactionSchema),
    async (c) => {
      const session = requireUser(c);
      const input = c.req.valid('json');
      if (input.type === 'admin_deposit') {
        requireAdmin(c);
        await assertActive(deps, session.userId);
        return await commandRoute(c, deps, 'distribution', async (transactionId, metadata) => {
          const minted = await mintTokens(
            deps,
            {
              transactionId,
              userId: input.receiver_id,
              units: input.amount,
              source: 'distribution',
              paymentId: null,
              description: input.description || 'Token distribution',
              mintedBy: session.userId,
            },
            metadata,
          );
          const event = minted.events[0];
          return created(minted.position, {
            id: transactionId,
            type: 'admin_deposit',
            units: input.amount,
            senderId: null,
            receiverId: input.receiver_id,
            description: input.description || 'Token distribution',
            createdAt: event?.type === 'TokensMinted' ? event.data.mintedAt : deps.now().toISOString(),
          });
        });
      }
      if (input.sender_id && input.sender_id !== session.userId) {
        throw new HttpProblem(403, 'You can only send tokens from your own account');
      }
      // The limit's count (a round trip with the shared store), the sender's check and the receiver's
      // lookup in one round; over the limit answers 429 before anything else.
      const [limit, active, found] = await Promise.allSettled([
        deps.limits.consume('money', session.userId),
        assertActive(deps, session.userId),
        loadUser(deps, input.receiver_id),
      ]);
      const wait = settled(limit);
      if (wait !== null) throw tooManyAttempts(wait);
      const sender = settled(active);
      const receiver = settled(found);
      return await commandRoute(c, deps, 'transfer', async (transactionId, metadata) => {
        const result = await transferTokens(
          deps,
          {
            transactionId,
            fromUserId: session.userId,
            toUserId: input.receiver_id,
            units: input.amount,
            description: input.description,
          },
          metadata,
          { sender, receiver },
        );
        return created(result.position, {
          id: transactionId,
          type: 'transfer',
          units: input.amount,
          senderId: session.userId,
          receiverId: input.receiver_id,
          description: input.description,
          createdAt: result.createdAt,
        });
      });
    },
  );

  app.get('/', responds(200, ownTransactionsAnswer), validate('query', ownTransactionsQuery), async (c) => {
    const session = requireUser(c);
    const query = c.req.valid('query');
    const page = await userTransactions(deps.pool, session.userId, query);
    return c.json({ transactions: page.items.map(ownTransactionJson), nextCursor: page.nextCursor });
  });

  app.get(
    '/all',
    responds(200, allTransactionsAnswer),
    validate('query', allTransactionsQuery),
    async (c) => {
      requireAdmin(c);
      const page = await allTransactions(deps.pool, c.req.valid('query'));
      return c.json({
        transactions: page.items.map(transactionJson),
        total: page.total,
        nextCursor: page.nextCursor,
      });
    },
  );

  return app;
}
