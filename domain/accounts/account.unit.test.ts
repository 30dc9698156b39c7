import { describe, expect, it } from 'vitest';
import { postingsOf } from '../ledger/postings.ts';
import {
  ConflictError,
  InsufficientFundsError,
  NotFoundError,
  ReceiverSuspendedError,
  ValidationError,
} from '../shared/errors.ts';
import { parseUserId } from '../shared/ids.ts';
import { admin, at, now, spec } from '../shared/testing.ts';
import {
  ACCOUNT_CLOSED,
  type AccountEvent,
  accountDecider,
  hasApplied,
  INSUFFICIENT_SAI,
  RECENT_LIMIT,
} from './account.ts';
import { mintedTo, transferCommand } from './testing.ts';

const alice = parseUserId('alice001');
const bob = parseUserId('bob00001');
const minted = (transactionId: string, amount: string): AccountEvent =>
  mintedTo({ transactionId, amount, description: 'Welcome', mintedAt: at });
const transfer = (transactionId: string, units: bigint, to = bob, receiverExists = true) =>
  transferCommand({ transactionId, units, toUserId: to, receiverExists }, now);

/** What a transfer from alice to bob books. */
/** A transfer from bob that alice's account took in. */
const received = (transactionId: string, amount: string): AccountEvent => ({
  type: 'TransferReceived',
  data: { transactionId, fromUserId: bob, toUserId: alice, asset: 'SAI', amount, receivedAt: at },
});
const sent = (transactionId: string, amount: string): AccountEvent => ({
  type: 'TokensTransferred',
  data: {
    transactionId,
    fromUserId: alice,
    toUserId: bob,
    fromLabel: 'alice',
    toLabel: 'bob',
    asset: 'SAI',
    amount,
    description: '',
    transferredAt: at,
    stepUp: 'system',
  },
});
/** alice's command to mint SAI units for her, as the decider receives it. */
const mintCommand = (
  transactionId: string,
  units: bigint,
  source: 'payment' | 'distribution',
  { description = '', receiverSuspended = false } = {},
) => ({
  type: 'MintTokens' as const,
  data: {
    transactionId,
    userId: alice,
    asset: 'SAI' as const,
    units,
    source,
    paymentId: source === 'payment' ? 'p1' : null,
    description,
    mintedBy: admin,
    receiverSuspended,
  },
  now,
});

describe('account decider', () => {
  it('mints tokens as a decimal string of the asset', () => {
    spec(accountDecider)
      .given([])
      .when(mintCommand('t1', 1000n, 'distribution', { description: 'Welcome' }))
      .thenEmits([minted('t1', '10.00')]);
  });

  it('refuses a transfer or a distribution to a suspended account, not the mint of an approval', () => {
    const toSuspended = transfer('t2', 100n);
    toSuspended.data.receiverSuspended = true;
    spec(accountDecider)
      .given([minted('t1', '10.00')])
      .when(toSuspended)
      .thenThrows(ReceiverSuspendedError);
    const mint = (source: 'payment' | 'distribution') =>
      mintCommand(`m-${source}`, 100n, source, { receiverSuspended: true });
    spec(accountDecider).given([]).when(mint('distribution')).thenThrows(ReceiverSuspendedError);
    expect(accountDecider.decide(mint('payment'), accountDecider.initialState())).toHaveLength(1);
  });

  it('transfers what the balance covers, to the cent', () => {
    spec(accountDecider)
      .given([minted('t1', '10.00')])
      .when(transfer('t2', 1000n))
      .thenEmits([sent('t2', '10.00')]);
  });

  it('refuses a transfer one cent over the balance with the spec message', () => {
    const error = spec(accountDecider)
      .given([minted('t1', '10.00')])
      .when(transfer('t2', 1001n))
      .thenThrows(InsufficientFundsError);
    expect(error.message).toBe(INSUFFICIENT_SAI);
  });

  it('refuses sending to oneself and to nobody', () => {
    spec(accountDecider)
      .given([minted('t1', '10.00')])
      .when(transfer('t2', 100n, alice))
      .thenThrows(ValidationError);
    spec(accountDecider)
      .given([minted('t1', '10.00')])
      .when(transfer('t2', 100n, parseUserId('ghost001'), false))
      .thenThrows(NotFoundError);
  });

  it('skips a command whose transaction it has already applied (a retry)', () => {
    spec(accountDecider)
      .given([minted('t1', '10.00'), sent('t2', '10.00')])
      .when(transfer('t2', 1000n))
      .thenEmits([]);
  });

  it('recognises a retry among its last RECENT_LIMIT transactions, not one long forgotten', () => {
    const history = Array.from({ length: 400 }, (_, i) => minted(`m${i}`, '1.00'));
    const state = history.reduce(accountDecider.evolve, accountDecider.initialState());
    const mint = (transactionId: string) => mintCommand(transactionId, 100n, 'distribution');
    for (let i = 400 - RECENT_LIMIT; i < 400; i++)
      expect(accountDecider.decide(mint(`m${i}`), state), `m${i}`).toEqual([]);
    expect(accountDecider.decide(mint('m0'), state)).toHaveLength(1);
    expect(accountDecider.decide(mint('m100'), state)).toHaveLength(1);
    // Every state along the way is left as it was (a cached state is decided on again).
    let before = accountDecider.initialState();
    for (const [i, event] of history.entries()) {
      const after = accountDecider.evolve(before, event);
      expect(hasApplied(before, `m${i}`)).toBe(false);
      expect(hasApplied(after, `m${i}`)).toBe(true);
      before = after;
    }
  });

  it('counts a received transfer as spendable once applied', () => {
    spec(accountDecider)
      .given([received('t9', '2.50')])
      .when(transfer('t3', 250n))
      .thenEmits([sent('t3', '2.50')]);
  });
});

