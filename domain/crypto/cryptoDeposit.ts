import { assertNever, type Decider, eventGuard, unknownEvent } from '../shared/decider.ts';
import { ConflictError, NotFoundError, ReceiverSuspendedError, ValidationError } from '../shared/errors.ts';
import type { UserId } from '../shared/ids.ts';
import { type CryptoAsset, formatUnits } from '../shared/money.ts';
import { assertStoredText } from '../shared/text.ts';
import { OWNER_SUSPENDED } from '../users/user.ts';
import { DEPOSIT_NETWORKS, type NetworkId } from './networks.ts';
import { canonicalTxHash, parseTxHash } from './txHash.ts';

/**
 * A crypto deposit the user declared (docs/product-rules.md rule 17): `cryptoDeposit-<depositId>`. Pending until an
 * admin confirms it with the amount that arrived (the account is then credited from custody:<ASSET>)
 * or rejects it. The transaction hash is optional when declaring and required when confirming; new
 * events carry it in its canonical form (txHash.ts), events written before that rule keep what was typed.
 */
export const cryptoDepositStream = (depositId: string) => `cryptoDeposit-${depositId}`;

/** What the user declares of a deposit: the command's data, and the event's without its time. */
type Declaration = {
  depositId: string;
  userId: UserId;
  asset: CryptoAsset;
  network: NetworkId;
  txHash: string | null;
};

export type CryptoDepositEvent =
  | { type: 'CryptoDepositDeclared'; data: Declaration & { declaredAt: string } }
  | {
      type: 'CryptoDepositConfirmed';
      data: {
        depositId: string;
        userId: UserId;
        asset: CryptoAsset;
        amount: string;
        /** The canonical hash credited; absent on confirmations written before it was required. */
        txHash?: string;
        confirmedBy: UserId;
        at: string;
      };
    }
  | {
      type: 'CryptoDepositRejected';
      data: { depositId: string; userId: UserId; reason: string; rejectedBy: UserId; at: string };
    };

export type CryptoDepositState =
  | { status: 'none' }
  | {
      status: 'pending' | 'confirmed' | 'rejected';
      depositId: string;
      userId: UserId;
      asset: CryptoAsset;
      network: NetworkId;
      /**
       * As declared (canonical since the rule, possibly not before), then as confirmed; null while a
       * deposit declared without one is pending.
       */
      txHash: string | null;
    };

export type CryptoDepositCommand =
  | {
      type: 'DeclareCryptoDeposit';
      data: Declaration;
      now: Date;
    }
  | {
      type: 'ConfirmCryptoDeposit';
      /**
       * txHash: canonical (parseTxHash), and its claim is held by this deposit (depositTx.ts).
       * ownerSuspended: looked up by the caller; a suspended account cannot receive, so the deposit waits.
       */
      data: { units: bigint; txHash: string; adminId: UserId; ownerSuspended: boolean };
      now: Date;
    }
  | { type: 'RejectCryptoDeposit'; data: { reason: string; adminId: UserId }; now: Date };

export const TX_MISMATCH = 'This deposit was declared with another transaction hash';

function pending(state: CryptoDepositState) {
  if (state.status === 'none') throw new NotFoundError('Deposit not found');
  if (state.status !== 'pending') throw new ConflictError(`This deposit has already been ${state.status}`);
  return state;
}

/** Every CryptoDepositEvent type: the one list the type guard below is built from. */
export const CRYPTO_DEPOSIT_EVENT_TYPES = [
  'CryptoDepositDeclared',
  'CryptoDepositConfirmed',
  'CryptoDepositRejected',
] as const;
export const isCryptoDepositEvent = eventGuard<CryptoDepositEvent>()(CRYPTO_DEPOSIT_EVENT_TYPES);

export const cryptoDepositDecider: Decider<CryptoDepositState, CryptoDepositCommand, CryptoDepositEvent> = {
  initialState: () => ({ status: 'none' }),
  isEvent: isCryptoDepositEvent,
  decide(command, state) {
    const at = command.now.toISOString();
    switch (command.type) {
      case 'DeclareCryptoDeposit': {
        if (state.status !== 'none') return [];
        const d = command.data;
        if (!DEPOSIT_NETWORKS[d.asset].some((n) => n.network === d.network)) {
          throw new ValidationError(`${d.asset} cannot be deposited on that network`, {
            code: 'network_unsupported',
          });
        }
        let txHash: string | null = null;
        if (d.txHash !== null) {
          const parsed = parseTxHash(d.network, d.txHash);
          if (!parsed.ok) throw new ValidationError(parsed.reason, { code: 'tx_hash_invalid' });
          txHash = parsed.hash;
        }
        return [{ type: 'CryptoDepositDeclared', data: { ...d, txHash, declaredAt: at } }];
      }
      case 'ConfirmCryptoDeposit': {
        const p = pending(state);
        if (command.data.units <= 0n) throw new ValidationError('Amount must be greater than 0');
        if (command.data.ownerSuspended) throw new ReceiverSuspendedError(OWNER_SUSPENDED);
        const declared = canonicalTxHash(p.network, p.txHash);
        if (declared !== null && declared !== command.data.txHash) {
          throw new ValidationError(TX_MISMATCH, { code: 'tx_hash_mismatch' });
        }
        return [
          {
            type: 'CryptoDepositConfirmed',
            data: {
              depositId: p.depositId,
              userId: p.userId,
              asset: p.asset,
              amount: formatUnits(command.data.units, p.asset),
              txHash: command.data.txHash,
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
          network: event.data.network,
          txHash: event.data.txHash,
        };
      case 'CryptoDepositConfirmed':
        return state.status === 'none'
          ? state
          : { ...state, status: 'confirmed', txHash: event.data.txHash ?? state.txHash };
      case 'CryptoDepositRejected':
        return state.status === 'none' ? state : { ...state, status: 'rejected' };
      default:
        return unknownEvent(event, state);
    }
  },
};
