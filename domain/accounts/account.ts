import { type CardTier, stakeForTier, TIER_NAMES, tierReachedBy } from '../cards/card.ts';
import { DISPLAY_DECIMALS } from '../crypto/networks.ts';
import { assertNever, type Decider, unknownEvent } from '../shared/decider.ts';
import {
  ConflictError,
  InsufficientFundsError,
  NotFoundError,
  ReceiverSuspendedError,
  StepUpRequiredError,
  ValidationError,
} from '../shared/errors.ts';
import type { UserId } from '../shared/ids.ts';
import { type Asset, displayUnits, formatUnits, parseAmount } from '../shared/money.ts';
import { assertStoredText } from '../shared/text.ts';
import { assertReceiverActive, RECEIVER_SUSPENDED } from '../users/user.ts';
import { type AccountEvent, isAccountEvent } from './accountEvents.ts';
import { afterTransfer, NO_STEP_UP, needsProof, type StepUpState } from './stepUp.ts';

/**
 * One stream per user holding every asset they own: `account-<userId>`. The write side's balance here is
 * what the user may spend: money sent leaves at once; money received counts once TransferReceived is
 * applied to this stream (normally in the same request; a follow-up worker finishes it after a crash).
 */
// The events live in accountEvents.ts and the commands in accountCommands.ts; importers of the account's
// model find them here too.
export type { AccountCommand } from './accountCommands.ts';

import type { AccountCommand } from './accountCommands.ts';

export { type AccountEvent, isAccountEvent } from './accountEvents.ts';

export const accountStream = (userId: UserId) => `account-${userId}`;

/**
 * A closed account takes no new money and starts no new movement (docs/architecture/personal-data.md,
 * "Erasure, step by step"): the erasure closes it before it reads what the person holds, so nothing can
 * arrive between that reading and the erasure.
 */
export const ACCOUNT_CLOSED = "This person's account is closed and cannot receive funds or start a movement.";

export const INSUFFICIENT_SAI =
  'Insufficient balance: You do not have enough SAI tokens to complete this transaction.';

/**
 * How many recent transaction ids a stream remembers at least, so a re-run command is recognised and
 * skipped (it remembers up to RECENT_CHUNK more: they are forgotten a chunk at a time).
 */
export const RECENT_LIMIT = 256;
const RECENT_CHUNK = 16;

export interface AccountState {
  /** Spendable minor units per asset, as this stream knows them. */
  balances: Partial<Record<Asset, bigint>>;
  /** Transaction ids applied lately (at least the last RECENT_LIMIT). */
  recent: RecentIds;
  /** What the step-up rule for transfers keeps (domain/accounts/stepUp.ts). */
  stepUp: StepUpState;
  /** Closed (AccountClosed, not reopened): every credit and every new movement is refused. */
  closed: boolean;
  /**
   * SAI minor units held for the card stake (in `holds:SAI`, not in `balances`): the tier the card and the
   * fees follow (docs/product-rules.md rule 30). Absent on states cached before stakes existed: 0.
   */
  staked?: bigint;
}

/** The SAI held for the user's card stake. */
export const stakedOf = (state: AccountState): bigint => state.staked ?? 0n;
/** The tier the user's stake backs: what their card and their conversion fee follow. */
export const stakedTier = (state: AccountState): CardTier => tierReachedBy(stakedOf(state));

/**
 * The transaction ids a stream applied lately. Immutable, as all decider state (a cached state is decided
 * on again after a failed append), and cheap to extend and to ask: the newest ids sit in a short array
 * copied on each event, older ones in sets of RECENT_CHUNK shared by every later state. One event copies
 * at most RECENT_CHUNK references and a look-up is a short scan and a few set probes, where a flat array
 * of 256 was copied whole on each event and scanned on each command (measured: BENCHMARKS.md, stop 17).
 */
export interface RecentIds {
  /** Newest last; at most RECENT_CHUNK. */
  readonly newest: readonly string[];
  /** Oldest first; at most RECENT_LIMIT / RECENT_CHUNK sets, never changed once made. */
  readonly older: readonly ReadonlySet<string>[];
}

