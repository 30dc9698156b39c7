import { randomUUID } from 'node:crypto';
import { type AccountEvent, accountDecider, accountStream } from '../../domain/accounts/account.ts';
import type { StepUp } from '../../domain/accounts/stepUp.ts';
import { distributionDecider, distributionStream } from '../../domain/ledger/distribution.ts';
import { unitsOf } from '../../domain/ledger/postings.ts';
import {
  type PaymentEvent,
  type PaymentMethod,
  paymentDecider,
  paymentStream,
} from '../../domain/payments/payment.ts';
import type { PurchaseQuote } from '../../domain/payments/purchaseQuote.ts';
import { ConflictError, NotFoundError } from '../../domain/shared/errors.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import { type Asset, scaledUnits } from '../../domain/shared/money.ts';
import type { EventMetadata, LogPosition } from '../../infra/eventStore/eventStore.ts';
import { assertVerifiedReceiver, loadUser, type RegisteredUser } from '../auth/users.service.ts';
import type { CommandContext } from '../commands/context.ts';
import { handleCommand, loadState } from '../commands/handleCommand.ts';
import { handleTransaction } from '../commands/transaction.ts';
import { type MarketPrices, quoteForUser } from '../payments/purchases.ts';
import { assertCanReceive } from './closedAccounts.ts';

/** The receiver's credit of a recorded debit: its terms are the debit's, and nothing else's. */
export interface CreditTerms {
  transactionId: string;
  fromUserId: UserId;
  toUserId: UserId;
  asset: Asset;
  amount: string;
}

function receiveCommand(ctx: CommandContext, terms: CreditTerms) {
  const { transactionId, fromUserId, toUserId, asset, amount } = terms;
  return {
    type: 'ReceiveTransfer' as const,
    data: { transactionId, fromUserId, toUserId, asset, amount },
    now: ctx.now(),
  };
}

/** Applies a transfer to the receiver's stream; a no-op when it was already applied. */
export async function creditTransfer(
  ctx: CommandContext,
  transfer: CreditTerms,
  metadata: EventMetadata,
  options: { readFirst?: boolean } = {},
) {
  return await handleCommand(
    ctx,
    accountStream(transfer.toUserId),
    accountDecider,
    receiveCommand(ctx, transfer),
    metadata,
    { eventIdSeed: `${transfer.transactionId}:received`, ...options },
  );
}

type Transferred = Extract<AccountEvent, { type: 'TokensTransferred' }>;

/**
 * A transfer is one decision and one commit: the debit on the sender's stream (the no-overdraft check)
 * and the credit on the receiver's, appended together with both streams' expected revisions
 * (app/commands/transaction.ts). The credit is built from the debit alone. A retry of the same command
 * (same transaction id) answers with the debit the log recorded, and a retry with another body is
 * refused (422); the answer is built from what was recorded, never from the retry's input.
 */
export async function transferTokens(
  ctx: CommandContext,
  input: {
    transactionId: string;
    fromUserId: UserId;
    toUserId: UserId;
    units: bigint;
    description: string;
    asset?: Asset;
    /** Whether the route checked a fresh proof of the sender (domain/accounts/stepUp.ts). */
    stepUp: StepUp;
  },
  metadata: EventMetadata,
  /** Both users as the caller has just read them (one round of reads instead of two). */
  loaded?: { sender: RegisteredUser; receiver: RegisteredUser | null },
): Promise<{ position: LogPosition | null; transfer: Transferred['data'] }> {
  const asset = input.asset ?? 'SAI';
  const [sender, receiver] = loaded
    ? [loaded.sender, loaded.receiver]
    : await Promise.all([loadUser(ctx, input.fromUserId), loadUser(ctx, input.toUserId)]);
  if (!sender) throw new NotFoundError('Sender not found');
  // Unknown and suspended receivers are the decider's (it words them); an unverified one is refused here.
  if (receiver) assertVerifiedReceiver(receiver);
  const result = await handleTransaction(
    ctx,
    {
      streamName: accountStream(input.fromUserId),
      decider: accountDecider,
      command: {
        type: 'TransferTokens',
        data: {
          transactionId: input.transactionId,
          fromUserId: input.fromUserId,
          toUserId: input.toUserId,
          receiverExists: receiver !== null,
          receiverSuspended: receiver?.status === 'suspended',
          fromLabel: sender.username,
          toLabel: receiver?.username ?? '',
          asset,
          units: input.units,
          description: input.description,
          stepUp: input.stepUp,
        },
        now: ctx.now(),
      },
      seed: `${input.transactionId}:sent`,
    },
    (events) =>
      events
        .filter((event): event is Transferred => event.type === 'TokensTransferred')
        .map((event) => ({
          streamName: accountStream(event.data.toUserId),
          decider: accountDecider,
          command: receiveCommand(ctx, event.data),
          seed: `${event.data.transactionId}:received`,
        })),
    metadata,
    // The receiver's account, read (when not cached) before the transfer waits for its sender's turn.
    receiver ? [{ streamName: accountStream(input.toUserId), decider: accountDecider }] : [],
  );
  const debit = result.events.find((event): event is Transferred => event.type === 'TokensTransferred');
  // Nothing decided and nothing recorded: the stream remembers this transaction id, but not as a debit.
  if (!debit) throw new ConflictError('This transaction id was already used');
  return { position: result.position, transfer: debit.data };
}

