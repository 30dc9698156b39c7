import type { CardTier } from '../cards/card.ts';
import { eventGuard } from '../shared/decider.ts';
import type { UserId } from '../shared/ids.ts';
import type { Asset } from '../shared/money.ts';

/** A card stake's movement, placed or released: `amount` moved, and the `staked` whole that backs `tier`. */
type StakeMove = {
  transactionId: string;
  userId: UserId;
  asset: 'SAI';
  amount: string;
  tier: CardTier;
  staked: string;
};

/**
 * What an account stream (`account-<userId>`, account.ts) records: its events, their type list and guard.
 * Apart from the decider so that account.ts stays a readable size; the decider is the only writer.
 */
export type AccountEvent =
  | {
      type: 'TokensMinted';
      data: {
        transactionId: string;
        userId: UserId;
        asset: Asset;
        /** Decimal string with the asset's decimals. */
        amount: string;
        /** payment: an approved deposit proof; distribution: an admin's token distribution. */
        source: 'payment' | 'distribution';
        paymentId: string | null;
        description: string;
        mintedBy: UserId;
        mintedAt: string;
        /**
         * A purchase's conversion fee (docs/product-rules.md rule 25) and its rate in percent: posted from
         * `issuance:<asset>` to `fees:<asset>` beside the amount, never taken from it. Only when above 0.
         */
        fee?: string;
        feeRate?: string;
      };
    }
  | {
      type: 'TokensTransferred';
      data: {
        transactionId: string;
        fromUserId: UserId;
        toUserId: UserId;
        /** Usernames at the time, for the receiver's notification and statements. */
        fromLabel: string;
        toLabel: string;
        asset: Asset;
        amount: string;
        description: string;
        transferredAt: string;
        /**
         * How the sender confirmed it (domain/accounts/stepUp.ts): 'proven' with a fresh proof, 'system' by a
         * tool; absent when no proof was given (and on every transfer written before the rule).
         */
        stepUp?: 'proven' | 'system';
      };
    }
  | {
      /** A declared crypto deposit an admin confirmed: custody:<ASSET> → the user. */
      type: 'CryptoDepositCredited';
      data: {
        transactionId: string;
        userId: UserId;
        asset: Asset;
        amount: string;
        network: string;
        creditedAt: string;
      };
    }
  | {
      /** First phase of a withdrawal: the amount leaves the user for holds:<ASSET> at once. */
      type: 'WithdrawalHoldPlaced';
      data: {
        transactionId: string;
        userId: UserId;
        asset: Asset;
        amount: string;
        address: string;
        chain: string;
        notes: string;
        placedAt: string;
      };
    }
  | {
      /** A failed withdrawal's amount is spendable again (the posting back is WithdrawalFailed's). */
      type: 'WithdrawalHoldReleased';
      data: {
        transactionId: string;
        withdrawalId: string;
        userId: UserId;
        asset: Asset;
        amount: string;
        releasedAt: string;
      };
    }
  | {
      /**
       * A card stake (docs/product-rules.md rule 30): `amount` SAI leaves the spendable balance for
       * `holds:SAI`, where it stays owed to the user while it backs `tier`. `staked` is the user's whole
       * stake after it (a decimal string): the tier their card and their fees follow. The card's own stream
       * records it (CardStaked), built from this event in the same commit.
       */
      type: 'CardStakePlaced';
      data: StakeMove & { placedAt: string };
    }
  | {
      /**
       * Part or all of a card stake back to the spendable balance (`holds:SAI` → the user): the holder
       * downgraded or unstaked. `tier` is the tier the remaining stake (`staked`) backs.
       */
      type: 'CardStakeReleased';
      data: StakeMove & { releasedAt: string };
    }
  | {
      /** The receiving side's bookkeeping of a transfer; carries no posting (that is TokensTransferred). */
      type: 'TransferReceived';
      data: {
        transactionId: string;
        fromUserId: UserId;
        toUserId: UserId;
        asset: Asset;
        amount: string;
        receivedAt: string;
      };
    }
  | {
      /**
       * An erased person's residual balance of one asset, moved by an admin to `dormant:<asset>`: still owed
       * (a liability), no longer in a named account. No personal data in it.
       */
      type: 'BalanceMovedToDormant';
      data: {
        transactionId: string;
        userId: UserId;
        asset: Asset;
        amount: string;
        movedBy: UserId | null;
        movedAt: string;
      };
    }
  | {
      /**
       * The account takes no new credit and starts no new movement: the first step of an erasure, before it
       * reads the blockers. `closedBy` is the admin, or null from the command line. No personal data in it.
       */
      type: 'AccountClosed';
      data: { transactionId: string; userId: UserId; closedBy: UserId | null; closedAt: string };
    }
  | {
      /** An erasure that found blockers opens the account again: it takes money as before. */
      type: 'AccountReopened';
      data: { transactionId: string; userId: UserId; reopenedBy: UserId | null; reopenedAt: string };
    };

/** Every AccountEvent type: the one list the type guard below is built from. */
export const ACCOUNT_EVENT_TYPES = [
  'TokensMinted',
  'TokensTransferred',
  'CryptoDepositCredited',
  'WithdrawalHoldPlaced',
  'WithdrawalHoldReleased',
  'TransferReceived',
  'CardStakePlaced',
  'CardStakeReleased',
  'BalanceMovedToDormant',
  'AccountClosed',
  'AccountReopened',
] as const;
export const isAccountEvent = eventGuard<AccountEvent>()(ACCOUNT_EVENT_TYPES);
