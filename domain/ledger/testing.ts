import type { AccountEvent } from '../accounts/account.ts';
import type { WithdrawalEvent } from '../crypto/withdrawal.ts';
import { parseUserId } from '../shared/ids.ts';
import type { PostingEventType } from './postingRules.ts';

const alice = parseUserId('alice001');
const bob = parseUserId('bob00002');
const admin = parseUserId('admin001');

type LedgerEvent = AccountEvent | WithdrawalEvent;

/**
 * Events of every type with a posting rule, each branch of a rule's choices included, with text that
 * quoting could break (apostrophes, braces, non-ASCII): for the tests of the rules' interpreter and of
 * their SQL form.
 */
export const POSTING_SAMPLES: { [T in PostingEventType]: Extract<LedgerEvent, { type: T }>[] } = {
  TokensMinted: [
    {
      type: 'TokensMinted',
      data: {
        transactionId: 'mint-1',
        userId: alice,
        asset: 'SAI',
        amount: '10.50',
        source: 'payment',
        paymentId: 'pay-1',
        description: "Payment approved: O'Brien's {deposit}",
        mintedBy: admin,
        mintedAt: '2026-11-23T10:00:00.000Z',
      },
    },
    {
      type: 'TokensMinted',
      data: {
        transactionId: 'mint-2',
        userId: bob,
        asset: 'SAI',
        amount: '0.01',
        source: 'distribution',
        paymentId: null,
        description: '',
        mintedBy: admin,
        mintedAt: '2026-11-23T10:00:01.000Z',
      },
    },
    {
      // A purchase with its conversion fee: a second leg to fees:SAI.
      type: 'TokensMinted',
      data: {
        transactionId: 'mint-3',
        userId: alice,
        asset: 'SAI',
        amount: '250.00',
        source: 'payment',
        paymentId: 'mint-3',
        description: 'Deposit approved',
        mintedBy: admin,
        mintedAt: '2026-11-23T10:00:01.500Z',
        fee: '1.25',
        feeRate: '0.50',
      },
    },
  ],
  TokensTransferred: [
    {
      type: 'TokensTransferred',
      data: {
        transactionId: 'tr-1',
        fromUserId: alice,
        toUserId: bob,
        fromLabel: 'alice',
        toLabel: 'bob',
        asset: 'SAI',
        amount: '3.25',
        description: 'a “quoted” note',
        transferredAt: '2026-11-23T10:00:02.000Z',
      },
    },
  ],
  CryptoDepositCredited: [
    {
      type: 'CryptoDepositCredited',
      data: {
        transactionId: 'dep-1',
        userId: alice,
        asset: 'ETH',
        amount: '1.50000000',
        network: 'ethereum',
        creditedAt: '2026-11-23T10:00:03.000Z',
      },
    },
  ],
  WithdrawalHoldPlaced: [
    {
      type: 'WithdrawalHoldPlaced',
      data: {
        transactionId: 'wd-1',
        userId: alice,
        asset: 'ETH',
        amount: '0.25000000',
        address: '0x1234567890abcdef1234567890abcdef12345678',
        chain: 'ethereum',
        notes: '',
        placedAt: '2026-11-23T10:00:04.000Z',
      },
    },
  ],
  WithdrawalCompleted: [
    {
      type: 'WithdrawalCompleted',
      data: {
        withdrawalId: 'wd-1',
        userId: alice,
        asset: 'ETH',
        amount: '0.25000000',
        txHash: `0x${'ab'.repeat(32)}`,
        completedBy: admin,
        at: '2026-11-23T10:00:05.000Z',
      },
    },
  ],
  WithdrawalFailed: [
    {
      type: 'WithdrawalFailed',
      data: {
        withdrawalId: 'wd-2',
        userId: bob,
        asset: 'USDT',
        amount: '7.000000',
        reason: "Address can't receive",
        failedBy: admin,
        at: '2026-11-23T10:00:06.000Z',
      },
    },
  ],
  CardStakePlaced: [
    {
      type: 'CardStakePlaced',
      data: {
        transactionId: 'stake-1',
        userId: alice,
        asset: 'SAI',
        amount: '500.00',
        tier: 'black',
        staked: '500.00',
        placedAt: '2026-11-23T10:04:00.000Z',
      },
    },
  ],
  CardStakeReleased: [
    {
      type: 'CardStakeReleased',
      data: {
        transactionId: 'stake-2',
        userId: alice,
        asset: 'SAI',
        amount: '250.00',
        tier: 'ruby',
        staked: '250.00',
        releasedAt: '2026-11-23T10:04:30.000Z',
      },
    },
  ],
  BalanceMovedToDormant: [
    {
      type: 'BalanceMovedToDormant',
      data: {
        transactionId: 'dormant-1',
        userId: alice,
        asset: 'ETH',
        amount: '0.00000001',
        movedBy: admin,
        movedAt: '2026-11-23T10:05:00.000Z',
      },
    },
  ],
};
