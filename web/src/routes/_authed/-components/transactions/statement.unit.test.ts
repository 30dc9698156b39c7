import { afterEach, describe, expect, test } from 'vitest';
import { setLocale } from '@/i18n/i18n.ts';
import type { Locale } from '@/i18n/locales.ts';
import type { OwnTransaction } from '@/queries/transactions.queries.ts';
import { hasFilters, presetOf, presetRange, readHistorySearch, validateDateRange } from './filters.ts';
import { statementCsv, statementFileName, statementHeaders } from './statement.ts';

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
    state: 'completed',
    direction: 'sent',
    signedAmount: '-3.00',
    balanceAfter: '7.00',
    returned: false,
    ...overrides,
  };
}

/** An ETH deposit declared and not yet seen on chain: no amount or balance after yet. */
function declaredDeposit(): OwnTransaction {
  return transaction({
    id: 'd1',
    type: 'crypto_deposit',
    asset: 'ETH',
    amount: null,
    status: 'pending',
    state: 'declared',
    direction: 'received',
    signedAmount: null,
    balanceAfter: null,
    description: 'ETH deposit declared on Ethereum',
  });
}

describe('statementCsv in the interface language', () => {
  afterEach(() => setLocale('en'));

  test('the header row is in the interface language, in the same nine columns', async () => {
    const headers: Record<Locale, string[]> = {
      en: [
        'Date',
        'Reference',
        'Type',
        'Status',
        'Description',
        'Counterparty',
        'Asset',
        'Amount',
        'Balance after',
      ],
      de: [
        'Datum',
        'Referenz',
        'Typ',
        'Status',
        'Beschreibung',
        'Gegenpartei',
        'Währung',
        'Betrag',
        'Saldo nachher',
      ],
      es: [
        'Fecha',
        'Referencia',
        'Tipo',
        'Estado',
        'Descripción',
        'Contraparte',
        'Activo',
        'Importe',
        'Saldo posterior',
      ],
      fr: [
        'Date',
        'Référence',
        'Type',
        'Statut',
        'Description',
        'Contrepartie',
        'Actif',
        'Montant',
        'Solde après',
      ],
    };
    for (const [locale, expected] of Object.entries(headers)) {
      await setLocale(locale as Locale);
      expect(statementHeaders(), locale).toEqual(expected);
      expect(statementCsv([]), locale).toBe(`${expected.map((header) => `"${header}"`).join(',')}\r\n`);
    }
  });

  test("in German: the words translated, a pending deposit and a withdrawal's machine columns unchanged", async () => {
    await setLocale('de');
    const csv = statementCsv([
      declaredDeposit(),
      transaction({
        id: 'w1',
        type: 'withdrawal',
        asset: 'ETH',
        state: 'failed',
        signedAmount: '-1234.10000000',
      }),
      transaction({ description: 'Miete' }),
    ]);
    expect(csv.split('\r\n').slice(1)).toEqual([
      '"2026-01-31T10:00:00.000Z","d1","Krypto-Einzahlung","Gemeldet","ETH-Einzahlung auf Ethereum gemeldet","Externe Wallet","ETH",,',
      '"2026-01-31T10:00:00.000Z","w1","Auszahlung","Fehlgeschlagen",,"Externe Adresse","ETH",-1234.10000000,7.00',
      '"2026-01-31T10:00:00.000Z","t1","Überweisung","Abgeschlossen","Miete","bob","SAI",-3.00,7.00',
      '',
    ]);
  });
});

describe('statementCsv', () => {
  afterEach(() => setLocale('en'));

  test('columns: date, reference, type, status, description, counterparty, asset, amount, balance after', () => {
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
      '"Date","Reference","Type","Status","Description","Counterparty","Asset","Amount","Balance after"',
      '"2026-01-31T10:00:00.000Z","t1","Transfer","Completed","Lunch, ""the good one""","bob","SAI",-3.00,7.00',
      `"2026-01-31T10:00:00.000Z","t0","Token distribution","Completed","'=HYPERLINK(""http://evil"")","SAI Wallet","SAI",10.00,10.00`,
      '',
    ]);
  });

  test('a pending crypto deposit has no amount or balance yet; a withdrawal carries its asset and state', () => {
    const csv = statementCsv([
      declaredDeposit(),
      transaction({
        id: 'w1',
        type: 'withdrawal',
        asset: 'ETH',
        status: 'failed',
        state: 'failed',
        signedAmount: '-0.10000000',
        balanceAfter: '0.75000000',
        description: 'Withdrawal to 0xabc',
      }),
    ]);
    expect(csv.split('\r\n').slice(1, 3)).toEqual([
      '"2026-01-31T10:00:00.000Z","d1","Crypto deposit","Declared","ETH deposit declared on Ethereum","External wallet","ETH",,',
      '"2026-01-31T10:00:00.000Z","w1","Withdrawal","Failed","Withdrawal to 0xabc","External address","ETH",-0.10000000,0.75000000',
    ]);
  });

  test('a counterparty name that looks like a formula is neutralised too', () => {
    const csv = statementCsv([transaction({ receiverName: '@evil' })]);
    expect(csv).toContain(`,"'@evil",`);
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
    expect(readHistorySearch({ asset: 'ETH', q: '  lunch ' })).toEqual({ asset: 'ETH', q: 'lunch' });
    expect(readHistorySearch({ asset: 'DOGE', q: '   ' })).toEqual({});
    expect(hasFilters({ q: 'x' })).toBe(true);
  });

  test('date presets end today and are recognised again', () => {
    const now = new Date(2026, 2, 15, 18, 30);
    expect(presetRange('7d', now)).toEqual({ from: '2026-03-09', to: '2026-03-15' });
    expect(presetRange('30d', now)).toEqual({ from: '2026-02-14', to: '2026-03-15' });
    expect(presetRange('month', now)).toEqual({ from: '2026-03-01', to: '2026-03-15' });
    expect(presetOf({ from: '2026-03-01', to: '2026-03-15' }, now)).toBe('month');
    expect(presetOf({ from: '2026-03-02' }, now)).toBe('custom');
    expect(presetOf({}, now)).toBe('any');
  });

  test('the start date may not be after the end date', () => {
    expect(validateDateRange({ from: '2026-02-01', to: '2026-01-01' })).toBeDefined();
    expect(validateDateRange({ from: '2026-01-01', to: '2026-01-01' })).toBeUndefined();
  });
});
