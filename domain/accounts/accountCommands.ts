import type { CardTier } from '../cards/card.ts';
import type { UserId } from '../shared/ids.ts';
import type { Asset } from '../shared/money.ts';
import type { StepUp } from './stepUp.ts';

/**
 * What an account stream (`account-<userId>`, account.ts) is asked to do: its commands. Apart from the
 * decider, as its events are (accountEvents.ts), so that account.ts stays a readable size.
 */
export type AccountCommand =
  | {
      type: 'MintTokens';
      data: {
        transactionId: string;
        userId: UserId;
        asset: Asset;
        units: bigint;
        source: 'payment' | 'distribution';
        paymentId: string | null;
        description: string;
        mintedBy: UserId;
        /** An approved purchase's conversion fee, fixed at submission (payment.ts). */
        fee?: { units: bigint; rate: string };
        /**
         * Whether the receiver is suspended; looked up by the caller. It refuses a distribution only: a
         * payment's mint carries out an approval already decided, and the approval is what refuses a
         * suspended owner (payment.ts), so a mint finished after a crash is never left undone.
         */
        receiverSuspended: boolean;
      };
      now: Date;
    }
  | {
      type: 'TransferTokens';
      data: {
        transactionId: string;
        fromUserId: UserId;
        toUserId: UserId;
        /** Whether the receiver is a registered user; looked up by the caller. */
        receiverExists: boolean;
        /** Whether the receiver is suspended (and so cannot receive); looked up by the caller. */
        receiverSuspended: boolean;
        fromLabel: string;
        toLabel: string;
        asset: Asset;
        units: bigint;
        description: string;
        /** Whether the caller checked a fresh proof of the sender for this command. */
        stepUp: StepUp;
      };
      now: Date;
    }
  | {
      type: 'ReceiveTransfer';
      data: { transactionId: string; fromUserId: UserId; toUserId: UserId; asset: Asset; amount: string };
      now: Date;
    }
  | {
      type: 'CreditCryptoDeposit';
      data: { transactionId: string; userId: UserId; asset: Asset; amount: string; network: string };
      now: Date;
    }
  | {
      type: 'PlaceWithdrawalHold';
      data: {
        transactionId: string;
        userId: UserId;
        asset: Asset;
        units: bigint;
        address: string;
        chain: string;
        notes: string;
      };
      now: Date;
    }
  | {
      type: 'ReleaseWithdrawalHold';
      /** transactionId is `<withdrawalId>:released`, distinct from the hold's. */
      data: { transactionId: string; withdrawalId: string; userId: UserId; asset: Asset; amount: string };
      now: Date;
    }
  | {
      /**
       * Set the card stake to `tier`'s amount (docs/product-rules.md rule 30): hold what it lacks, or release
       * what it has beyond (Gold: all of it). Decided on the spendable balance in this stream's one
       * decision, so no transfer or withdrawal can spend the same units. The stake it already has: nothing.
       */
      type: 'SetCardStake';
      data: { transactionId: string; userId: UserId; tier: CardTier };
      now: Date;
    }
  | {
      /** Moves the whole spendable balance of `asset`, whatever it is when decided; nothing when none. */
      type: 'MoveBalanceToDormant';
      data: { transactionId: string; userId: UserId; asset: Asset; movedBy: UserId | null };
      now: Date;
    }
  | {
      type: 'CloseAccount';
      data: { transactionId: string; userId: UserId; closedBy: UserId | null };
      now: Date;
    }
  | {
      type: 'ReopenAccount';
      data: { transactionId: string; userId: UserId; reopenedBy: UserId | null };
      now: Date;
    };
