import { describe, expect, it } from 'vitest';
import { percentChange, valuePortfolio } from './valuation.ts';

describe('percentChange', () => {
  it('is exact at hundredths of a percent, rounded half away from zero', () => {
    expect(percentChange('97123.45', '65000')).toBe('49.42'); // 49.4206...
    expect(percentChange('0.5', '3')).toBe('-83.33'); // -83.333...
    expect(percentChange('1.00005', '1')).toBe('0.01'); // 0.005 → 0.01
    expect(percentChange('0.99995', '1')).toBe('-0.01');
    expect(percentChange('2', '2.00000000')).toBe('0.00');
    expect(percentChange('5', '0')).toBe('0.00');
  });
});

describe('valuePortfolio', () => {
  it('values every holding exactly, with no float anywhere', () => {
    // 0.1 + 0.2 as floats is 0.30000000000000004: exact sums keep it 0.30.
    const result = valuePortfolio([
      { asset: 'USDT', amount: '0.1', priceNow: '1', priceDayAgo: '1' },
      { asset: 'USDC', amount: '0.2', priceNow: '1', priceDayAgo: '1' },
    ]);
    expect(result).toEqual({ value: '0.30', valueDayAgo: '0.30', change: '0.00', changePercent: '0.00' });
  });

  it('sums the products at 16 decimals and rounds only the total, half away from zero', () => {
    // 0.00000001 BTC × 0.5 = 0.000000005 each: three of them are 0.000000015 → 0.00, but 1e6 of them 0.01.
    const dust = valuePortfolio([
      { asset: 'BTC', amount: '0.00000001', priceNow: '0.5', priceDayAgo: '0.5' },
    ]);
    expect(dust.value).toBe('0.00');
    const many = valuePortfolio([
      { asset: 'BTC', amount: '0.01', priceNow: '0.5', priceDayAgo: '0.5' },
      { asset: 'ETH', amount: '0.00000001', priceNow: '0.50000000', priceDayAgo: '0.5' },
    ]);
    // 0.005 + 0.000000005 = 0.005000005 → 0.01 (half-up at the cent), while each part alone is 0.01 and 0.00.
    expect(many.value).toBe('0.01');
    const half = valuePortfolio([{ asset: 'SAI', amount: '0.01', priceNow: '0.5', priceDayAgo: '0.5' }]);
    expect(half.value).toBe('0.01');
  });

  it('computes the change of the same holdings between the prices then and now', () => {
    const result = valuePortfolio([
      { asset: 'SAI', amount: '100.00', priceNow: '3.10', priceDayAgo: '2.50' },
      { asset: 'BTC', amount: '0.12345678', priceNow: '97123.45', priceDayAgo: '65000' },
      { asset: 'ETH', amount: '0', priceNow: '4000', priceDayAgo: '3500' },
    ]);
    // now: 310 + 0.12345678 × 97123.45 = 310 + 11990.548399491 = 12300.548399491
    expect(result.value).toBe('12300.55');
    // then: 250 + 0.12345678 × 65000 = 250 + 8024.6907 = 8274.6907
    expect(result.valueDayAgo).toBe('8274.69');
    // change 12300.548399491 − 8274.6907 = 4025.857699491 → 4025.86; percent 48.6527...% → 48.65
    expect(result.change).toBe('4025.86');
    expect(result.changePercent).toBe('48.65');
  });

  it('reports a fall with a minus sign, and no percentage from nothing', () => {
    const fall = valuePortfolio([{ asset: 'XRP', amount: '3', priceNow: '0.40', priceDayAgo: '0.5' }]);
    expect(fall).toEqual({ value: '1.20', valueDayAgo: '1.50', change: '-0.30', changePercent: '-20.00' });
    expect(valuePortfolio([])).toEqual({
      value: '0.00',
      valueDayAgo: '0.00',
      change: '0.00',
      changePercent: null,
    });
  });

  it('refuses an amount with more decimals than it can hold, rather than rounding it', () => {
    expect(() =>
      valuePortfolio([{ asset: 'BTC', amount: '0.000000001', priceNow: '1', priceDayAgo: '1' }]),
    ).toThrow(RangeError);
  });
});
