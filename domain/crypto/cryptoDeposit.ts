import { assertNever, type Decider } from '../shared/decider.ts';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.ts';
import { type CryptoAsset, formatUnits } from '../shared/money.ts';
import { assertStoredText } from '../shared/text.ts';
import { DEPOSIT_NETWORKS, type NetworkId } from './networks.ts';

/**
 * A crypto deposit the user declared (DECISIONS.md 17): `cryptoDeposit-<depositId>`. Pending until an
 * admin confirms it with the amount that arrived (the account is then credited from custody:<ASSET>)
 * or rejects it.
 */
export const cryptoDepositStream = (depositId: string) => `cryptoDeposit-${depositId}`;

export type CryptoDepositEvent =
  | {
      type: 'CryptoDepositDeclared';
      data: {
        depositId: string;
        userId: string;
        asset: CryptoAsset;
        network: NetworkId;
        txHash: string | null;
        declaredAt: string;
      };
    }
  | {
      type: 'CryptoDepositConfirmed';
      data: {
        depositId: string;
        userId: string;
        asset: CryptoAsset;
        amount: string;
        confirmedBy: string;
        at: string;
      };
    }
  | {
      type: 'CryptoDepositRejected';
      data: { depositId: string; userId: string; reason: string; rejectedBy: string; at: string };
    };

export type CryptoDepositState =
  | { status: 'none' }
  | { status: 'pending' | 'confirmed' | 'rejected'; depositId: string; userId: string; asset: CryptoAsset };

export type CryptoDepositCommand =
  | {
      type: 'DeclareCryptoDeposit';
      data: {
        depositId: string;
        userId: string;
        asset: CryptoAsset;
        network: NetworkId;
        txHash: string | null;
      };
      now: Date;
    }
  | { type: 'ConfirmCryptoDeposit'; data: { units: bigint; adminId: string }; now: Date }
  | { type: 'RejectCryptoDeposit'; data: { reason: string; adminId: string }; now: Date };

function pending(state: CryptoDepositState) {
  if (state.status === 'none') throw new NotFoundError('Deposit not found');
  if (state.status !== 'pending') throw new ConflictError(`This deposit has already been ${state.status}`);
  return state;
}

export const cryptoDepositDecider: Decider<CryptoDepositState, CryptoDepositCommand, CryptoDepositEvent> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    const at = command.now.toISOString();
    switch (command.type) {
      case 'DeclareCryptoDeposit': {
        if (state.status !== 'none') return [];
        const d = command.data;
        if (!DEPOSIT_NETWORKS[d.asset].some((n) => n.network === d.network)) {
          throw new ValidationError(`${d.asset} cannot be deposited on that network`, {
            network: 'Please select a network',
          });
        }
        return [{ type: 'CryptoDepositDeclared', data: { ...d, declaredAt: at } }];
      }
      case 'ConfirmCryptoDeposit': {
        const p = pending(state);
        if (command.data.units <= 0n) throw new ValidationError('Amount must be greater than 0');
        return [
          {
            type: 'CryptoDepositConfirmed',
            data: {
              depositId: p.depositId,
              userId: p.userId,
              asset: p.asset,
              amount: formatUnits(command.data.units, p.asset),
              confirmedBy: command.data.adminId,
              at,
            },
          },
        ];
      }
      case 'RejectCryptoDeposit': {
        const p = pending(state);
        assertStoredText({ reason: [command.data.reason, 'Reason'] });
        return [
          {
            type: 'CryptoDepositRejected',
            data: {
              depositId: p.depositId,
              userId: p.userId,
              reason: command.data.reason,
              rejectedBy: command.data.adminId,
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
      case 'CryptoDepositDeclared':
        return {
          status: 'pending',
          depositId: event.data.depositId,
          userId: event.data.userId,
          asset: event.data.asset,
        };
      case 'CryptoDepositConfirmed':
        return state.status === 'none' ? state : { ...state, status: 'confirmed' };
      case 'CryptoDepositRejected':
        return state.status === 'none' ? state : { ...state, status: 'rejected' };
      default:
        return assertNever(event);
    }
  },
};
