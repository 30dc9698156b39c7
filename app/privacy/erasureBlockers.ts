import {
  type AccountEvent,
  type AccountState,
  accountDecider,
  accountStream,
  isAccountEvent,
  stakedOf,
} from '../../domain/accounts/account.ts';
import { cryptoDepositDecider, cryptoDepositStream } from '../../domain/crypto/cryptoDeposit.ts';
import { withdrawalDecider, withdrawalStream } from '../../domain/crypto/withdrawal.ts';
import { paymentDecider, paymentStream } from '../../domain/payments/payment.ts';
import { assertNever } from '../../domain/shared/decider.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import { type Asset, formatUnits } from '../../domain/shared/money.ts';
import { type CommandContext, loadState } from '../commands/handleCommand.ts';
import { dueCreditsTo } from '../workflows/ledgerFollowUpsDue.table.ts';

/** The id of the hold blocker that is a card stake (not a withdrawal's). */
export const CARD_STAKE = 'card-stake';

/** Something that keeps a person from being erased: money they hold, or a movement still open. */
export interface ErasureBlocker {
  kind: 'balance' | 'hold' | 'pendingWithdrawal' | 'pendingDeposit' | 'pendingPayment';
  asset?: string;
  amount?: string;
  id?: string;
}

/** What the person holds, read from the log: spendable balances and withdrawal holds per asset. */
export interface MoneyHeld {
  account: AccountState;
  blockers: ErasureBlocker[];
}

/**
 * Every reason the person cannot be erased yet, read from the log: the account stream's balances (only
 * when they are not to be moved to dormant) and its withdrawal holds not yet settled, money sent to them
 * and not yet credited, and their pending withdrawals, crypto deposits and payment proofs. The pending
 * movements are found through the read models (a stream per movement has no index by user in the log)
 * and each is confirmed from its own stream, so a read model that lags behind can only miss a movement
 * started in the last moments, never report one that is no longer open.
 */
export async function erasureBlockers(
  ctx: CommandContext,
  userId: UserId,
  options: { balancesBlock: boolean },
): Promise<MoneyHeld> {
  const blockers: ErasureBlocker[] = [];
  const events = await accountEvents(ctx, userId);
  const account = events.reduce(accountDecider.evolve, accountDecider.initialState());
  if (options.balancesBlock) {
    for (const [asset, units] of Object.entries(account.balances) as [Asset, bigint][]) {
      if (units > 0n) blockers.push({ kind: 'balance', asset, amount: formatUnits(units, asset) });
    }
  }
  // A card stake is held money too (holds:SAI): the holder unstakes first (docs/product-rules.md rule 30).
  if (stakedOf(account) > 0n)
    blockers.push({
      kind: 'hold',
      asset: 'SAI',
      amount: formatUnits(stakedOf(account), 'SAI'),
      id: CARD_STAKE,
    });
  const pendingWithdrawals = new Set<string>();
  for (const hold of await openHolds(ctx, events)) {
    blockers.push({ kind: 'hold', asset: hold.asset, amount: hold.amount, id: hold.withdrawalId });
    if (hold.pending) pendingWithdrawals.add(hold.withdrawalId);
  }
  // Sent to them and not yet credited (a follow-up finishes it within seconds): a balance on its way.
  for (const row of await dueCreditsTo(ctx.pool, userId)) {
    blockers.push({ kind: 'balance', asset: row.asset, amount: row.amount, id: row.transaction_id });
  }
  for (const id of await pendingIds(ctx, 'withdrawals', userId)) {
    const { state } = await loadState(ctx, withdrawalStream(id), withdrawalDecider);
    if (state.status === 'pending') pendingWithdrawals.add(id);
  }
  for (const id of [...pendingWithdrawals].sort()) blockers.push({ kind: 'pendingWithdrawal', id });
  for (const id of await pendingIds(ctx, 'crypto_deposits', userId)) {
    const { state } = await loadState(ctx, cryptoDepositStream(id), cryptoDepositDecider);
    if (state.status === 'pending') blockers.push({ kind: 'pendingDeposit', id });
  }
  for (const id of await pendingIds(ctx, 'payment_verifications', userId)) {
    const { state } = await loadState(ctx, paymentStream(id), paymentDecider);
    if (state.status === 'pending') blockers.push({ kind: 'pendingPayment', id });
  }
  return { account, blockers };
}

/** The person's account stream, whole: the holds are in its events, not in the decider's state. */
async function accountEvents(ctx: CommandContext, userId: UserId): Promise<AccountEvent[]> {
  const recorded = await ctx.store.readStream(accountStream(userId));
  return recorded
    .map((event) => ({ type: event.type, data: event.data }))
    .filter((event): event is AccountEvent => isAccountEvent(event));
}

interface OpenHold {
  withdrawalId: string;
  asset: Asset;
  amount: string;
  /** The withdrawal is still waiting for an admin (else it failed and the hold awaits its release). */
  pending: boolean;
}

/**
 * Holds placed and not yet settled: neither released on this stream (a failed withdrawal's amount back)
 * nor completed on the withdrawal's own stream (the amount sent out). A hold's transaction id is its
 * withdrawal's id (app/crypto/crypto.service.ts).
 */
async function openHolds(ctx: CommandContext, events: readonly AccountEvent[]): Promise<OpenHold[]> {
  const placed = new Map<string, { asset: Asset; amount: string }>();
  for (const event of events) {
    if (event.type === 'WithdrawalHoldPlaced') {
      placed.set(event.data.transactionId, { asset: event.data.asset, amount: event.data.amount });
    } else if (event.type === 'WithdrawalHoldReleased') {
      placed.delete(event.data.withdrawalId);
    }
  }
  const open: OpenHold[] = [];
  for (const [withdrawalId, hold] of placed) {
    const { state } = await loadState(ctx, withdrawalStream(withdrawalId), withdrawalDecider);
    if (state.status === 'completed') continue;
    open.push({ withdrawalId, ...hold, pending: state.status === 'pending' });
  }
  return open.sort((a, b) => a.withdrawalId.localeCompare(b.withdrawalId));
}

/** Ids of the person's movements a read model shows as pending (to be confirmed from their streams). */
async function pendingIds(
  ctx: CommandContext,
  table: 'withdrawals' | 'crypto_deposits' | 'payment_verifications',
  userId: UserId,
): Promise<string[]> {
  const { rows } = await ctx.pool.query<{ id: string }>(
    `SELECT id FROM ${table} WHERE user_id = $1 AND status = 'pending' ORDER BY id`,
    [userId],
  );
  return rows.map((row) => row.id);
}

/** The blockers in words, for the refusal's detail: what must happen first. */
export function blockersText(blockers: readonly ErasureBlocker[]): string {
  const parts = blockers.map((b) => {
    switch (b.kind) {
      case 'balance':
        return b.id
          ? `an incoming transfer of ${b.amount} ${b.asset} is still being credited`
          : `a balance of ${b.amount} ${b.asset} (withdraw it, or move it to dormant)`;
      case 'hold':
        return b.id === CARD_STAKE
          ? `${b.amount} ${b.asset} staked for the card (release the stake first)`
          : `${b.amount} ${b.asset} held for withdrawal ${b.id}`;
      case 'pendingWithdrawal':
        return `withdrawal ${b.id} is pending (complete or fail it)`;
      case 'pendingDeposit':
        return `crypto deposit ${b.id} is pending (confirm or reject it)`;
      case 'pendingPayment':
        return `payment proof ${b.id} is pending (approve or reject it)`;
      default:
        return assertNever(b.kind);
    }
  });
  return `This person still holds money or has movements open: ${parts.join('; ')}.`;
}