describe('postings', () => {
  it('books a mint from issuance and a transfer between users, and nothing for the receiving side', () => {
    expect(postingsOf(minted('t1', '10.00'))).toEqual([
      {
        transactionId: 't1',
        kind: 'admin_deposit',
        asset: 'SAI',
        units: 1000n,
        from: 'issuance:SAI',
        to: 'user:alice001',
        description: 'Welcome',
        status: 'completed',
      },
    ]);
    expect(postingsOf(received('t9', '1.00'))).toEqual([]);
  });
});

describe('a closed account (the first step of an erasure)', () => {
  const closed: AccountEvent = {
    type: 'AccountClosed',
    data: { transactionId: 'close-1', userId: alice, closedBy: admin, closedAt: at },
  };
  const funded = [minted('m1', '10.00'), closed];
  const credits = [
    {
      type: 'ReceiveTransfer' as const,
      data: { transactionId: 't9', fromUserId: bob, toUserId: alice, asset: 'SAI' as const, amount: '1.00' },
      now,
    },
    mintCommand('m9', 100n, 'distribution'),
    {
      type: 'CreditCryptoDeposit' as const,
      data: { transactionId: 'd9', userId: alice, asset: 'ETH' as const, amount: '1', network: 'ethereum' },
      now,
    },
    transfer('t10', 100n),
    {
      type: 'PlaceWithdrawalHold' as const,
      data: {
        transactionId: 'w9',
        userId: alice,
        asset: 'SAI' as const,
        units: 100n,
        address: 'x',
        chain: 'ethereum',
        notes: '',
      },
      now,
    },
  ];

  it('refuses every credit and every movement it would start, with one message', () => {
    for (const command of credits) {
      const error = spec(accountDecider).given(funded).when(command).thenThrows(ConflictError);
      expect(error.message).toBe(ACCOUNT_CLOSED);
    }
  });

  it('answers a credit applied before the close as applied, and moves its balance to dormant', () => {
    spec(accountDecider)
      .given(funded)
      .when(mintCommand('m1', 100n, 'distribution'))
      .thenEmits([]);
    spec(accountDecider)
      .given(funded)
      .when({
        type: 'MoveBalanceToDormant',
        data: { transactionId: 'dormant-1', userId: alice, asset: 'SAI', movedBy: null },
        now,
      })
      .thenEmits([
        {
          type: 'BalanceMovedToDormant',
          data: {
            transactionId: 'dormant-1',
            userId: alice,
            asset: 'SAI',
            movedBy: null,
            amount: '10.00',
            movedAt: at,
          },
        },
      ]);
  });

  it('takes money again once reopened; closing twice or reopening an open account emits nothing', () => {
    const reopened: AccountEvent = {
      type: 'AccountReopened',
      data: { transactionId: 'reopen-1', userId: alice, reopenedBy: admin, reopenedAt: at },
    };
    spec(accountDecider)
      .given([...funded, reopened])
      .when(credits[0]!)
      .thenEmits([received('t9', '1.00')]);
    spec(accountDecider)
      .given(funded)
      .when({ type: 'CloseAccount', data: { transactionId: 'close-2', userId: alice, closedBy: null }, now })
      .thenEmits([]);
    spec(accountDecider)
      .given([minted('m1', '10.00')])
      .when({
        type: 'ReopenAccount',
        data: { transactionId: 'reopen-2', userId: alice, reopenedBy: null },
        now,
      })
      .thenEmits([]);
  });
});
