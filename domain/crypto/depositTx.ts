import { type Decider, eventGuard, unknownEvent } from '../shared/decider.ts';
import { ConflictError } from '../shared/errors.ts';
import type { UserId } from '../shared/ids.ts';
import { NETWORKS, type NetworkId } from './networks.ts';

/**
 * One on-chain transaction, one deposit. Each (network, canonical hash) has its own stream,
 * `depositTx-<network>-<hash>`, and the deposit that first appends a claim to it holds the hash: the
 * append's expected revision makes the first writer win whatever the concurrency, as the e-mail
 * reservations do (users/uniqueValue.ts). A declaration with a hash claims it; a confirmation claims it
 * too (a declaration without a hash gets one then), so no confirmation can credit a hash that another
 * deposit holds.
 *
 * A claim is given up only by a deposit that can no longer credit it: its holder was rejected (the hash may
 * then be declared again, e.g. with the right currency), or the holder's declaration never got written
 * (the request died between the claim and the declaration) and the claim is old enough.
 */
export const depositTxStream = (network: NetworkId, canonicalHash: string) =>
  `depositTx-${network}-${canonicalHash}`;

export const ABANDONED_CLAIM_MS = 60_000;

/** What became of the deposit that holds a claim, as its own stream says (looked up by the caller). */
export type HolderStatus = 'none' | 'pending' | 'confirmed' | 'rejected';

export type DepositTxEvent =
  | {
      type: 'DepositTxClaimed';
      data: { network: NetworkId; txHash: string; depositId: string; userId: UserId; claimedAt: string };
    }
  | {
      type: 'DepositTxReleased';
      data: {
        network: NetworkId;
        txHash: string;
        depositId: string;
        /** rejected: its deposit was rejected. abandoned: its declaration was never written. */
        reason: 'rejected' | 'abandoned';
        releasedAt: string;
      };
    };

export interface DepositTxState {
  holder: { depositId: string; claimedAt: string } | null;
}

export type DepositTxCommand = {
  type: 'ClaimDepositTx';
  data: {
    network: NetworkId;
    txHash: string;
    depositId: string;
    userId: UserId;
    /** The holder the caller looked up and what became of its deposit; null when it saw no holder. */
    seenHolder: { depositId: string; status: HolderStatus } | null;
  };
  now: Date;
};

export function txTakenMessage(network: NetworkId, holder: HolderStatus): string {
  return holder === 'confirmed'
    ? `This transaction has already been credited to a deposit on ${NETWORKS[network]}`
    : `This transaction hash has already been declared for a deposit on ${NETWORKS[network]}`;
}

/** Every DepositTxEvent type: the one list the type guard below is built from. */
export const DEPOSIT_TX_EVENT_TYPES = ['DepositTxClaimed', 'DepositTxReleased'] as const;
export const isDepositTxEvent = eventGuard<DepositTxEvent>()(DEPOSIT_TX_EVENT_TYPES);

export const depositTxDecider: Decider<DepositTxState, DepositTxCommand, DepositTxEvent> = {
  initialState: () => ({ holder: null }),
  isEvent: isDepositTxEvent,
  decide(command, state) {
    const { network, txHash, depositId, userId, seenHolder } = command.data;
    const at = command.now.toISOString();
    const claim: DepositTxEvent = {
      type: 'DepositTxClaimed',
      data: { network, txHash, depositId, userId, claimedAt: at },
    };
    const holder = state.holder;
    if (holder === null) return [claim];
    if (holder.depositId === depositId) return [];
    // What the caller saw is about this holder only; about any other, assume it is live.
    const status = seenHolder?.depositId === holder.depositId ? seenHolder.status : 'pending';
    const age = command.now.getTime() - Date.parse(holder.claimedAt);
    const reason =
      status === 'rejected'
        ? 'rejected'
        : status === 'none' && age >= ABANDONED_CLAIM_MS
          ? 'abandoned'
          : null;
    if (reason === null) {
      const message = txTakenMessage(network, status);
      throw new ConflictError(message, { code: 'tx_hash_taken', ids: { depositId: holder.depositId } });
    }
    return [
      {
        type: 'DepositTxReleased',
        data: { network, txHash, depositId: holder.depositId, reason, releasedAt: at },
      },
      claim,
    ];
  },
  evolve(state, event) {
    switch (event.type) {
      case 'DepositTxClaimed':
        return { holder: { depositId: event.data.depositId, claimedAt: event.data.claimedAt } };
      case 'DepositTxReleased':
        return state.holder?.depositId === event.data.depositId ? { holder: null } : state;
      default:
        return unknownEvent(event, state);
    }
  },
};
