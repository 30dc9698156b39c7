import { describe, expect, it } from 'vitest';
import { type AccountEvent, accountDecider } from '../accounts/account.ts';
import { postingsOf } from '../ledger/postings.ts';
import { ConflictError, InsufficientFundsError, ValidationError } from '../shared/errors.ts';
import { admin, at, now, spec, user } from '../shared/testing.ts';
import { cryptoDepositDecider } from './cryptoDeposit.ts';
import { type WithdrawalEvent, withdrawalDecider } from './withdrawal.ts';

const HASH = `0x${'ab'.repeat(32)}`;
const credited: AccountEvent = {
  type: 'CryptoDepositCredited',
  data: {
    transactionId: 'd1',
    userId: user,
    asset: 'ETH',
    amount: '1.50000000',
    network: 'ethereum',
    creditedAt: at,
  },
};
/** What every event of withdrawal w1 (1 ETH of user0001) carries. */
const W1 = { withdrawalId: 'w1', userId: user, asset: 'ETH', amount: '1.00000000' } as const;
const w1Completed: WithdrawalEvent = {
  type: 'WithdrawalCompleted',
  data: { ...W1, txHash: '0xabc', completedBy: admin, at },
};
const hold = (units: bigint) => ({
  type: 'PlaceWithdrawalHold' as const,
  data: {
    transactionId: 'w1',
    userId: user,
    asset: 'ETH' as const,
    units,
    address: '0x1234567890abcdef1234567890abcdef12345678',
    chain: 'ethereum',
    notes: '',
  },
  now,
});

describe('crypto deposits', () => {
  it('declares on a network of the currency, then confirms once with the received amount', () => {
    spec(cryptoDepositDecider)
      .given([])
      .when({
        type: 'DeclareCryptoDeposit',
        data: { depositId: 'd1', userId: user, asset: 'USDT', network: 'bitcoin', txHash: null },
        now,
      })
      .thenThrows(ValidationError);
    const declared = {
      type: 'CryptoDepositDeclared' as const,
      data: {
        depositId: 'd1',
        userId: user,
        asset: 'ETH' as const,
        network: 'base' as const,
        txHash: null,
        declaredAt: at,
      },
    };
    spec(cryptoDepositDecider)
      .given([declared])
      .when({
        type: 'ConfirmCryptoDeposit',
        data: { units: 150_000_000n, txHash: HASH, adminId: admin, ownerSuspended: false },
        now,
      })
      .thenEmits([
        {
          type: 'CryptoDepositConfirmed',
          data: {
            depositId: 'd1',
            userId: user,
            asset: 'ETH',
            amount: '1.50000000',
            txHash: HASH,
            confirmedBy: admin,
            at,
          },
        },
      ]);
    const confirmed = {
      type: 'CryptoDepositConfirmed' as const,
      data: { depositId: 'd1', userId: user, asset: 'ETH' as const, amount: '1.5', confirmedBy: admin, at },
    };
    spec(cryptoDepositDecider)
      .given([declared, confirmed])
      .when({ type: 'RejectCryptoDeposit', data: { reason: '', adminId: admin }, now })
      .thenThrows(ConflictError);
  });
  it('credits the account from custody', () => {
    expect(postingsOf(credited)[0]).toMatchObject({
      from: 'custody:ETH',
      to: 'user:user0001',
      units: 150_000_000n,
      kind: 'crypto_deposit',
    });
  });
});

describe('withdrawals', () => {
  it('holds what the balance covers, and refuses a satoshi more with the spec message', () => {
    spec(accountDecider)
      .given([credited])
      .when(hold(150_000_000n))
      .thenEmits([
        {
          type: 'WithdrawalHoldPlaced',
          data: {
            transactionId: 'w1',
            userId: user,
            asset: 'ETH',
            amount: '1.50000000',
            address: '0x1234567890abcdef1234567890abcdef12345678',
            chain: 'ethereum',
            notes: '',
            placedAt: at,
          },
        },
      ]);
    const error = spec(accountDecider)
      .given([credited])
      .when(hold(150_000_001n))
      .thenThrows(InsufficientFundsError);
    expect(error.message).toBe('Insufficient balance. You have 1.500000 ETH available.');
  });
  it('books hold, completion and failure as postings that keep every asset balanced', () => {
    const placed = {
      type: 'WithdrawalHoldPlaced',
      data: {
        transactionId: 'w1',
        userId: user,
        asset: 'ETH',
        amount: '1.00000000',
        address: 'x',
        chain: 'ethereum',
        notes: '',
        placedAt: at,
      },
    };
    const failed: WithdrawalEvent = {
      type: 'WithdrawalFailed',
      data: { ...W1, reason: 'bad address', failedBy: admin, at },
    };
    expect(postingsOf(placed)[0]).toMatchObject({
      from: 'user:user0001',
      to: 'holds:ETH',
      status: 'pending',
    });
    expect(postingsOf(w1Completed)[0]).toMatchObject({
      from: 'holds:ETH',
      to: 'outbound:ETH',
      status: 'completed',
    });
    expect(postingsOf(failed)[0]).toMatchObject({ from: 'holds:ETH', to: 'user:user0001', status: 'failed' });
  });
  it('completes or fails a pending withdrawal once', () => {
    const requested: WithdrawalEvent = {
      type: 'WithdrawalRequested',
      data: { ...W1, address: 'x', chain: 'ethereum', notes: '', requestedAt: at },
    };
    spec(withdrawalDecider)
      .given([requested])
      .when({ type: 'CompleteWithdrawal', data: { txHash: '0xabc', adminId: admin }, now })
      .thenEmits([w1Completed]);
    spec(withdrawalDecider)
      .given([requested, w1Completed])
      .when({ type: 'FailWithdrawal', data: { reason: 'x', adminId: admin }, now })
      .thenThrows(ConflictError);
  });
});