export async function mintTokens(
  ctx: CommandContext,
  input: {
    transactionId: string;
    userId: UserId;
    units: bigint;
    source: 'payment' | 'distribution';
    paymentId: string | null;
    description: string;
    mintedBy: UserId;
    fee?: { units: bigint; rate: string };
  },
  metadata: EventMetadata,
) {
  const user = await loadUser(ctx, input.userId);
  if (!user)
    throw new NotFoundError('User not found', {
      code: 'receiver_not_found',
      ids: { receiverId: input.userId },
    });
  return await handleCommand(
    ctx,
    accountStream(input.userId),
    accountDecider,
    {
      type: 'MintTokens',
      data: { ...input, asset: 'SAI', receiverSuspended: user.status === 'suspended' },
      now: ctx.now(),
    },
    metadata,
    { eventIdSeed: `${input.transactionId}:minted` },
  );
}

type Minted = Extract<AccountEvent, { type: 'TokensMinted' }>;

/**
 * An admin's distribution: its record on the distribution's own stream (domain/ledger/distribution.ts)
 * and the mint it orders, built from the record, in one commit. A retry with the same key and another
 * receiver or amount finds the record and is refused (422); the same body is answered with the mint the
 * log holds.
 */
export async function distributeTokens(
  ctx: CommandContext,
  input: { transactionId: string; userId: UserId; units: bigint; description: string; distributedBy: UserId },
  metadata: EventMetadata,
): Promise<{ position: LogPosition | null; minted: Minted['data'] }> {
  const user = await loadUser(ctx, input.userId);
  if (!user)
    throw new NotFoundError('User not found', {
      code: 'receiver_not_found',
      ids: { receiverId: input.userId },
    });
  assertVerifiedReceiver(user);
  const suspended = user.status === 'suspended';
  const result = await handleTransaction(
    ctx,
    {
      streamName: distributionStream(input.transactionId),
      decider: distributionDecider,
      command: {
        type: 'RecordDistribution',
        data: {
          transactionId: input.transactionId,
          receiverId: input.userId,
          units: input.units,
          distributedBy: input.distributedBy,
          receiverSuspended: suspended,
        },
        now: ctx.now(),
      },
      seed: `${input.transactionId}:distributed`,
    },
    (events) =>
      events.map((event) => ({
        streamName: accountStream(event.data.receiverId),
        decider: accountDecider,
        command: {
          type: 'MintTokens' as const,
          data: {
            transactionId: event.data.transactionId,
            userId: event.data.receiverId,
            asset: 'SAI' as const,
            units: unitsOf(event.data.amount, 'SAI'),
            source: 'distribution' as const,
            paymentId: null,
            description: input.description,
            mintedBy: event.data.distributedBy,
            receiverSuspended: suspended,
          },
          now: ctx.now(),
        },
        seed: `${event.data.transactionId}:minted`,
      })),
    metadata,
  );
  const minted = result.following[0]?.find((event): event is Minted => event.type === 'TokensMinted');
  if (!minted) throw new ConflictError('This transaction id was already used');
  return { position: result.position, minted: minted.data };
}

export async function submitPaymentProof(
  ctx: CommandContext,
  input: {
    paymentId: string;
    userId: UserId;
    paymentMethod: PaymentMethod;
    units: bigint;
    notes: string;
    proofImageUrl: string;
    /** The market prices now (the settings read model's, at the HTTP edge). */
    prices: MarketPrices;
    /**
     * The fee and crypto amount the buyer was shown, when the client sends them: a proof is not recorded
     * on other terms than those (a rate or price changed in between is a 409 with the new ones).
     */
    quoted?: { fee?: string | undefined; cryptoAmount?: string | undefined };
  },
  metadata: EventMetadata,
) {
  const { prices, quoted, ...proof } = input;
  // A purchase for a closed account could never be approved: refused before it is recorded.
  await assertCanReceive(ctx, input.userId);
  // The fee's tier and rate are the buyer's as they are now, fixed on the proof (docs/product-rules.md rule 25).
  const quote = await quoteForUser(ctx, {
    userId: input.userId,
    units: input.units,
    currency: input.paymentMethod,
    prices,
  });
  if (quoted && !matchesQuote(quoted, quote)) {
    throw new ConflictError(
      `The price changed since it was quoted: the fee is now ${quote.fee} SAI and you pay ${quote.cryptoAmount} ${quote.currency}. Review the new quote and submit again.`,
      { code: 'quote_changed' },
    );
  }
  return await handleCommand(
    ctx,
    paymentStream(input.paymentId),
    paymentDecider,
    { type: 'SubmitPaymentProof', data: { ...proof, quote }, now: ctx.now() },
    metadata,
    { eventIdSeed: `${input.paymentId}:submitted`, findEarlier: true },
  );
}

