import { describe, expect, test } from 'vitest';
import type { AdminTransaction } from '@/queries/adminTransactions.queries.ts';
import {
  accountLabel,
  adminTransactionsCsv,
  balanceChange,
  formatLedgerAmount,
  readAdminTransactionSearch,
} from './adminTransactions.ts';

describe('the /admin/transactions search params', () => {
  test('keeps known filters, page sizes and well-formed cursors', () => {
    expect(
      readAdminTransactionSearch({
        q: '  rent ',
        type: 'transfer',
        status: 'pending',
        limit: 10,
        cursors: ['12-3-0', '9-1-0'],
      }),
    ).toEqual({ q: 'rent', type: 'transfer', status: 'pending', limit: 10, cursors: ['12-3-0', '9-1-0'] });
  });

  test('drops what the API would refuse instead of failing the screen', () => {
    expect(
      readAdminTransactionSearch({
        q: '   ',
        type: 'airdrop',
        status: 'done',
        limit: 7,
        cursors: ['12-3-0', 'DROP TABLE'],
      }),
    ).toEqual({});
    expect(readAdminTransactionSearch({ cursors: '12-3-0' })).toEqual({});
  });

  test('accepts every type the ledger records, crypto deposits and withdrawals included', () => {
    expect(readAdminTransactionSearch({ type: 'crypto_deposit' })).toEqual({ type: 'crypto_deposit' });
    expect(readAdminTransactionSearch({ type: 'withdrawal' })).toEqual({ type: 'withdrawal' });
  });

  test('reads a numeric search as text and leaves the default page size out of the URL', () => {
    expect(readAdminTransactionSearch({ q: 123, limit: 25 })).toEqual({ q: '123' });
  });
});

describe('ledger figures on the detail screen', () => {
  test('the change is after minus before, exactly, at the asset display decimals', () => {
    expect(balanceChange('100.00000000', '70.00000000', 'SAI')).toBe('\u221230.00');
    expect(balanceChange('50.00000000', '80.00000000', 'SAI')).toBe('+30.00');
    expect(balanceChange('0.10000000', '0.30000000', 'SAI')).toBe('+0.20');
    expect(balanceChange('0.00000000', '-1234.50000000', 'SAI')).toBe('\u22121,234.50');
    expect(balanceChange('0.00000001', '0.00000003', 'BTC')).toBe('+0.00000002');
  });

  test('amounts show at least the display decimals and never lose a significant digit', () => {
    expect(formatLedgerAmount('1234.50000000', 'SAI')).toBe('1,234.50');
    expect(formatLedgerAmount('0.12345678', 'BTC')).toBe('0.12345678');
    expect(formatLedgerAmount('0.00000001', 'ETH')).toBe('0.00000001');
  });

  test('system accounts get a readable name', () => {
    expect(accountLabel('issuance:SAI')).toBe('SAI Wallet issuance (SAI)');
    expect(accountLabel('fees:SAI')).toBe('Conversion fees (SAI)');
    expect(accountLabel('dormant:ETH')).toBe('Dormant, erased people (ETH)');
    expect(accountLabel('holds:BTC')).toBe('Withdrawal holds (BTC)');
    expect(accountLabel('user:ab12cd34')).toBe('user:ab12cd34');
  });
});

describe('the export', () => {
  const base: AdminTransaction = {
    id: 'tx-1',
    type: 'transfer',
    asset: 'SAI',
    amount: '3.00',
    sender_id: 'ab12cd34',
    receiver_id: 'ef56gh78',
    senderName: 'alice',
    receiverName: 'bob',
    description: 'Lunch, "the good one"',
    status: 'completed',
    createdAt: '2026-01-31T12:00:00.000Z',
  };

  test('one quoted, formula-safe record per transaction under the header', () => {
    const csv = adminTransactionsCsv([
      base,
      {
        ...base,
        id: 'tx-2',
        type: 'admin_deposit',
        sender_id: null,
        senderName: null,
        description: '=HYPERLINK("x")',
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      '"ID","Date","Type","Status","Amount","Asset","From","From ID","To","To ID","Description"',
      '"tx-1","2026-01-31T12:00:00.000Z","transfer","completed",3.00,"SAI","alice","ab12cd34","bob","ef56gh78","Lunch, ""the good one"""',
      `"tx-2","2026-01-31T12:00:00.000Z","admin_deposit","completed",3.00,"SAI","SAI Wallet",,"bob","ef56gh78","'=HYPERLINK(""x"")"`,
      '',
    ]);
  });
});
