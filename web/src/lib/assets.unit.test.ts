import { afterEach, describe, expect, test } from 'vitest';
import { setLocale } from '../i18n/i18n.ts';
import {
  checkCryptoAmount,
  depositAddressFamily,
  displayAmount,
  formatAsset,
  upgradePath,
} from './assets.ts';

describe('crypto amounts for display', () => {
  test('at least the display decimals (BTC 8, ETH and SOL 6, others 2), never a significant digit less', () => {
    expect(displayAmount('1.50000000', 'ETH')).toBe('1.500000');
    expect(displayAmount('0.12345678', 'BTC')).toBe('0.12345678');
    expect(displayAmount('2.99999999', 'SOL')).toBe('2.99999999');
    expect(displayAmount('10.999', 'USDT')).toBe('10.999');
    expect(displayAmount('0.00000001', 'ETH')).toBe('0.00000001');
    expect(displayAmount('0.00000000', 'ETH')).toBe('0.000000');
    expect(displayAmount('7', 'XRP')).toBe('7.00');
    expect(formatAsset('12345.6789', 'USDC')).toBe('12,345.6789');
    expect(formatAsset('12345.60000000', 'USDC')).toBe('12,345.60');
    expect(formatAsset('0.00000001', 'ETH')).toBe('0.00000001');
  });

  test('withdrawal amounts: positive, 8 decimals at most, no more than available', () => {
    expect(checkCryptoAmount('0.5', '1.50000000', 'ETH')).toEqual({ ok: true, amount: '0.50000000' });
    expect(checkCryptoAmount('0.00000001', '1', 'BTC')).toEqual({ ok: true, amount: '0.00000001' });
    expect(checkCryptoAmount('0', '1', 'ETH')).toEqual({
      ok: false,
      message: 'Amount must be greater than 0',
    });
    expect(checkCryptoAmount('abc', '1', 'ETH')).toEqual({
      ok: false,
      message: 'Amount must be greater than 0',
    });
    expect(checkCryptoAmount('0.000000001', '1', 'ETH')).toEqual({
      ok: false,
      message: 'Amount can have at most 8 decimal places',
    });
    expect(checkCryptoAmount('2', '1.50000000', 'ETH')).toEqual({
      ok: false,
      message: 'Insufficient balance. You have 1.500000 ETH available.',
    });
  });

  describe('in the interface language', () => {
    afterEach(() => setLocale('en'));

    test('the refusals are worded in German, the amount with its decimal comma', async () => {
      await setLocale('de');
      expect(checkCryptoAmount('0', '1', 'ETH')).toEqual({
        ok: false,
        message: 'Der Betrag muss größer als 0 sein',
      });
      expect(checkCryptoAmount('0.000000001', '1', 'ETH')).toEqual({
        ok: false,
        message: 'Der Betrag darf höchstens 8 Nachkommastellen haben',
      });
      expect(checkCryptoAmount('2', '1.50000000', 'ETH')).toEqual({
        ok: false,
        message: 'Unzureichendes Guthaben. Verfügbar sind 1,500000 ETH.',
      });
    });
  });

  test('EVM networks share the ETH deposit address; the others have their own', () => {
    expect(depositAddressFamily('base')).toBe('ETH');
    expect(depositAddressFamily('bsc')).toBe('ETH');
    expect(depositAddressFamily('bitcoin')).toBe('BTC');
    expect(depositAddressFamily('solana')).toBe('SOL');
    expect(depositAddressFamily('xrpl')).toBe('XRP');
    expect(depositAddressFamily('tron')).toBe('TRX');
  });
});

describe('card upgrade path', () => {
  test('next tier and progress as balance over its threshold', () => {
    expect(upgradePath('0.00')).toMatchObject({ percent: 0, missing: '100.00', next: { tier: 'gold' } });
    expect(upgradePath('150.00')).toMatchObject({ percent: 60, missing: '100.00', next: { tier: 'ruby' } });
    expect(upgradePath('499.99')).toMatchObject({ percent: 99.9, missing: '0.01', next: { tier: 'black' } });
  });

  test('top tier reached at 500 or more', () => {
    expect(upgradePath('500.00')).toEqual({ next: null, percent: 100, missing: '0.00' });
    expect(upgradePath('12000.00').next).toBeNull();
    // A card's own tier wins: the path leads above it, whatever the balance.
    expect(upgradePath('100.00', 'ruby')).toMatchObject({
      percent: 20,
      missing: '400.00',
      next: { tier: 'black' },
    });
    expect(upgradePath('300.00', 'gold')).toMatchObject({ next: { tier: 'black' } });
    expect(upgradePath('100.00', 'black').next).toBeNull();
  });
});