type Approved = Extract<PaymentEvent, { type: 'PaymentApproved' }>;

/**
 * Approval is one decision and one commit (app/commands/transaction.ts): the decision on the payment, and
 * the mint it implies (transaction id = payment id) on the owner's account, built from the approval event
 * alone. The approval, not the mint, refuses a suspended owner: once approved, the mint always follows.
 * `commandId` (derived from the request's Idempotency-Key) seeds the decision's event id, so a retry of
 * an approval that already happened answers as the first attempt did, instead of "already approved".
 * The follow-up worker still mints for an approval whose mint is missing (a log written by a store
 * without atomic appends, or by an earlier version).
 */
/** A payment proof as its stream holds it (verified as loaded), or null. */
export async function loadPayment(ctx: CommandContext, paymentId: string) {
  const { state } = await loadState(ctx, paymentStream(paymentId), paymentDecider);
  return state.status === 'none' ? null : state;
}

export async function approvePayment(
  ctx: CommandContext,
  paymentId: string,
  adminId: UserId,
  metadata: EventMetadata,
  commandId: string = randomUUID(),
) {
  const { state } = await loadState(ctx, paymentStream(paymentId), paymentDecider);
  const owner = state.status === 'none' ? null : await loadUser(ctx, state.userId);
  // An erased owner, or one whose account is closing, gets no mint: a clear refusal before the decision
  // (a close after this read is met by the mint leg, which a closed account refuses, in the same commit).
  if (state.status === 'pending') await assertCanReceive(ctx, state.userId);
  const result = await handleTransaction(
    ctx,
    {
      streamName: paymentStream(paymentId),
      decider: paymentDecider,
      command: {
        type: 'ApprovePayment',
        data: { paymentId, adminId, ownerSuspended: owner?.status === 'suspended' },
        now: ctx.now(),
      },
      seed: commandId,
    },
    (events) =>
      events
        .filter((event): event is Approved => event.type === 'PaymentApproved')
        .map((event) => ({
          streamName: accountStream(event.data.userId),
          decider: accountDecider,
          command: {
            type: 'MintTokens' as const,
            data: { ...approvalMint(event.data), asset: 'SAI' as const, receiverSuspended: false },
            now: ctx.now(),
          },
          seed: `${event.data.paymentId}:minted`,
        })),
    metadata,
  );
  const approved = result.events[0];
  if (approved?.type !== 'PaymentApproved') throw new Error('approval produced no event');
  return { position: result.position, approved: approved.data };
}

/** The mint an approval implies: its amount, owner and fee are the approval's, and nothing else's. */
function approvalMint(approved: Approved['data']) {
  return {
    transactionId: approved.paymentId,
    userId: approved.userId,
    units: unitsOf(approved.amount, 'SAI'),
    source: 'payment' as const,
    paymentId: approved.paymentId,
    description: 'Deposit approved',
    mintedBy: approved.approvedBy,
    ...(approved.fee !== undefined && approved.feeRate !== undefined
      ? { fee: { units: unitsOrZero(approved.fee), rate: approved.feeRate } }
      : {}),
  };
}

export async function mintForApproval(
  ctx: CommandContext,
  approved: Approved['data'],
  metadata: EventMetadata,
) {
  return await mintTokens(ctx, approvalMint(approved), metadata);
}

/** A fee of "0.00" (a purchase too small to round to a cent) books nothing. */
function unitsOrZero(amount: string): bigint {
  return /^0+(\.0+)?$/.test(amount) ? 0n : unitsOf(amount, 'SAI');
}

export async function rejectPayment(
  ctx: CommandContext,
  paymentId: string,
  adminId: UserId,
  reason: string,
  metadata: EventMetadata,
  commandId?: string,
) {
  return await handleCommand(
    ctx,
    paymentStream(paymentId),
    paymentDecider,
    { type: 'RejectPayment', data: { paymentId, adminId, reason }, now: ctx.now() },
    metadata,
    commandId ? { eventIdSeed: commandId, findEarlier: true } : {},
  );
}

/**
 * Whether the terms a buyer was shown (each one they sent) are the quote's, compared as exact amounts
 * ("0.5" is "0.50"); the API has checked they are decimals of at most 8 places.
 */
function matchesQuote(
  quoted: { fee?: string | undefined; cryptoAmount?: string | undefined },
  quote: PurchaseQuote,
): boolean {
  const same = (shown: string | undefined, now: string) =>
    shown === undefined || scaledUnits(shown, 8) === scaledUnits(now, 8);
  return same(quoted.fee, quote.fee) && same(quoted.cryptoAmount, quote.cryptoAmount);
}