const NO_RECENT_IDS: RecentIds = { newest: [], older: [] };

export function hasApplied(state: AccountState, transactionId: string): boolean {
  const { newest, older } = state.recent;
  return newest.includes(transactionId) || older.some((chunk) => chunk.has(transactionId));
}

/**
 * "Insufficient balance. You have {n} {currency} available.": at least the asset's display decimals, and
 * every significant digit (0.00000001 ETH is not "0.000000").
 */
export function insufficientMessage(asset: Asset, available: bigint): string {
  if (asset === 'SAI') return INSUFFICIENT_SAI;
  return `Insufficient balance. You have ${displayUnits(available, asset, DISPLAY_DECIMALS[asset])} ${asset} available.`;
}

export function balanceOf(state: AccountState, asset: Asset): bigint {
  return state.balances[asset] ?? 0n;
}

function remember(recent: RecentIds, id: string): RecentIds {
  if (recent.newest.length < RECENT_CHUNK) return { newest: [...recent.newest, id], older: recent.older };
  const older = [...recent.older, new Set(recent.newest)];
  return { newest: [id], older: older.length > RECENT_LIMIT / RECENT_CHUNK ? older.slice(1) : older };
}

function amountUnits(amount: string, asset: Asset): bigint {
  const parsed = parseAmount(amount, asset);
  return parsed.ok ? parsed.units : 0n;
}

/**
 * What a closed account refuses: every credit (a transfer received, a mint, a crypto deposit) and every
 * movement it would start (a transfer sent, a withdrawal). What settles a movement already open (a failed
 * withdrawal's release) and the erasure's own move to dormant go on.
 */
const REFUSED_WHILE_CLOSED: ReadonlySet<AccountCommand['type']> = new Set([
  'ReceiveTransfer',
  'MintTokens',
  'CreditCryptoDeposit',
  'TransferTokens',
  'PlaceWithdrawalHold',
]);

/**
 * The events of those commands: what a closed account's stream never holds until it is reopened. The
 * money audit names any it finds (invariant 12, domain/ledger/moneyAudit.ts).
 */
export const EVENTS_REFUSED_WHILE_CLOSED: ReadonlySet<string> = new Set<AccountEvent['type']>([
  'TransferReceived',
  'TokensMinted',
  'CryptoDepositCredited',
  'TokensTransferred',
  'WithdrawalHoldPlaced',
  'CardStakePlaced',
]);

function accountOwner(command: AccountCommand): UserId {
  switch (command.type) {
    case 'ReceiveTransfer':
      return command.data.toUserId;
    case 'TransferTokens':
      return command.data.fromUserId;
    default:
      return command.data.userId;
  }
}

/** A debit (a transfer, a withdrawal's hold) of no more than the spendable balance. */
function assertSpendable(state: AccountState, asset: Asset, units: bigint, userId: UserId): void {
  const available = balanceOf(state, asset);
  if (available < units) {
    throw new InsufficientFundsError(insufficientMessage(asset, available), {
      code: 'insufficient_funds',
      ids: { userId },
    });
  }
}

/** A mint: a positive amount, to a receiver a distribution may reach. */
function decideMint(d: Extract<AccountCommand, { type: 'MintTokens' }>['data'], at: string): AccountEvent[] {
  if (d.units <= 0n) throw new ValidationError('Amount must be a positive number');
  assertStoredText({ description: [d.description, 'Description'] });
  assertReceiverActive(d.source === 'distribution' && d.receiverSuspended, d.userId);
  return [
    {
      type: 'TokensMinted',
      data: {
        transactionId: d.transactionId,
        userId: d.userId,
        asset: d.asset,
        amount: formatUnits(d.units, d.asset),
        source: d.source,
        paymentId: d.paymentId,
        description: d.description,
        mintedBy: d.mintedBy,
        mintedAt: at,
        ...(d.fee && d.fee.units > 0n ? { fee: formatUnits(d.fee.units, d.asset), feeRate: d.fee.rate } : {}),
      },
    },
  ];
}

