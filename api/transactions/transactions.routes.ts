import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import { assertActive, loadUser } from '../../app/auth/users.service.ts';
import { distributeTokens, transferTokens } from '../../app/ledger/ledger.service.ts';
import {
  LedgerProofsDamagedError,
  ReceiptUnavailableError,
  receiptFor,
} from '../../app/ledgerProofs/receipts.ts';
import { needsSecondAdmin } from '../../domain/approvals/thresholds.ts';
import { unitsOf } from '../../domain/ledger/postings.ts';
import { NotFoundError, ReceiverSuspendedError } from '../../domain/shared/errors.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import { formatUnits } from '../../domain/shared/money.ts';
import { RECEIVER_SUSPENDED } from '../../domain/users/user.ts';
import type { EventMetadata, LogPosition } from '../../infra/eventStore/eventStore.ts';
import { userHistory } from '../../projections/ledger/history.queries.ts';
import type { TransactionRow } from '../../projections/ledger/ledger.queries.ts';
import { allTransactions } from '../../projections/ledger/ledger.queries.ts';
import { receiptData } from '../../projections/ledger/receipt.queries.ts';
import { SENT_FOR_APPROVAL, sentForApproval, sentForApprovalAnswer } from '../approvals/fourEyes.ts';
import type { Deps } from '../deps.ts';
import { type CommandAnswer, commandRoute } from '../http/commandRoute.ts';
import type { AppEnv } from '../http/env.ts';
import { settled, tooManyAttempts } from '../http/limits.ts';
import { HttpProblem } from '../http/problem.ts';
import { readModels } from '../http/readReplica.ts';
import {
  REAUTHENTICATION_401,
  REAUTHENTICATION_FIELDS,
  requireReauthentication,
  withStepUp,
} from '../http/reauth.ts';
import { requireAdmin, requireUser } from '../http/session.ts';
import { responds, validate } from '../http/validate.ts';
import { receiptDocument } from '../ledger/ledger.schemas.ts';
import { amountText, historyJson, receiptJson, receiptOwners } from './history.ts';
import {
  allTransactionsAnswer,
  allTransactionsQuery,
  createdTransactionAnswer,
  createTransactionSchema,
  ownTransactionsAnswer,
  ownTransactionsQuery,
  receiptAnswer,
  receiptParam,
  type transactionAnswer,
} from './transactions.schemas.ts';

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
    responds(202, sentForApprovalAnswer, SENT_FOR_APPROVAL),
    responds(401, null, { description: REAUTHENTICATION_401 }),
    validate('json', createTransactionSchema),
    async (c) => {
      const session = requireUser(c);
      const input = c.req.valid('json');
      if (input.type === 'admin_deposit') return await distribution(c, deps, session, input);
      return await transfer(c, deps, session, input);
    },
  );

  app.get('/', responds(200, ownTransactionsAnswer), validate('query', ownTransactionsQuery), async (c) => {
    const session = requireUser(c);
    const query = c.req.valid('query');
    const page = await userHistory(readModels(c), session.userId, query);
    return c.json({ transactions: page.items.map(historyJson), nextCursor: page.nextCursor });
  });

  app.get(
    '/all',
    responds(200, allTransactionsAnswer),
    validate('query', allTransactionsQuery),
    async (c) => {
      requireAdmin(c);
      const page = await allTransactions(readModels(c), c.req.valid('query'));
      return c.json({
        transactions: page.items.map(transactionJson),
        total: page.total,
        nextCursor: page.nextCursor,
      });
    },
  );

  // After '/all': a movement's receipt, for its sender or receiver, or an admin; anyone else a 404.
  app.get('/:id', responds(200, receiptAnswer), validate('param', receiptParam), async (c) => {
    const session = requireUser(c);
    const { id } = c.req.valid('param');
    const data = await receiptData(readModels(c), id);
    const allowed = session.isAdmin || receiptOwners(data).includes(session.userId);
    const receipt = allowed ? receiptJson(id, data, session.userId) : null;
    if (!receipt) throw new HttpProblem(404, 'Transaction not found');
    return c.json(receipt);
  });

  // The verifiable receipt of the same movement, to the same people: its events with their proofs.
  app.get('/:id/receipt', responds(200, receiptDocument), validate('param', receiptParam), async (c) => {
    const session = requireUser(c);
    const { id } = c.req.valid('param');
    const proofs = deps.ledgerProofs;
    const data = await receiptData(readModels(c), id);
    if (!session.isAdmin && !receiptOwners(data).includes(session.userId))
      throw new HttpProblem(404, 'Transaction not found');
    const receipt = await receiptFor(
      { ...proofs, pool: deps.pool, store: deps.store, logger: deps.logger },
      id,
    ).catch((error: unknown) => {
      if (!(error instanceof ReceiptUnavailableError)) throw error;
      throw new HttpProblem(503, error.message, {
        code: error instanceof LedgerProofsDamagedError ? 'ledger_proofs_unavailable' : 'receipt_unavailable',
        headers: { 'Retry-After': '5' },
      });
    });
    if (!receipt) throw new HttpProblem(404, 'Transaction not found');
    return c.json(receipt);
  });

  return app;
}

