import { describe, expect, test } from 'vitest';
import type { OwnTransaction } from '../../../../queries/transactions.queries.ts';
import { hasFilters, readHistorySearch, validateDateRange } from './filters.ts';
import { statementCsv, statementFileName } from './statement.ts';

function transaction(overrides: Partial<OwnTransaction>): OwnTransaction {
  return {
    id: 't1',
    type: 'transfer',
    asset: 'SAI',
    amount: '3.00',
    sender_id: 'alice01',
    receiver_id: 'bob0001',
    senderName: 'alice',
    receiverName: 'bob',
    description: '',
    status: 'completed',
    createdAt: '2026-01-31T10:00:00.000Z',
    direction: 'sent',
    signedAmount: '-3.00',
    balanceAfter: '7.00',
    ...overrides,
  };
}

describe('statementCsv', () => {
  test('columns: date, type, description, counterparty, signed amount, balance after', () => {
    const csv = statementCsv([
      transaction({ description: 'Lunch, "the good one"' }),
      transaction({
        id: 't0',
        type: 'admin_deposit',
        direction: 'received',
        sender_id: null,
        senderName: null,
        signedAmount: '+10.00',
        amount: '10.00',
        balanceAfter: '10.00',
        description: '=HYPERLINK("http://evil")',
      }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Date,Type,Description,Counterparty,Amount (SAI),Balance after (SAI)',
      '2026-01-31T10:00:00.000Z,Transfer,"Lunch, ""the good one""",bob,-3.00,7.00',
      `2026-01-31T10:00:00.000Z,Token distribution,"'=HYPERLINK(""http://evil"")",SAI Wallet,10.00,10.00`,
      '',
    ]);
  });

  test('a counterparty name that looks like a formula is neutralised too', () => {
    const csv = statementCsv([transaction({ receiverName: '@evil' })]);
    expect(csv).toContain(",'@evil,");
  });

  test('file name carries the local date', () => {
    expect(statementFileName(new Date(2026, 0, 5))).toBe('sai-transactions-2026-01-05.csv');
  });
});

describe('history search params', () => {
  test('known values are kept, anything else dropped', () => {
    expect(
      readHistorySearch({ type: 'transfer', status: 'nope', from: '2026-01-01', to: '2026-13-45', x: 1 }),
    ).toEqual({ type: 'transfer', from: '2026-01-01' });
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ status: 'pending' })).toBe(true);
  });

  test('the start date may not be after the end date', () => {
    expect(validateDateRange({ from: '2026-02-01', to: '2026-01-01' })).toBeDefined();
    expect(validateDateRange({ from: '2026-01-01', to: '2026-01-01' })).toBeUndefined();
  });
});
