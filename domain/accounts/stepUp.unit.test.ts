import { describe, expect, it } from 'vitest';
import { StepUpRequiredError } from '../shared/errors.ts';
import { parseUserId, type UserId } from '../shared/ids.ts';
import type { Asset } from '../shared/money.ts';
import { type AccountEvent, type AccountState, accountDecider } from './account.ts';
import { type StepUp, TRUSTED_LIMIT } from './stepUp.ts';
import { mintedTo, transferCommand } from './testing.ts';

const alice = parseUserId('alice001');
const friend = parseUserId('friend01');
const stranger = parseUserId('strange1');
const now = new Date('2026-12-02T10:00:00.000Z');

let n = 0;
const mint = (amount: string, asset: Asset = 'SAI'): AccountEvent =>
  mintedTo({ transactionId: `m${n++}`, asset, amount, mintedAt: now.toISOString() });
const command = (to: UserId, units: bigint, stepUp: StepUp, asset: Asset = 'SAI') =>
  transferCommand({ transactionId: `t${n++}`, toUserId: to, toLabel: 'other', asset, units, stepUp }, now);

/** Decides the command on `state` and folds what it emits in: the state after it, as the log holds it. */
function send(state: AccountState, to: UserId, units: bigint, stepUp: StepUp, asset: Asset = 'SAI') {
  const events = accountDecider.decide(command(to, units, stepUp, asset), state);
  return { events, state: events.reduce(accountDecider.evolve, state) };
}
const funded = (...events: AccountEvent[]) =>
  events.reduce(accountDecider.evolve, accountDecider.initialState());

describe('the step-up rule for transfers (domain/accounts/stepUp.ts)', () => {
  it('lets a small transfer to someone new through, and asks a proof above 30 SAI', () => {
    const state = funded(mint('1000.00'));
    expect(send(state, stranger, 3000n, 'unproven').events).toHaveLength(1);
    expect(() => send(state, stranger, 3001n, 'unproven')).toThrow(StepUpRequiredError);
    expect(send(state, stranger, 3001n, 'proven').events).toHaveLength(1);
  });

  it('asks a proof once the unconfirmed small transfers would pass 100 SAI in total', () => {
    let state = funded(mint('1000.00'));
    for (let i = 0; i < 4; i++) state = send(state, stranger, 2500n, 'unproven').state;
    expect(() => send(state, stranger, 1n, 'unproven')).toThrow(StepUpRequiredError);
    // A confirmed transfer starts the allowance again.
    state = send(state, friend, 100n, 'proven').state;
    expect(send(state, stranger, 2500n, 'unproven').events).toHaveLength(1);
  });

  it('never asks again for a recipient once paid with a proof, whatever the amount', () => {
    let state = funded(mint('1000.00'));
    expect(() => send(state, friend, 50000n, 'unproven')).toThrow(StepUpRequiredError);
    state = send(state, friend, 100n, 'proven').state;
    const big = send(state, friend, 50000n, 'unproven');
    expect(big.events).toHaveLength(1);
    expect(big.events[0]).toMatchObject({ type: 'TokensTransferred', data: { amount: '500.00' } });
    // Trusted transfers do not use the allowance for others.
    expect(send(big.state, stranger, 3000n, 'unproven').events).toHaveLength(1);
  });

  it('records how a transfer was confirmed, and nothing for an unconfirmed one', () => {
    const state = funded(mint('100.00'));
    expect(send(state, friend, 100n, 'proven').events[0]?.data).toMatchObject({ stepUp: 'proven' });
    expect(send(state, friend, 100n, 'unproven').events[0]?.data).not.toHaveProperty('stepUp');
    expect(send(state, friend, 100n, 'system').events[0]?.data).toMatchObject({ stepUp: 'system' });
  });

  it('keeps a separate allowance per asset, in its own units', () => {
    let state = funded(mint('1000.00'), mint('1.00000000', 'ETH'));
    // 0.01 ETH each, 0.03 ETH in total.
    expect(() => send(state, stranger, 1_000_001n, 'unproven', 'ETH')).toThrow(StepUpRequiredError);
    for (let i = 0; i < 3; i++) state = send(state, stranger, 1_000_000n, 'unproven', 'ETH').state;
    expect(() => send(state, stranger, 1n, 'unproven', 'ETH')).toThrow(StepUpRequiredError);
    expect(send(state, stranger, 3000n, 'unproven').events).toHaveLength(1);
  });

  it('counts transfers written before the rule as unconfirmed, and those of tools not at all', () => {
    const old: AccountEvent = {
      type: 'TokensTransferred',
      data: {
        transactionId: 'old',
        fromUserId: alice,
        toUserId: stranger,
        fromLabel: 'alice',
        toLabel: 'stranger',
        asset: 'SAI',
        amount: '90.00',
        description: '',
        transferredAt: now.toISOString(),
      },
    };
    expect(() => send(funded(mint('1000.00'), old), stranger, 1001n, 'unproven')).toThrow(
      StepUpRequiredError,
    );
    const seeded = { ...old, data: { ...old.data, stepUp: 'system' as const } };
    expect(send(funded(mint('1000.00'), seeded), stranger, 3000n, 'unproven').events).toHaveLength(1);
  });

  it('answers an insufficient balance before it asks for a proof', () => {
    expect(() => send(funded(mint('10.00')), stranger, 5000n, 'unproven')).toThrow(/Insufficient/);
  });

  it('remembers at most TRUSTED_LIMIT recipients, forgetting the one confirmed longest ago', () => {
    let state = funded(mint('100000.00'));
    const first = parseUserId('first001');
    state = send(state, first, 1n, 'proven').state;
    for (let i = 0; i < TRUSTED_LIMIT; i++)
      state = send(state, parseUserId(`u${String(i).padStart(7, '0')}`), 1n, 'proven').state;
    expect(state.stepUp.trusted).toHaveLength(TRUSTED_LIMIT);
    expect(() => send(state, first, 5000n, 'unproven')).toThrow(StepUpRequiredError);
  });
});
