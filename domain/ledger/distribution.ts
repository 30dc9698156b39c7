import { type Decider, eventGuard, unknownEvent } from '../shared/decider.ts';
import { ValidationError } from '../shared/errors.ts';
import type { UserId } from '../shared/ids.ts';
import { formatUnits } from '../shared/money.ts';
import { assertReceiverActive } from '../users/user.ts';

/**
 * An admin's distribution of SAI, recorded on a stream of its own (`distribution-<transactionId>`, the
 * transaction id derived from the admin's Idempotency-Key) before the mint it orders, in the same commit
 * (app/commands/transaction.ts). Its stream name does not depend on the request's body, so a retry of the
 * same key with another receiver or amount finds this record and is refused, where a mint alone, on the
 * receiver's stream, could not be found from another receiver's. It is also the audited order that backs
 * the mint (docs/ledger.md, "Every mint is backed"). No personal text: the description stays on the mint.
 */
export const distributionStream = (transactionId: string) => `distribution-${transactionId}`;

export type DistributionEvent = {
  type: 'DistributionRecorded';
  data: {
    transactionId: string;
    receiverId: UserId;
    asset: 'SAI';
    /** Decimal string with the asset's decimals. */
    amount: string;
    distributedBy: UserId;
    recordedAt: string;
  };
};

export type DistributionCommand = {
  type: 'RecordDistribution';
  data: {
    transactionId: string;
    receiverId: UserId;
    units: bigint;
    distributedBy: UserId;
    /** Whether the receiver is suspended; looked up by the caller. */
    receiverSuspended: boolean;
  };
  now: Date;
};

export type DistributionState = { recorded: boolean };

export const DISTRIBUTION_EVENT_TYPES = ['DistributionRecorded'] as const;
export const isDistributionEvent = eventGuard<DistributionEvent>()(DISTRIBUTION_EVENT_TYPES);

export const distributionDecider: Decider<DistributionState, DistributionCommand, DistributionEvent> = {
  initialState: () => ({ recorded: false }),
  isEvent: isDistributionEvent,
  decide(command, state) {
    // Recorded already: this very command's retry (its stream is its transaction's); nothing to add.
    if (state.recorded) return [];
    const d = command.data;
    if (d.units <= 0n) throw new ValidationError('Amount must be a positive number');
    assertReceiverActive(d.receiverSuspended, d.receiverId);
    return [
      {
        type: 'DistributionRecorded',
        data: {
          transactionId: d.transactionId,
          receiverId: d.receiverId,
          asset: 'SAI',
          amount: formatUnits(d.units, 'SAI'),
          distributedBy: d.distributedBy,
          recordedAt: command.now.toISOString(),
        },
      },
    ];
  },
  evolve(state, event) {
    switch (event.type) {
      case 'DistributionRecorded':
        return { recorded: true };
      default:
        // One event type (not a union): TypeScript does not narrow it to never here.
        return unknownEvent(event as never, state);
    }
  },
};
