import { randomUUID } from 'node:crypto';
import { type AccountEvent, accountDecider, accountStream } from '../../domain/accounts/account.ts';
import {
  type CryptoDepositEvent,
  cryptoDepositDecider,
  cryptoDepositStream,
} from '../../domain/crypto/cryptoDeposit.ts';
import { depositTxDecider, depositTxStream, type HolderStatus } from '../../domain/crypto/depositTx.ts';
import type { NetworkId } from '../../domain/crypto/networks.ts';
import { canonicalTxHash, parseTxHash } from '../../domain/crypto/txHash.ts';
import {
  type WithdrawalDetails,
  type WithdrawalEvent,
  withdrawalDecider,
  withdrawalStream,
} from '../../domain/crypto/withdrawal.ts';
import {
  MARKET_SETTINGS_STREAM,
  type MarketSettingsCommand,
  marketSettingsDecider,
} from '../../domain/settings/marketSettings.ts';
import { NotFoundError, ValidationError } from '../../domain/shared/errors.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import type { CryptoAsset } from '../../domain/shared/money.ts';
import type { EventMetadata } from '../../infra/eventStore/eventStore.ts';
import { loadUser } from '../auth/users.service.ts';
import type { CommandContext } from '../commands/context.ts';
import { handleCommand, loadState } from '../commands/handleCommand.ts';
import { recordedBySeed } from '../commands/retries.ts';
import { handleTransaction } from '../commands/transaction.ts';
import { assertCanReceive } from '../ledger/closedAccounts.ts';

/**
 * A declaration with a hash first claims (network, hash) for this deposit (depositTx.ts: the first claim
 * wins, a second declaration gets 409 and appends nothing), then writes the declaration. If the request
 * dies in between, a retry (same deposit id) finds its own claim; an abandoned claim is taken over later.
 */
export async function declareDeposit(
  ctx: CommandContext,
  input: { depositId: string; userId: UserId; asset: CryptoAsset; network: NetworkId; txHash: string | null },
  metadata: EventMetadata,
) {
  const command = { type: 'DeclareCryptoDeposit' as const, data: input, now: ctx.now() };
  // A deposit to a closed account could never be confirmed: refused before anything is claimed.
  await assertCanReceive(ctx, input.userId);
  let txHash: string | null = null;
  if (input.txHash !== null) {
    txHash = canonicalHash(input.network, input.txHash);
    // The deposit's own rules first (network, hash form): a refused declaration claims nothing.
    cryptoDepositDecider.decide(command, cryptoDepositDecider.initialState());
    await claimDepositTx(ctx, { ...input, txHash }, metadata);
  }
  return await handleCommand(
    ctx,
    cryptoDepositStream(input.depositId),
    cryptoDepositDecider,
    { ...command, data: { ...input, txHash } },
    metadata,
    { eventIdSeed: `${input.depositId}:declared`, findEarlier: true },
  );
}

function canonicalHash(network: NetworkId, raw: string): string {
  const parsed = parseTxHash(network, raw);
  if (!parsed.ok) throw new ValidationError(parsed.reason, { code: 'tx_hash_invalid' });
  return parsed.hash;
}

/** Claims (network, hash) for a deposit, or refuses with 409 while another live deposit holds it. */
async function claimDepositTx(
  ctx: CommandContext,
  claim: { depositId: string; userId: UserId; network: NetworkId; txHash: string },
  metadata: EventMetadata,
) {
  const stream = depositTxStream(claim.network, claim.txHash);
  const { state } = await loadState(ctx, stream, depositTxDecider);
  let seenHolder: { depositId: string; status: HolderStatus } | null = null;
  if (state.holder && state.holder.depositId !== claim.depositId) {
    const holder = await loadState(ctx, cryptoDepositStream(state.holder.depositId), cryptoDepositDecider);
    seenHolder = { depositId: state.holder.depositId, status: holder.state.status };
  }
  return await handleCommand(
    ctx,
    stream,
    depositTxDecider,
    { type: 'ClaimDepositTx', data: { ...claim, seenHolder }, now: ctx.now() },
    metadata,
    // Deterministic ids (a replayed simulation writes the same log). A deposit's claim is a no-op while it
    // holds the hash; should it claim again after losing it, it replaces another holder: other ids.
    { eventIdSeed: `${claim.depositId}:claimed:${state.holder?.depositId ?? 'none'}` },
  );
}

