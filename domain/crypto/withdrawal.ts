import { assertNever, type Decider, eventGuard, unknownEvent } from '../shared/decider.ts';
import { ConflictError, NotFoundError } from '../shared/errors.ts';
import type { UserId } from '../shared/ids.ts';
import type { CryptoAsset } from '../shared/money.ts';
import { assertStoredText } from '../shared/text.ts';
import type { NetworkId } from './networks.ts';

/**
 * A withdrawal's life (docs/product-rules.md rule 18), `withdrawal-<withdrawalId>`. The money side is two-phase:
 * the hold is placed on the user's account stream first (WithdrawalHoldPlaced: user → holds:<ASSET>, the
 * no-overdraft decision); then an admin completes it (holds → outbound:<ASSET>, with the outgoing tx
 * hash) or fails it (holds → back to the user, who gets the amount back via WithdrawalHoldReleased).
 */
export const withdrawalStream = (withdrawalId: string) => `withdrawal-${withdrawalId}`;

export interface WithdrawalDetails {
  withdrawalId: string;
  userId: UserId;
  asset: CryptoAsset;
  amount: string;
  address: string;
  chain: NetworkId;
  notes: string;
}

export type WithdrawalEvent =
  | { type: 'WithdrawalRequested'; data: WithdrawalDetails & { requestedAt: string } }
  | {
      type: 'WithdrawalCompleted';
      data: {
        withdrawalId: string;
        userId: UserId;
        asset: CryptoAsset;
        amount: string;
        txHash: string;
        completedBy: UserId;
        at: string;
      };
    }
  | {
      type: 'WithdrawalFailed';
      data: {
        withdrawalId: string;
        userId: UserId;
        asset: CryptoAsset;
        amount: string;
        reason: string;
        failedBy: UserId;
        at: string;
      };
    };

export type WithdrawalState =
  | { status: 'none' }
  | { status: 'pending' | 'completed' | 'failed'; details: WithdrawalDetails };

export type WithdrawalCommand =
  | { type: 'RecordWithdrawalRequest'; data: WithdrawalDetails; now: Date }
  | { type: 'CompleteWithdrawal'; data: { txHash: string; adminId: UserId }; now: Date }
  | { type: 'FailWithdrawal'; data: { reason: string; adminId: UserId }; now: Date };

function pending(state: WithdrawalState) {
  if (state.status === 'none') throw new NotFoundError('Withdrawal not found');
  if (state.status !== 'pending')
    throw new ConflictError(
      `This withdrawal has already ${state.status === 'completed' ? 'been completed' : 'failed'}`,
    );
  return state.details;
}

/** Every WithdrawalEvent type: the one list the type guard below is built from. */
export const WITHDRAWAL_EVENT_TYPES = [
  'WithdrawalRequested',
  'WithdrawalCompleted',
  'WithdrawalFailed',
] as const;
export const isWithdrawalEvent = eventGuard<WithdrawalEvent>()(WITHDRAWAL_EVENT_TYPES);

export const withdrawalDecider: Decider<WithdrawalState, WithdrawalCommand, WithdrawalEvent> = {
  initialState: () => ({ status: 'none' }),
  isEvent: isWithdrawalEvent,
  decide(command, state) {
    const at = command.now.toISOString();
    switch (command.type) {
      case 'RecordWithdrawalRequest':
        return state.status === 'none'
          ? [{ type: 'WithdrawalRequested', data: { ...command.data, requestedAt: at } }]
          : [];
      case 'CompleteWithdrawal': {
        const d = pending(state);
        return [
          {
            type: 'WithdrawalCompleted',
            data: {
              withdrawalId: d.withdrawalId,
              userId: d.userId,
              asset: d.asset,
              amount: d.amount,
              txHash: command.data.txHash,
              completedBy: command.data.adminId,
              at,
            },
          },
        ];
      }
      case 'FailWithdrawal': {
        const d = pending(state);
        assertStoredText({ reason: [command.data.reason, 'Reason'] });
        return [
          {
            type: 'WithdrawalFailed',
            data: {
              withdrawalId: d.withdrawalId,
              userId: d.userId,
              asset: d.asset,
              amount: d.amount,
              reason: command.data.reason,
              failedBy: command.data.adminId,
              at,
            },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'WithdrawalRequested': {
        const { requestedAt: _, ...details } = event.data;
        return { status: 'pending', details };
      }
      case 'WithdrawalCompleted':
        return state.status === 'none' ? state : { ...state, status: 'completed' };
      case 'WithdrawalFailed':
        return state.status === 'none' ? state : { ...state, status: 'failed' };
      default:
        return unknownEvent(event, state);
    }
  },
};