/** A transfer's debit: checked against the spendable balance and the step-up rule. */
function decideTransfer(
  state: AccountState,
  d: Extract<AccountCommand, { type: 'TransferTokens' }>['data'],
  at: string,
): AccountEvent[] {
  assertStoredText({ description: [d.description, 'Description'] });
  if (d.units <= 0n)
    throw new ValidationError('Amount must be a positive number', {
      code: 'amount_not_positive',
    });
  if (d.fromUserId === d.toUserId) {
    throw new ValidationError('You cannot send tokens to yourself', {
      code: 'self_transfer',
      ids: { userId: d.fromUserId },
    });
  }
  if (!d.receiverExists) throw new NotFoundError('Recipient not found');
  if (d.receiverSuspended) throw new ReceiverSuspendedError(RECEIVER_SUSPENDED);
  assertSpendable(state, d.asset, d.units, d.fromUserId);
  if (needsProof(state.stepUp, d.stepUp, d.toUserId, d.asset, d.units)) {
    throw new StepUpRequiredError('Confirm this transfer with your password or authenticator code', {
      code: 'step_up_required',
      ids: { userId: d.fromUserId },
    });
  }
  return [
    {
      type: 'TokensTransferred',
      data: {
        transactionId: d.transactionId,
        fromUserId: d.fromUserId,
        toUserId: d.toUserId,
        fromLabel: d.fromLabel,
        toLabel: d.toLabel,
        asset: d.asset,
        amount: formatUnits(d.units, d.asset),
        description: d.description,
        transferredAt: at,
        ...(d.stepUp === 'unproven' ? {} : { stepUp: d.stepUp }),
      },
    },
  ];
}

/** A withdrawal's hold, for no more than the spendable balance. */
function decideHold(
  state: AccountState,
  d: Extract<AccountCommand, { type: 'PlaceWithdrawalHold' }>['data'],
  at: string,
): AccountEvent[] {
  // The withdrawal's notes are checked here, at its first step, before any hold is placed.
  assertStoredText({ notes: [d.notes, 'Notes'] });
  if (d.units <= 0n)
    throw new ValidationError('Amount must be greater than 0', {
      code: 'amount_not_positive',
    });
  assertSpendable(state, d.asset, d.units, d.userId);
  return [
    {
      type: 'WithdrawalHoldPlaced',
      data: {
        transactionId: d.transactionId,
        userId: d.userId,
        asset: d.asset,
        amount: formatUnits(d.units, d.asset),
        address: d.address,
        chain: d.chain,
        notes: d.notes,
        placedAt: at,
      },
    },
  ];
}

/** The stake set to a tier's amount: placed or released by the difference. */
function decideStake(
  state: AccountState,
  d: Extract<AccountCommand, { type: 'SetCardStake' }>['data'],
  at: string,
): AccountEvent[] {
  const target = stakeForTier(d.tier);
  const staked = stakedOf(state);
  const amounts = { staked: formatUnits(target, 'SAI'), tier: d.tier };
  if (target < staked) {
    const amount = formatUnits(staked - target, 'SAI');
    const data = { transactionId: d.transactionId, userId: d.userId, asset: 'SAI' as const, amount };
    return [{ type: 'CardStakeReleased', data: { ...data, ...amounts, releasedAt: at } }];
  }
  if (target === staked) return [];
  // A closed account starts no movement; what it has staked may still come back (above).
  if (state.closed) throw new ConflictError(ACCOUNT_CLOSED, { ids: { userId: d.userId } });
  const units = target - staked;
  const available = balanceOf(state, 'SAI');
  if (available < units) {
    throw new InsufficientFundsError(
      `Staking for ${TIER_NAMES[d.tier]} holds ${formatUnits(target, 'SAI')} SAI: ${formatUnits(units, 'SAI')} SAI more than your stake, and you have ${formatUnits(available, 'SAI')} SAI available.`,
      { code: 'insufficient_funds', ids: { userId: d.userId } },
    );
  }
  const amount = formatUnits(units, 'SAI');
  const data = { transactionId: d.transactionId, userId: d.userId, asset: 'SAI' as const, amount };
  return [{ type: 'CardStakePlaced', data: { ...data, ...amounts, placedAt: at } }];
}

