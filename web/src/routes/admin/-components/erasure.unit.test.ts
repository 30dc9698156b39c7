import { describe, expect, test } from 'vitest';
import { ApiError } from '@/lib/api.ts';
import { blockerText, foldBlockers, readRefusal, reasonProblem } from './erasure.ts';

describe('the erase dialog’s reason', () => {
  test('is 1 to 500 characters once trimmed', () => {
    expect(reasonProblem('   ')).toMatch(/ticket number/);
    expect(reasonProblem('Ticket 4711')).toBeUndefined();
    expect(reasonProblem(` ${'x'.repeat(500)} `)).toBeUndefined();
    expect(reasonProblem('x'.repeat(501))).toMatch(/500 characters/);
  });
});

describe('the refusal while the person holds money', () => {
  const refusal = (problem: Record<string, unknown>, status = 409) =>
    new ApiError(status, String(problem.message ?? 'Conflict'), { problem });

  test('reads the blockers and the detail of a 409', () => {
    const read = readRefusal(
      refusal({
        detail: 'Move or withdraw 25 SAI first.',
        message: 'Move or withdraw 25 SAI first.',
        blockers: [
          { kind: 'balance', asset: 'SAI', amount: '25.00000000' },
          { kind: 'pendingWithdrawal', asset: 'BTC', amount: '0.5', id: 'w-1' },
          'not a blocker',
          { asset: 'ETH' },
        ],
      }),
    );
    expect(read).toEqual({
      detail: 'Move or withdraw 25 SAI first.',
      blockers: [
        { kind: 'balance', asset: 'SAI', amount: '25.00000000', id: undefined },
        { kind: 'pendingWithdrawal', asset: 'BTC', amount: '0.5', id: 'w-1' },
      ],
    });
  });

  test('is not read from another failure', () => {
    expect(readRefusal(new ApiError(422, 'The reason names the person'))).toBeNull();
    expect(readRefusal(refusal({ message: 'The data changed' }))).toBeNull();
    expect(readRefusal(refusal({ blockers: [] }, 400))).toBeNull();
    expect(readRefusal(new Error('offline'))).toBeNull();
  });

  test('each blocker says what must happen first, with its amount', () => {
    expect(blockerText({ kind: 'balance', asset: 'SAI', amount: '25.00000000' })).toBe(
      'A balance of 25.00 SAI: tick “Move remaining balances to dormant”, or let the person withdraw it first.',
    );
    expect(blockerText({ kind: 'hold', asset: 'BTC', amount: '0.5' })).toMatch(
      /^0\.5\d* BTC on hold for a withdrawal: complete or fail that withdrawal first/,
    );
    expect(blockerText({ kind: 'hold', asset: 'SAI', amount: '250.00', id: 'card-stake' })).toBe(
      "250.00 SAI staked for the person's card: the person releases the stake first (card panel).",
    );
    expect(blockerText({ kind: 'pendingWithdrawal' })).toBe(
      'A pending withdrawal: complete or fail it first (Deposits & withdrawals).',
    );
    expect(blockerText({ kind: 'pendingDeposit', asset: 'ETH' })).toBe(
      'A pending crypto deposit of ETH: confirm or reject it first (Deposits & withdrawals).',
    );
    expect(blockerText({ kind: 'pendingPayment', id: 'p-1' })).toBe(
      'A payment proof waiting for review: approve or reject it first (Dashboard).',
    );
    expect(blockerText({ kind: 'somethingNew', asset: 'SAI', amount: '1' })).toMatch(/^somethingNew \(1/);
  });
});

test('a pending withdrawal and its hold are one step, with the amount held', () => {
  const folded = foldBlockers([
    { kind: 'balance', asset: 'SAI', amount: '3' },
    { kind: 'hold', asset: 'ETH', amount: '0.5', id: 'w-1' },
    { kind: 'hold', asset: 'BTC', amount: '0.1', id: 'w-2' },
    { kind: 'pendingWithdrawal', id: 'w-1' },
  ]);
  expect(folded).toEqual([
    { kind: 'balance', asset: 'SAI', amount: '3' },
    { kind: 'hold', asset: 'BTC', amount: '0.1', id: 'w-2' },
    { kind: 'pendingWithdrawal', id: 'w-1', asset: 'ETH', amount: '0.5' },
  ]);
});