type TransactionInput = z.output<typeof createTransactionSchema>;
type Session = ReturnType<typeof requireUser>;

/** An admin's distribution (a mint): with the admin's fresh proof, and past the threshold a second admin. */
async function distribution(c: Context<AppEnv>, deps: Deps, session: Session, input: TransactionInput) {
  requireAdmin(c);
  await assertActive(deps, session.userId);
  const distributionForApproval = async (transactionId: string, metadata: EventMetadata) => {
    if (!needsSecondAdmin(deps.config.FOUR_EYES_THRESHOLDS, 'SAI', input.amount)) return null;
    // The receiver's checks first, so that no request is recorded that could never be applied.
    const receiver = await loadUser(deps, input.receiver_id);
    const ids = { receiverId: input.receiver_id };
    if (!receiver) throw new NotFoundError('User not found', { code: 'receiver_not_found', ids });
    if (receiver.status === 'suspended')
      throw new ReceiverSuspendedError(RECEIVER_SUSPENDED, { code: 'receiver_suspended', ids });
    return await sentForApproval(
      deps,
      transactionId,
      session.userId,
      {
        action: 'distribution',
        targetId: input.receiver_id,
        userId: input.receiver_id,
        asset: 'SAI',
        units: input.amount.toString(),
        reason: input.description,
        txHash: null,
      },
      metadata,
    );
  };
  return await commandRoute(
    c,
    deps,
    'distribution',
    async (transactionId, metadata) => {
      // A mint needs the admin's fresh proof (docs/security.md, "Admin re-authentication").
      await requireReauthentication(deps, session.userId, input);
      // Above the four-eyes threshold: recorded for a second admin instead (api/approvals).
      const waiting = await distributionForApproval(transactionId, metadata);
      if (waiting) return waiting;
      const { position, minted } = await distributeTokens(
        deps,
        {
          transactionId,
          userId: input.receiver_id,
          units: input.amount,
          description: input.description || 'Token distribution',
          distributedBy: session.userId,
        },
        metadata,
      );
      // The answer is the mint as the log recorded it.
      return created(position, {
        id: transactionId,
        type: 'admin_deposit',
        units: unitsOf(minted.amount, 'SAI'),
        senderId: null,
        receiverId: minted.userId,
        description: minted.description,
        createdAt: minted.mintedAt,
      });
    },
    { unhashed: REAUTHENTICATION_FIELDS },
  );
}

/** A user's transfer of SAI to another user: the answer is the debit as the log recorded it. */
async function transfer(c: Context<AppEnv>, deps: Deps, session: Session, input: TransactionInput) {
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
  const send = async (transactionId: string, metadata: EventMetadata) =>
    await withStepUp(deps, session.userId, input, (stepUp) =>
      transferTokens(
        deps,
        {
          transactionId,
          fromUserId: session.userId,
          toUserId: input.receiver_id,
          units: input.amount,
          description: input.description,
          stepUp,
        },
        metadata,
        { sender, receiver },
      ),
    );
  const answer = async (transactionId: string, metadata: EventMetadata) => {
    const result = await send(transactionId, metadata);
    // The answer is the debit as the log recorded it (a retry's own body never shapes it).
    const { transfer } = result;
    return created(result.position, {
      id: transactionId,
      type: 'transfer',
      units: unitsOf(transfer.amount, 'SAI'),
      senderId: transfer.fromUserId,
      receiverId: transfer.toUserId,
      description: transfer.description,
      createdAt: transfer.transferredAt,
    });
  };
  return await commandRoute(c, deps, 'transfer', answer, { unhashed: REAUTHENTICATION_FIELDS });
}
