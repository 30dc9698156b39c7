import { describe, expect, it } from 'vitest';
import { type FeeSettingsEvent, feeSettingsDecider, parseFeeRate } from '../settings/feeSettings.ts';
import { fold } from '../shared/decider.ts';
import { ValidationError } from '../shared/errors.ts';
import { parseUserId } from '../shared/ids.ts';
import { cryptoUnits, feeUnits, type QuoteInput, quotePurchase } from './purchaseQuote.ts';

const admin = parseUserId('admin001');
const defaults = feeSettingsDecider.initialState();
const prices = { token: '2.50', currencies: { ETH: '3500.00', USDT: '1.00', USDC: '1.00', BTC: '65000.00' } };
const base: QuoteInput = {
  units: 25_000n,
  currency: 'USDT',
  stakedUnits: 0n,
  rates: defaults,
  prices,
};

describe('the conversion fee', () => {
  it('rounds half-up to 0.01 SAI, at the 0.005 boundary and around it', () => {
    expect(feeUnits(100n, '0.50')).toBe(1n); // 1.00 SAI × 0.50 % = 0.005 → 0.01
    expect(feeUnits(99n, '0.50')).toBe(0n); // 0.00495 → 0.00
    expect(feeUnits(143n, '0.35')).toBe(1n); // 0.005005 → 0.01
    expect(feeUnits(142n, '0.35')).toBe(0n); // 0.00497 → 0.00
    expect(feeUnits(300n, '0.50')).toBe(2n); // 0.015 → 0.02 (half-up, not to even)
    expect(feeUnits(25_000n, '0.50')).toBe(125n); // 250 SAI → 1.25
    expect(feeUnits(50_000n, '0.25')).toBe(125n);
    expect(feeUnits(12_345n, '0')).toBe(0n);
  });

  it('takes the rate of the tier the stake backs, never of a balance', () => {
    const rateAt = (stakedUnits: bigint) => {
      const quote = quotePurchase({ ...base, stakedUnits });
      return [quote.tier, quote.tierSource, quote.rate, quote.fee];
    };
    expect(rateAt(0n)).toEqual(['gold', 'stake', '0.50', '1.25']);
    expect(rateAt(24_999n)).toEqual(['gold', 'stake', '0.50', '1.25']);
    expect(rateAt(25_000n)).toEqual(['ruby', 'stake', '0.35', '0.88']); // 0.875 → 0.88
    expect(rateAt(50_000n)).toEqual(['black', 'stake', '0.25', '0.63']); // 0.625 → 0.63
  });

  it('uses the rates as an admin set them', () => {
    const rates = fold(feeSettingsDecider, [
      {
        type: 'FeeRateSet',
        data: { tier: 'gold', rate: '1.00', setBy: admin, setAt: '2026-11-27T10:00:00Z' },
      },
    ] satisfies FeeSettingsEvent[]);
    expect(quotePurchase({ ...base, rates })).toMatchObject({ rate: '1.00', fee: '2.50', total: '252.50' });
    expect(rates.gold.setBy).toBe(admin);
    expect(rates.ruby).toEqual({ rate: '0.35', setBy: null, setAt: null });
  });

  it('charges the fee on top: the amount is credited whole and the crypto pays amount + fee', () => {
    expect(quotePurchase(base)).toEqual({
      amount: '250.00',
      tier: 'gold',
      tierSource: 'stake',
      rate: '0.50',
      fee: '1.25',
      total: '251.25',
      currency: 'USDT',
      cryptoAmount: '628.12500000', // 251.25 × 2.50 USDT
      tokenPrice: '2.50',
      currencyPrice: '1.00',
      usdtPrice: '1.00',
    });
  });

  it('rounds the crypto amount up to the currency smallest unit', () => {
    // 251.25 SAI × 2.50 = 628.125 USD ÷ 3500 = 0.179464285714… ETH → 0.17946429
    expect(quotePurchase({ ...base, currency: 'ETH' }).cryptoAmount).toBe('0.17946429');
    // 628.125 ÷ 65000 = 0.0096634615… BTC → 0.00966347
    expect(quotePurchase({ ...base, currency: 'BTC' }).cryptoAmount).toBe('0.00966347');
    // An exact result is not raised: 100 SAI at 1 USDT each, 0 % → 100 USDT exactly.
    expect(cryptoUnits(10_000n, 'USDT', { token: '1', usdt: '1', currency: '1' })).toBe(10_000_000_000n);
    // One unit more than exact rounds up by one.
    expect(cryptoUnits(1n, 'ETH', { token: '1', usdt: '1', currency: '3' })).toBe(333_334n);
    // The USDT price converts the token price to USD: with USDT at 0.50 USD, 1 SAI at 2 USDT is 1 USD.
    expect(cryptoUnits(100n, 'USDC', { token: '2', usdt: '0.5', currency: '1' })).toBe(100_000_000n);
  });

  it('refuses a currency without a price, with a 400 that names it', () => {
    expect(() => quotePurchase({ ...base, currency: 'BNB' })).toThrow(ValidationError);
    expect(() => quotePurchase({ ...base, currency: 'BNB' })).toThrow(/BNB has no price/);
  });
});

describe('the fee settings', () => {
  const set = (rate: string) =>
    feeSettingsDecider.decide(
      {
        type: 'SetFeeRate',
        data: { tier: 'ruby', rate, adminId: admin },
        now: new Date('2026-11-27T10:00:00Z'),
      },
      defaults,
    );

  it('default to gold 0.50 %, ruby 0.35 %, black 0.25 %', () => {
    expect([defaults.gold.rate, defaults.ruby.rate, defaults.black.rate]).toEqual(['0.50', '0.35', '0.25']);
  });

  it('record who set which rate, written with two decimals', () => {
    expect(set('0.3')).toEqual([
      {
        type: 'FeeRateSet',
        data: { tier: 'ruby', rate: '0.30', setBy: admin, setAt: '2026-11-27T10:00:00.000Z' },
      },
    ]);
    expect(parseFeeRate('10')).toBe('10.00');
    expect(parseFeeRate('0')).toBe('0.00');
  });

  it('refuse a rate that is not a percentage from 0 to 10 with at most two decimals', () => {
    for (const bad of ['10.01', '0.505', '-1', 'abc', '', '1e1', '50'])
      expect(() => set(bad), bad).toThrow(ValidationError);
  });
});
