import { afterEach, describe, expect, test } from 'vitest';
import { setLocale } from '@/i18n/i18n.ts';
import type { OwnTransaction } from '@/queries/transactions.queries.ts';
import { durationText } from '../timings.ts';
import { describedText, receiptCounterparty, stateLabel, transactionTitle, typeLabel } from './describe.ts';
import { datePresetLabel, validateDateRange } from './filters.ts';
import { statementCsv } from './statement.ts';

const received: OwnTransaction = {
  id: 't1',
  type: 'admin_deposit',
  asset: 'SAI',
  amount: '10.00',
  sender_id: null,
  receiver_id: 'bob0001',
  senderName: null,
  receiverName: 'bob',
  description: 'Token distribution',
  status: 'completed',
  createdAt: '2026-01-31T10:00:00.000Z',
  state: 'completed',
  direction: 'received',
  signedAmount: '+10.00',
  balanceAfter: '10.00',
  returned: false,
};

describe('the history in the user’s language', () => {
  afterEach(() => setLocale('en'));

  test('English stays the product’s words', () => {
    expect(typeLabel('crypto_deposit')).toBe('Crypto deposit');
    expect(stateLabel('held')).toBe('Funds held');
    expect(transactionTitle({ ...received, type: 'transfer', senderName: 'ana' })).toBe('Received from ana');
    expect(describedText('ETH deposit declared on Ethereum')).toBe('ETH deposit declared on Ethereum');
    expect(datePresetLabel('30d')).toBe('Last 30 days');
    expect(durationText('10-60 minutes')).toBe('10-60 minutes');
    expect(durationText('3-7 working days')).toBe('3-7 working days');
    expect(durationText('within 24 hours')).toBe('within 24 hours');
  });

  test('labels, titles, the ledger’s own descriptions and counterparties are translated; notes are not', async () => {
    await setLocale('de');
    expect(typeLabel('withdrawal')).toBe('Auszahlung');
    expect(typeLabel('something_new')).toBe('something_new');
    expect(stateLabel('declared')).toBe('Gemeldet');
    expect(transactionTitle({ ...received, type: 'crypto_deposit', asset: 'ETH' })).toBe('ETH-Einzahlung');
    expect(describedText('Token distribution')).toBe('Token-Verteilung');
    expect(describedText('Withdrawal failed: address refused')).toBe(
      'Auszahlung fehlgeschlagen: address refused',
    );
    expect(describedText('Lunch with Ana')).toBe('Lunch with Ana');
    expect(receiptCounterparty('External wallet (tron)')).toBe('Externe Wallet (tron)');
    expect(receiptCounterparty('Ana')).toBe('Ana');
    expect(validateDateRange({ from: '2026-02-02', to: '2026-02-01' })).toBe(
      'Das Startdatum muss am oder vor dem Enddatum liegen',
    );
    await setLocale('es');
    expect(durationText('1-2 business days')).toBe('1-2 días hábiles');
    expect(durationText('3-7 working days')).toBe('3-7 días laborables');
    expect(datePresetLabel('month')).toBe('Este mes');
  });

  test('a failed withdrawal’s return has its own title in every language', async () => {
    const returned = { ...received, type: 'withdrawal' as const, asset: 'ETH', status: 'failed' as const };
    const titles: Record<string, [string, string]> = {
      en: ['ETH withdrawal', 'ETH withdrawal returned'],
      de: ['ETH-Auszahlung', 'ETH-Auszahlung zurückgebucht'],
      fr: ['Retrait de ETH', 'Retrait de ETH recrédité'],
      es: ['Retiro de ETH', 'Retiro de ETH devuelto'],
    };
    for (const [locale, [hold, back]] of Object.entries(titles)) {
      await setLocale(locale as 'en');
      expect(transactionTitle({ ...returned, direction: 'sent', returned: false })).toBe(hold);
      expect(transactionTitle({ ...returned, returned: true })).toBe(back);
    }
  });

  test('the CSV statement reads in the language, its numbers, dates and references stay machine data', async () => {
    await setLocale('fr');
    expect(
      statementCsv([{ ...received, amount: '1234.50', signedAmount: '+1234.50', balanceAfter: '1234.50' }]),
    ).toBe(
      '"Date","Référence","Type","Statut","Description","Contrepartie","Actif","Montant","Solde après"\r\n' +
        '"2026-01-31T10:00:00.000Z","t1","Distribution de jetons","Terminée","Distribution de jetons","SAI Wallet","SAI",1234.50,1234.50\r\n',
    );
  });
});