/** The deposit as its stream says (asset, network, hash), for the admin's decision; null if none. */
/** A withdrawal as its stream holds it (verified as loaded), or null. */
export async function loadWithdrawal(ctx: CommandContext, withdrawalId: string) {
  const { state } = await loadState(ctx, withdrawalStream(withdrawalId), withdrawalDecider);
  return state.status === 'none' ? null : state;
}

export async function loadDeposit(ctx: CommandContext, depositId: string) {
  const { state } = await loadState(ctx, cryptoDepositStream(depositId), cryptoDepositDecider);
  return state.status === 'none' ? null : state;
}

/**
 * Confirmation needs the transaction hash: the declared one, or the admin's when the declaration had none
 * (a hash given for a declared one must be the same transaction). The hash is claimed for this deposit
 * before the confirmation is written, so no two confirmations credit one transaction; a confirmation the
 * deposit's own rules refuse (already decided, suspended owner, another hash) claims nothing. Then the
 * credit from custody (the follow-up worker finishes it after a crash). Admin decisions take the
 * request's `commandId` as their event-id seed: a retry of a decision that already took effect gets its
 * outcome again, not "already confirmed" (see handleCommand).
 */
export async function confirmDeposit(
  ctx: CommandContext,
  depositId: string,
  input: { units: bigint; txHash: string | null },
  adminId: UserId,
  metadata: EventMetadata,
  commandId?: string,
) {
  const { state } = await loadState(ctx, cryptoDepositStream(depositId), cryptoDepositDecider);
  if (state.status === 'none') throw new NotFoundError('Deposit not found');
  const given = input.txHash ?? state.txHash;
  const pending = state.status === 'pending';
  // A deposit already decided is refused (or, for this very request's retry, answered) by the decider.
  if (pending && !given) throw new ValidationError(HASH_REQUIRED, { code: 'tx_hash_required' });
  const txHash = pending
    ? canonicalHash(state.network, given!)
    : (canonicalTxHash(state.network, given) ?? '');
  const owner = await loadUser(ctx, state.userId);
  // An erased owner, or one whose account is closed (an erasure under way), receives nothing: refused
  // before the hash is claimed. A close after this read is met by the credit leg below, in the same commit.
  if (pending) await assertCanReceive(ctx, state.userId);
  const command = {
    type: 'ConfirmCryptoDeposit' as const,
    data: { units: input.units, txHash, adminId, ownerSuspended: owner?.status === 'suspended' },
    now: ctx.now(),
  };
  let accepted = pending;
  try {
    cryptoDepositDecider.decide(command, state);
  } catch {
    // Refused (or already done by this very request): the command below answers; nothing is claimed.
    accepted = false;
  }
  if (accepted) {
    await claimDepositTx(ctx, { depositId, userId: state.userId, network: state.network, txHash }, metadata);
  }
  // The confirmation and its credit in one commit (app/commands/transaction.ts): a closed account refuses
  // the credit, and with it the confirmation, so no confirmed deposit is left without its credit.
  const result = await handleTransaction(
    ctx,
    {
      streamName: cryptoDepositStream(depositId),
      decider: cryptoDepositDecider,
      command,
      seed: commandId ?? randomUUID(),
    },
    (events) =>
      events
        .filter((event): event is Confirmed => event.type === 'CryptoDepositConfirmed')
        .map((event) => ({
          streamName: accountStream(event.data.userId),
          decider: accountDecider,
          command: creditCommand(ctx, event.data, state.network),
          seed: `${event.data.depositId}:credited`,
        })),
    metadata,
  );
  if (result.events[0]?.type !== 'CryptoDepositConfirmed') throw new Error('confirmation produced no event');
  return { position: result.position };
}

