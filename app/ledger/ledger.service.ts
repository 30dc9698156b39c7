import { accountDecider, accountStream } from '../../domain/accounts/account.ts';
import { unitsOf } from '../../domain/ledger/postings.ts';
import { type PaymentMethod, paymentDecider, paymentStream } from '../../domain/payments/payment.ts';
import type { PurchaseQuote } from '../../domain/payments/purchaseQuote.ts';
import { ConflictError, NotFoundError } from '../../domain/shared/errors.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import { type Asset, formatUnits, scaledUnits } from '../../domain/shared/money.ts';
import type { EventMetadata, LogPosition } from '../../infra/eventStore/eventStore.ts';
import { comparePositions } from '../../infra/eventStore/eventStore.ts';
import { loadUser, type RegisteredUser } from '../auth/users.service.ts';
import type { CommandContext } from '../commands/context.ts';
import { handleCommand, loadState } from '../commands/handleCommand.ts';
import { type MarketPrices, quoteForUser } from '../payments/purchases.ts';

function later(a: LogPosition | null, b: LogPosition | null): LogPosition | null {
  return comparePositions(a, b) >= 0 ? a : b;
}

/** Applies a transfer to the receiver's stream; a no-op when it was already applied. */
export async function creditTransfer(
  ctx: CommandContext,
  transfer: { transactionId: string; fromUserId: UserId; toUserId: UserId; asset: Asset; amount: string },
  metadata: EventMetadata,
  options: { readFirst?: boolean } = {},
) {
  return await handleCommand(
    ctx,
    accountStream(transfer.toUserId),
    accountDecider,
    { type: 'ReceiveTransfer', data: transfer, now: ctx.now() },
    metadata,
    { eventIdSeed: `${transfer.transactionId}:received`, ...options },
  );
}

/**
 * A transfer is two appends: the posting on the sender's stream (the no-overdraft decision), then the
 * receiver's bookkeeping. If the process dies in between, the follow-up worker (followUps.ts) finishes it;
 * every step is keyed by the transaction id, so running it twice changes nothing.
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
  },
  metadata: EventMetadata,
  /** Both users as the caller has just read them (one round of reads instead of two). */
  loaded?: { sender: RegisteredUser; receiver: RegisteredUser | null },
): Promise<{ position: LogPosition | null; createdAt: string }> {
  const asset = input.asset ?? 'SAI';
  const [sender, receiver] = loaded
    ? [loaded.sender, loaded.receiver]
    : await Promise.all([loadUser(ctx, input.fromUserId), loadUser(ctx, input.toUserId)]);
  if (!sender) throw new NotFoundError('Sender not found');
  const sent = await handleCommand(
    ctx,
    accountStream(input.fromUserId),
    accountDecider,
    {
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
      },
      now: ctx.now(),
    },
    metadata,
    { eventIdSeed: `${input.transactionId}:sent` },
  );
  const event = sent.events[0];
  const credited = await creditTransfer(
    ctx,
    {
      transactionId: input.transactionId,
      fromUserId: input.fromUserId,
      toUserId: input.toUserId,
      asset,
      amount: event?.type === 'TokensTransferred' ? event.data.amount : formatUnits(input.units, asset),
    },
    metadata,
  );
  return {
    position: later(sent.position, credited.position),
    createdAt: event?.type === 'TokensTransferred' ? event.data.transferredAt : ctx.now().toISOString(),
  };
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

/**
 * Approval is two appends as well: the decision on the payment, then the mint (transaction id = payment
 * id). The approval, not the mint, refuses a suspended owner: once approved, the mint always follows.
 * The follow-up worker mints for any approval whose mint is missing. `commandId` (derived from the
 * request's Idempotency-Key) seeds the decision's event id, so a retry of an approval that already
 * happened finishes it and answers as the first attempt would have, instead of "already approved".
 */
export async function approvePayment(
  ctx: CommandContext,
  paymentId: string,
  adminId: UserId,
  metadata: EventMetadata,
  commandId?: string,
) {
  const { state } = await loadState(ctx, paymentStream(paymentId), paymentDecider);
  const owner = state.status === 'none' ? null : await loadUser(ctx, state.userId);
  const decided = await handleCommand(
    ctx,
    paymentStream(paymentId),
    paymentDecider,
    {
      type: 'ApprovePayment',
      data: { paymentId, adminId, ownerSuspended: owner?.status === 'suspended' },
      now: ctx.now(),
    },
    metadata,
    commandId ? { eventIdSeed: commandId, findEarlier: true } : {},
  );
  const approved = decided.events[0];
  if (approved?.type !== 'PaymentApproved') throw new Error('approval produced no event');
  const minted = await mintForApproval(ctx, approved.data, metadata);
  return { position: later(decided.position, minted.position), approved: approved.data };
}

export async function mintForApproval(
  ctx: CommandContext,
  approved: {
    paymentId: string;
    userId: UserId;
    amount: string;
    approvedBy: UserId;
    fee?: string;
    feeRate?: string;
  },
  metadata: EventMetadata,
) {
  return await mintTokens(
    ctx,
    {
      transactionId: approved.paymentId,
      userId: approved.userId,
      units: unitsOf(approved.amount, 'SAI'),
      source: 'payment',
      paymentId: approved.paymentId,
      description: 'Deposit approved',
      mintedBy: approved.approvedBy,
      ...(approved.fee !== undefined && approved.feeRate !== undefined
        ? { fee: { units: unitsOrZero(approved.fee), rate: approved.feeRate } }
        : {}),
    },
    metadata,
  );
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