export const accountDecider: Decider<AccountState, AccountCommand, AccountEvent> = {
  initialState: () => ({ balances: {}, recent: NO_RECENT_IDS, stepUp: NO_STEP_UP, closed: false }),
  isEvent: isAccountEvent,
  decide(command, state) {
    // A credit or movement applied before the close is answered as applied (a retry), never refused.
    if (hasApplied(state, command.data.transactionId)) return [];
    const at = command.now.toISOString();
    if (state.closed && REFUSED_WHILE_CLOSED.has(command.type)) {
      throw new ConflictError(ACCOUNT_CLOSED, { ids: { userId: accountOwner(command) } });
    }
    switch (command.type) {
      case 'MintTokens':
        return decideMint(command.data, at);
      case 'TransferTokens':
        return decideTransfer(state, command.data, at);
      case 'ReceiveTransfer':
        return [{ type: 'TransferReceived', data: { ...command.data, receivedAt: at } }];
      case 'CreditCryptoDeposit':
        return [{ type: 'CryptoDepositCredited', data: { ...command.data, creditedAt: at } }];
      case 'PlaceWithdrawalHold':
        return decideHold(state, command.data, at);
      case 'ReleaseWithdrawalHold':
        return [{ type: 'WithdrawalHoldReleased', data: { ...command.data, releasedAt: at } }];
      case 'SetCardStake':
        return decideStake(state, command.data, at);
      case 'MoveBalanceToDormant': {
        const d = command.data;
        const units = balanceOf(state, d.asset);
        if (units <= 0n) return [];
        const amount = formatUnits(units, d.asset);
        return [{ type: 'BalanceMovedToDormant', data: { ...d, amount, movedAt: at } }];
      }
      case 'CloseAccount':
        if (state.closed) return [];
        return [{ type: 'AccountClosed', data: { ...command.data, closedAt: at } }];
      case 'ReopenAccount':
        if (!state.closed) return [];
        return [{ type: 'AccountReopened', data: { ...command.data, reopenedAt: at } }];
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    const add = (asset: Asset, delta: bigint) => ({
      ...state.balances,
      [asset]: balanceOf(state, asset) + delta,
    });
    switch (event.type) {
      case 'TokensMinted':
        return {
          ...state,
          balances: add(event.data.asset, amountUnits(event.data.amount, event.data.asset)),
          recent: remember(state.recent, event.data.transactionId),
        };
      case 'TokensTransferred': {
        const d = event.data;
        const units = amountUnits(d.amount, d.asset);
        return {
          ...state,
          balances: add(d.asset, -units),
          recent: remember(state.recent, d.transactionId),
          stepUp: afterTransfer(state.stepUp, d.stepUp, d.toUserId, d.asset, units),
        };
      }
      case 'TransferReceived':
      case 'CryptoDepositCredited':
      case 'WithdrawalHoldReleased':
        return {
          ...state,
          balances: add(event.data.asset, amountUnits(event.data.amount, event.data.asset)),
          recent: remember(state.recent, event.data.transactionId),
        };
      case 'CardStakePlaced':
      case 'CardStakeReleased': {
        const units = amountUnits(event.data.amount, 'SAI');
        const delta = event.type === 'CardStakePlaced' ? units : -units;
        return {
          ...state,
          balances: add('SAI', -delta),
          staked: stakedOf(state) + delta,
          recent: remember(state.recent, event.data.transactionId),
        };
      }
      case 'WithdrawalHoldPlaced':
      case 'BalanceMovedToDormant':
        return {
          ...state,
          balances: add(event.data.asset, -amountUnits(event.data.amount, event.data.asset)),
          recent: remember(state.recent, event.data.transactionId),
        };
      case 'AccountClosed':
        return { ...state, closed: true, recent: remember(state.recent, event.data.transactionId) };
      case 'AccountReopened':
        return { ...state, closed: false, recent: remember(state.recent, event.data.transactionId) };
      default:
        return unknownEvent(event, state);
    }
  },
};