type Confirmed = Extract<CryptoDepositEvent, { type: 'CryptoDepositConfirmed' }>;

function creditCommand(
  ctx: CommandContext,
  confirmed: { depositId: string; userId: UserId; asset: CryptoAsset; amount: string },
  network: string,
) {
  return {
    type: 'CreditCryptoDeposit' as const,
    data: {
      transactionId: confirmed.depositId,
      userId: confirmed.userId,
      asset: confirmed.asset,
      amount: confirmed.amount,
      network,
    },
    now: ctx.now(),
  };
}

export const HASH_REQUIRED = 'Enter the transaction hash of this deposit to confirm it';

export async function creditDeposit(
  ctx: CommandContext,
  confirmed: { depositId: string; userId: UserId; asset: CryptoAsset; amount: string },
  metadata: EventMetadata,
) {
  const network = await depositNetwork(ctx, confirmed.depositId);
  return await handleCommand(
    ctx,
    accountStream(confirmed.userId),
    accountDecider,
    creditCommand(ctx, confirmed, network),
    metadata,
    { eventIdSeed: `${confirmed.depositId}:credited` },
  );
}

async function depositNetwork(ctx: CommandContext, depositId: string): Promise<string> {
  const [declared] = await ctx.store.readStream(cryptoDepositStream(depositId), { maxCount: 1 });
  return (declared?.data as { network?: string } | undefined)?.network ?? 'unknown';
}

export async function rejectDeposit(
  ctx: CommandContext,
  depositId: string,
  reason: string,
  adminId: UserId,
  metadata: EventMetadata,
  commandId?: string,
) {
  return await handleCommand(
    ctx,
    cryptoDepositStream(depositId),
    cryptoDepositDecider,
    { type: 'RejectCryptoDeposit', data: { reason, adminId }, now: ctx.now() },
    metadata,
    commandId ? { eventIdSeed: commandId, findEarlier: true } : {},
  );
}

type HoldPlaced = Extract<AccountEvent, { type: 'WithdrawalHoldPlaced' }>;

/**
 * The withdrawal's request record, built from its hold alone: on the request itself, and by the follow-up
 * worker for a hold whose record a crash left out.
 */
function recordCommand(ctx: CommandContext, hold: HoldPlaced['data']) {
  return {
    type: 'RecordWithdrawalRequest' as const,
    data: {
      withdrawalId: hold.transactionId,
      userId: hold.userId,
      // A hold is only ever placed for a crypto withdrawal on a network checked at request time.
      asset: hold.asset as CryptoAsset,
      amount: hold.amount,
      address: hold.address,
      chain: hold.chain as NetworkId,
      notes: hold.notes,
    },
    now: ctx.now(),
  };
}

/**
 * One decision, one commit (app/commands/transaction.ts): the hold on the account stream decides whether
 * the money is there (no overdraft, whatever races it), and the withdrawal's own stream records the
 * request for the admin queue, built from the hold, in the same commit. A retry answers with what the
 * log recorded; one with another body is refused (422).
 */
export async function requestWithdrawal(
  ctx: CommandContext,
  input: Omit<WithdrawalDetails, 'amount'> & { units: bigint },
  metadata: EventMetadata,
) {
  const result = await handleTransaction(
    ctx,
    {
      streamName: accountStream(input.userId),
      decider: accountDecider,
      command: {
        type: 'PlaceWithdrawalHold',
        data: {
          transactionId: input.withdrawalId,
          userId: input.userId,
          asset: input.asset,
          units: input.units,
          address: input.address,
          chain: input.chain,
          notes: input.notes,
        },
        now: ctx.now(),
      },
      seed: `${input.withdrawalId}:held`,
    },
    (events) =>
      events
        .filter((event): event is HoldPlaced => event.type === 'WithdrawalHoldPlaced')
        .map((event) => ({
          streamName: withdrawalStream(event.data.transactionId),
          decider: withdrawalDecider,
          command: recordCommand(ctx, event.data),
          seed: `${event.data.transactionId}:requested`,
        })),
    metadata,
  );
  const recorded = result.following[0] as WithdrawalEvent[] | undefined;
  return {
    held: { events: result.events, position: result.position },
    recorded: recorded ? { events: recorded, position: result.position } : null,
  };
}

