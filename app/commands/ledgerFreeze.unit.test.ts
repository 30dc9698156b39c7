import { describe, expect, it } from 'vitest';
import { LedgerFreeze, LedgerFrozenError } from './ledgerFreeze.ts';

const transfer = (from: string, to: string) => ({
  type: 'TokensTransferred',
  data: { transactionId: 't', fromUserId: from, toUserId: to, asset: 'SAI', amount: '1.00' },
});
const nothingMoves = { type: 'UserProfileUpdated', data: {} };

describe('the freeze of money movements after a ledger mismatch', () => {
  it('refuses, by default, only what moves money into or out of a frozen account', async () => {
    let frozen = new Set(['user:victim']);
    const freeze = new LedgerFreeze({
      mode: 'accounts',
      mismatches: async () => 1n,
      frozenAccounts: async () => frozen,
      ttlMs: 0,
    });
    await expect(freeze.check([transfer('victim', 'friend')])).rejects.toBeInstanceOf(LedgerFrozenError);
    await expect(freeze.check([transfer('friend', 'victim')])).rejects.toBeInstanceOf(LedgerFrozenError);
    await expect(freeze.check([transfer('a', 'b')])).resolves.toBeUndefined();
    await expect(freeze.check([nothingMoves])).resolves.toBeUndefined();
    expect(await freeze.frozen()).toBe(false);
    // The operator deleted the account's row.
    frozen = new Set();
    await expect(freeze.check([transfer('victim', 'friend')])).resolves.toBeUndefined();
  });

  it('refuses every money movement in mode on, and nothing in mode off', async () => {
    const on = new LedgerFreeze({ mode: 'on', mismatches: async () => 2n, ttlMs: 0 });
    await expect(on.check([transfer('a', 'b')])).rejects.toBeInstanceOf(LedgerFrozenError);
    await expect(on.check([nothingMoves])).resolves.toBeUndefined();
    const off = new LedgerFreeze({
      mode: 'off',
      mismatches: async () => 2n,
      frozenAccounts: async () => new Set(['user:a']),
    });
    expect(off.enabled).toBe(false);
    await expect(off.check([transfer('a', 'b')])).resolves.toBeUndefined();
  });
});
