import { describe, expect, it } from 'vitest';
import { cardDecider } from '../cards/card.ts';
import { postingsOf } from '../ledger/postings.ts';
import { ConflictError, InsufficientFundsError, NotFoundError } from '../shared/errors.ts';
import { parseUserId } from '../shared/ids.ts';
import { at, now } from '../shared/testing.ts';
import {
  ACCOUNT_CLOSED,
  type AccountEvent,
  type AccountState,
  accountDecider,
  balanceOf,
  stakedOf,
  stakedTier,
} from './account.ts';
import { mintedTo, transferCommand } from './testing.ts';

const alice = parseUserId('alice001');

const minted = (amount: string): AccountEvent =>
  mintedTo({ transactionId: `mint-${amount}`, amount, mintedAt: at });
const stake = (transactionId: string, tier: 'gold' | 'ruby' | 'black') => ({
  type: 'SetCardStake' as const,
  data: { transactionId, userId: alice, tier },
  now,
});
const fold = (events: AccountEvent[], state = accountDecider.initialState()): AccountState =>
  events.reduce(accountDecider.evolve, state);
/** Decides `command` on `state` and returns the events and the state after them. */
const run = (state: AccountState, command: Parameters<typeof accountDecider.decide>[0]) => {
  const events = accountDecider.decide(command, state);
  return { events, state: fold(events, state) };
};

describe('a card stake on the account stream', () => {
  it('holds the tier’s amount from the spendable balance, through holds:SAI, and the tier follows it', () => {
    const { events, state } = run(fold([minted('600.00')]), stake('s1', 'black'));
    expect(events).toEqual([
      {
        type: 'CardStakePlaced',
        data: {
          transactionId: 's1',
          userId: alice,
          asset: 'SAI',
          amount: '500.00',
          tier: 'black',
          staked: '500.00',
          placedAt: at,
        },
      },
    ]);
    expect(postingsOf(events[0]!)).toMatchObject([
      { transactionId: 's1', units: 50_000n, from: 'user:alice001', to: 'holds:SAI', asset: 'SAI' },
    ]);
    expect([balanceOf(state, 'SAI'), stakedOf(state), stakedTier(state)]).toEqual([
      10_000n,
      50_000n,
      'black',
    ]);
  });

  it('holds only what the stake lacks when going up, and releases the rest when going down', () => {
    const ruby = run(fold([minted('600.00')]), stake('s1', 'ruby'));
    expect(ruby.events[0]).toMatchObject({
      type: 'CardStakePlaced',
      data: { amount: '250.00', staked: '250.00' },
    });
    const black = run(ruby.state, stake('s2', 'black'));
    expect(black.events[0]).toMatchObject({
      type: 'CardStakePlaced',
      data: { amount: '250.00', staked: '500.00' },
    });
    const down = run(black.state, stake('s3', 'ruby'));
    expect(down.events[0]).toMatchObject({
      type: 'CardStakeReleased',
      data: { amount: '250.00', tier: 'ruby', staked: '250.00', releasedAt: at },
    });
    expect(postingsOf(down.events[0]!)).toMatchObject([
      { from: 'holds:SAI', to: 'user:alice001', units: 25_000n },
    ]);
    const none = run(down.state, stake('s4', 'gold'));
    expect(none.events[0]).toMatchObject({ data: { amount: '250.00', tier: 'gold', staked: '0.00' } });
    expect([balanceOf(none.state, 'SAI'), stakedOf(none.state), stakedTier(none.state)]).toEqual([
      60_000n,
      0n,
      'gold',
    ]);
  });

  it('changes nothing for the stake it has, and a retry of the same transaction changes nothing', () => {
    const placed = run(fold([minted('600.00')]), stake('s1', 'black'));
    expect(accountDecider.decide(stake('s2', 'black'), placed.state)).toEqual([]);
    expect(accountDecider.decide(stake('s1', 'gold'), placed.state)).toEqual([]);
    expect(accountDecider.decide(stake('s3', 'gold'), fold([minted('10.00')]))).toEqual([]);
  });

  it('refuses a stake the spendable balance does not cover, saying what is missing', () => {
    const state = fold([minted('499.99')]);
    expect(() => accountDecider.decide(stake('s1', 'black'), state)).toThrow(InsufficientFundsError);
    expect(() => accountDecider.decide(stake('s1', 'black'), state)).toThrow(
      'Staking for Black holds 500.00 SAI: 500.00 SAI more than your stake, and you have 499.99 SAI available.',
    );
  });

  it('cannot spend what is staked: a transfer of more than the rest is refused', () => {
    const { state } = run(fold([minted('600.00')]), stake('s1', 'black'));
    const transfer = (units: bigint) => transferCommand({ transactionId: `t${units}`, units }, now);
    expect(() => accountDecider.decide(transfer(10_001n), state)).toThrow(InsufficientFundsError);
    expect(accountDecider.decide(transfer(10_000n), state)).toHaveLength(1);
  });

  it('on a closed account: no new stake, but the stake may still come back', () => {
    const closed: AccountEvent = {
      type: 'AccountClosed',
      data: { transactionId: 'close', userId: alice, closedBy: null, closedAt: at },
    };
    const staked = run(fold([minted('600.00')]), stake('s1', 'ruby')).state;
    expect(() => accountDecider.decide(stake('s2', 'black'), fold([closed], staked))).toThrow(ConflictError);
    expect(() => accountDecider.decide(stake('s2', 'black'), fold([closed], staked))).toThrow(ACCOUNT_CLOSED);
    expect(accountDecider.decide(stake('s3', 'gold'), fold([closed], staked))[0]?.type).toBe(
      'CardStakeReleased',
    );
  });
});

describe('the card follows the stake', () => {
  const requested = cardDecider.evolve(cardDecider.initialState(), {
    type: 'CardRequested',
    data: { cardId: 'c1', userId: alice, tier: 'ruby', address: null, requestedAt: at },
  });
  const follow = (tier: 'gold' | 'ruby' | 'black', staked: string) => ({
    type: 'FollowStake' as const,
    data: { transactionId: `s-${tier}`, tier, staked },
    now,
  });

  it('a stake above Gold activates a pending card at the staked tier; a release lowers the tier', () => {
    const [event] = cardDecider.decide(follow('black', '500.00'), requested);
    expect(event).toEqual({
      type: 'CardStaked',
      data: { cardId: 'c1', userId: alice, transactionId: 's-black', tier: 'black', staked: '500.00', at },
    });
    const active = cardDecider.evolve(requested, event!);
    expect(active).toMatchObject({ status: 'active', tier: 'black' });
    const down = cardDecider.evolve(active, cardDecider.decide(follow('gold', '0.00'), active)[0]!);
    expect(down).toMatchObject({ status: 'active', tier: 'gold' });
  });

  it('a release on a pending card leaves it pending; no card, no stake', () => {
    const gold = cardDecider.evolve(requested, cardDecider.decide(follow('gold', '0.00'), requested)[0]!);
    expect(gold).toMatchObject({ status: 'pending', tier: 'gold' });
    expect(() => cardDecider.decide(follow('black', '500.00'), cardDecider.initialState())).toThrow(
      NotFoundError,
    );
  });
});
