import { accountDecider, accountStream } from '../../domain/accounts/account.ts';
import { cryptoDepositDecider, cryptoDepositStream } from '../../domain/crypto/cryptoDeposit.ts';
import type { NetworkId } from '../../domain/crypto/networks.ts';
import {
  type WithdrawalDetails,
  withdrawalDecider,
  withdrawalStream,
} from '../../domain/crypto/withdrawal.ts';
import {
  MARKET_SETTINGS_STREAM,
  type MarketSettingsCommand,
  marketSettingsDecider,
} from '../../domain/settings/marketSettings.ts';
import { type CryptoAsset, formatUnits } from '../../domain/shared/money.ts';
import type { EventMetadata } from '../../infra/eventStore/eventStore.ts';
import { handleCommand } from '../commands/handleCommand.ts';
import type { Deps } from '../deps.ts';

type Ctx = Pick<Deps, 'store' | 'cache' | 'pool' | 'now'>;

export async function declareDeposit(
  ctx: Ctx,
  input: { depositId: string; userId: string; asset: CryptoAsset; network: NetworkId; txHash: string | null },
  metadata: EventMetadata,
) {
  return await handleCommand(
    ctx,
    cryptoDepositStream(input.depositId),
    cryptoDepositDecider,
    { type: 'DeclareCryptoDeposit', data: input, now: ctx.now() },
    metadata,
    { eventIdSeed: `${input.depositId}:declared`, findEarlier: true },
  );
}

/**
 * Confirmation, then the credit from custody (the follow-up worker finishes it after a crash). Admin
 * decisions take the request's `commandId` as their event-id seed: a retry of a decision that already
 * took effect gets its outcome again, not "already confirmed" (see handleCommand).
 */
export async function confirmDeposit(
  ctx: Ctx,
  depositId: string,
  units: bigint,
  adminId: string,
  metadata: EventMetadata,
  commandId?: string,
) {
  const decided = await handleCommand(
    ctx,
    cryptoDepositStream(depositId),
    cryptoDepositDecider,
    { type: 'ConfirmCryptoDeposit', data: { units, adminId }, now: ctx.now() },
    metadata,
    commandId ? { eventIdSeed: commandId, findEarlier: true } : {},
  );
  const event = decided.events[0];
  if (event?.type !== 'CryptoDepositConfirmed') throw new Error('confirmation produced no event');
  return await creditDeposit(ctx, event.data, metadata);
}

export async function creditDeposit(
  ctx: Ctx,
  confirmed: { depositId: string; userId: string; asset: CryptoAsset; amount: string },
  metadata: EventMetadata,
) {
  const network = await depositNetwork(ctx, confirmed.depositId);
  return await handleCommand(
    ctx,
    accountStream(confirmed.userId),
    accountDecider,
    {
      type: 'CreditCryptoDeposit',
      data: {
        transactionId: confirmed.depositId,
        userId: confirmed.userId,
        asset: confirmed.asset,
        amount: confirmed.amount,
        network,
      },
      now: ctx.now(),
    },
    metadata,
    { eventIdSeed: `${confirmed.depositId}:credited` },
  );
}

async function depositNetwork(ctx: Ctx, depositId: string): Promise<string> {
  const [declared] = await ctx.store.readStream(cryptoDepositStream(depositId), { maxCount: 1 });
  return (declared?.data as { network?: string } | undefined)?.network ?? 'unknown';
}

export async function rejectDeposit(
  ctx: Ctx,
  depositId: string,
  reason: string,
  adminId: string,
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

/**
 * Phase one: the hold on the account stream decides whether the money is there (no overdraft, whatever
 * races it); then the withdrawal's own stream records the request for the admin queue.
 */
export async function requestWithdrawal(
  ctx: Ctx,
  input: Omit<WithdrawalDetails, 'amount'> & { units: bigint },
  metadata: EventMetadata,
) {
  const held = await handleCommand(
    ctx,
    accountStream(input.userId),
    accountDecider,
    {
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
    metadata,
    { eventIdSeed: `${input.withdrawalId}:held` },
  );
  const hold = held.events[0];
  // No event: the account stream already holds this withdrawal's hold (a retry after a crash, same id and
  // body); the request to record is still this one, and recording it again answers with the first record.
  const amount =
    hold?.type === 'WithdrawalHoldPlaced' ? hold.data.amount : formatUnits(input.units, input.asset);
  const recorded = await recordWithdrawal(ctx, { ...input, amount }, metadata);
  return { held, recorded };
}

export async function recordWithdrawal(ctx: Ctx, details: WithdrawalDetails, metadata: EventMetadata) {
  const { withdrawalId, userId, asset, amount, address, chain, notes } = details;
  return await handleCommand(
    ctx,
    withdrawalStream(withdrawalId),
    withdrawalDecider,
    {
      type: 'RecordWithdrawalRequest',
      data: { withdrawalId, userId, asset, amount, address, chain, notes },
      now: ctx.now(),
    },
    metadata,
    { eventIdSeed: `${withdrawalId}:requested`, findEarlier: true },
  );
}

export async function completeWithdrawal(
  ctx: Ctx,
  withdrawalId: string,
  txHash: string,
  adminId: string,
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
  ctx: Ctx,
  withdrawalId: string,
  reason: string,
  adminId: string,
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
  ctx: Ctx,
  failed: { withdrawalId: string; userId: string; asset: CryptoAsset; amount: string },
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
  ctx: Ctx,
  command: MarketSettingsCommand,
  metadata: EventMetadata,
) {
  return await handleCommand(ctx, MARKET_SETTINGS_STREAM, marketSettingsDecider, command, metadata);
}