/**
 * Whether an earlier attempt of this withdrawal command (same id: same Idempotency-Key) already wrote its
 * hold or its request: it was then re-authenticated already, and a retry resuming it must not be asked
 * for a proof again (its code is spent). Two indexed reads: only for such a resumed retry.
 */
export async function withdrawalWritten(
  ctx: CommandContext,
  userId: UserId,
  withdrawalId: string,
): Promise<boolean> {
  if ((await ctx.store.readStream(withdrawalStream(withdrawalId), { maxCount: 1 })).length > 0) return true;
  return (await recordedBySeed(ctx, accountStream(userId), `${withdrawalId}:held`, null)).length > 0;
}

/** The request record of a hold (the follow-up worker's, for a hold whose record a crash left out). */
export async function recordWithdrawal(
  ctx: CommandContext,
  hold: HoldPlaced['data'],
  metadata: EventMetadata,
) {
  return await handleCommand(
    ctx,
    withdrawalStream(hold.transactionId),
    withdrawalDecider,
    recordCommand(ctx, hold),
    metadata,
    { eventIdSeed: `${hold.transactionId}:requested`, findEarlier: true },
  );
}

export async function completeWithdrawal(
  ctx: CommandContext,
  withdrawalId: string,
  txHash: string,
  adminId: UserId,
  metadata: EventMetadata,
  commandId?: string,
) {
  return await handleCommand(
    ctx,
    withdrawalStream(withdrawalId),
    withdrawalDecider,
    { type: 'CompleteWithdrawal', data: { txHash, adminId }, now: ctx.now() },
    metadata,
    commandId ? { eventIdSeed: commandId, findEarlier: true } : {},
  );
}

/** Failure books the amount back to the user; the account stream then frees it (follow-up after a crash). */
export async function failWithdrawal(
  ctx: CommandContext,
  withdrawalId: string,
  reason: string,
  adminId: UserId,
  metadata: EventMetadata,
  commandId?: string,
) {
  const failed = await handleCommand(
    ctx,
    withdrawalStream(withdrawalId),
    withdrawalDecider,
    { type: 'FailWithdrawal', data: { reason, adminId }, now: ctx.now() },
    metadata,
    commandId ? { eventIdSeed: commandId, findEarlier: true } : {},
  );
  const event = failed.events[0];
  if (event?.type !== 'WithdrawalFailed') throw new Error('failure produced no event');
  const released = await releaseHold(ctx, event.data, metadata);
  return { failed, released };
}

export async function releaseHold(
  ctx: CommandContext,
  failed: { withdrawalId: string; userId: UserId; asset: CryptoAsset; amount: string },
  metadata: EventMetadata,
) {
  return await handleCommand(
    ctx,
    accountStream(failed.userId),
    accountDecider,
    {
      type: 'ReleaseWithdrawalHold',
      data: {
        transactionId: `${failed.withdrawalId}:released`,
        withdrawalId: failed.withdrawalId,
        userId: failed.userId,
        asset: failed.asset,
        amount: failed.amount,
      },
      now: ctx.now(),
    },
    metadata,
    { eventIdSeed: `${failed.withdrawalId}:released` },
  );
}

export async function changeMarketSettings(
  ctx: CommandContext,
  command: MarketSettingsCommand,
  metadata: EventMetadata,
) {
  return await handleCommand(ctx, MARKET_SETTINGS_STREAM, marketSettingsDecider, command, metadata);
}
