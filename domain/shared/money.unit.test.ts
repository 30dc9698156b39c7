import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUnits, fromScaledUnits, parseAmount, scaledUnits } from './money.ts';

const units = (input: unknown, asset: 'SAI' | 'BTC' = 'SAI') => {
  const result = parseAmount(input, asset);
  return result.ok ? result.units : result.reason;
};

describe('money', () => {
  it('parses exact decimal strings and numbers into minor units', () => {
    expect(units('0.1')).toBe(10n);
    expect(units(0.1)).toBe(10n);
    expect(units('12.34')).toBe(1234n);
    expect(units(3)).toBe(300n);
    expect(units('007.50')).toBe(750n);
    expect(units('0.00000001', 'BTC')).toBe(1n);
    expect(units('9999999999999999.99')).toBe(999999999999999999n);
  });
  it('rejects what is not a plain positive amount within the asset precision', () => {
    for (const bad of [
      '0.001',
      '1e3',
      '',
      '-5',
      '0',
      '0.00',
      'NaN',
      ' ',
      '1.',
      '.5',
      '1,5',
      '+1',
      '0x10',
      '١',
    ]) {
      expect(typeof units(bad)).toBe('string');
    }
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, -1, 0, 1e21, 0.001, null, true, {}, []]) {
      expect(typeof units(bad)).toBe('string');
    }
    expect(typeof units('10000000000000000.00')).toBe('string');
    expect(typeof units('0.000000001', 'BTC')).toBe('string');
  });
  it('formats with the asset decimals, including negatives', () => {
    expect(formatUnits(1234n, 'SAI')).toBe('12.34');
    expect(formatUnits(5n, 'SAI')).toBe('0.05');
    expect(formatUnits(-5n, 'SAI')).toBe('-0.05');
    expect(formatUnits(0n, 'SAI')).toBe('0.00');
    expect(formatUnits(123456789n, 'BTC')).toBe('1.23456789');
    expect(formatUnits(123456789n, 'ETH', 6)).toBe('1.234567');
  });
  it('round-trips every amount exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 999999999999999999n }), (value) => {
        const text = formatUnits(value, 'SAI');
        expect(units(text)).toBe(value);
      }),
    );
  });
});

describe('decimal arithmetic for display values', () => {
  it('multiplies exactly and rounds half up', async () => {
    const { multiplyDecimals, subtractDecimals } = await import('./money.ts');
    expect(multiplyDecimals('12.34', '2.5', 2)).toBe('30.85');
    expect(multiplyDecimals('0.01', '2.5', 2)).toBe('0.03');
    expect(multiplyDecimals('0.00', '2.5', 2)).toBe('0.00');
    expect(multiplyDecimals('9999999999999999.99', '2.5', 2)).toBe('24999999999999999.98');
    expect(multiplyDecimals('-1.00', '2.5', 2)).toBe('-2.50');
    expect(subtractDecimals('10.00000000', '12.5', 2)).toBe('-2.50');
    expect(subtractDecimals('100', '0.01', 2)).toBe('99.99');
  });
});

describe('scaled decimals (read-model numerics, exports, ledger:verify)', () => {
  it('reads a decimal as an exact scaled integer and refuses digits it cannot hold', async () => {
    expect(scaledUnits('12.34000000', 2)).toBe(1234n);
    expect(scaledUnits('-0.5', 8)).toBe(-50_000_000n);
    expect(scaledUnits('7', 2)).toBe(700n);
    expect(() => scaledUnits('0.001', 2)).toThrow(RangeError);
    expect(fromScaledUnits(-5n, 2)).toBe('-0.05');
    expect(fromScaledUnits(123_456_789n, 8)).toBe('1.23456789');
    expect(fromScaledUnits(0n, 0)).toBe('0');
  });

  it('round-trips any scaled integer through its decimal text', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.integer({ min: 0, max: 8 }),
        (v, d) => {
          expect(scaledUnits(fromScaledUnits(v, d), d)).toBe(v);
        },
      ),
    );
  });

  it("writes ledger amounts with the asset's decimals, refusing a digit it cannot hold", async () => {
    const { ledgerAmountText, subtractDecimals } = await import('./money.ts');
    expect(ledgerAmountText('12.50000000', 'SAI')).toBe('12.50');
    expect(ledgerAmountText('9007199254740993.00000000', 'SAI')).toBe('9007199254740993.00');
    expect(ledgerAmountText('0.00000001', 'ETH')).toBe('0.00000001');
    expect(() => ledgerAmountText('0.001', 'SAI')).toThrow(RangeError);
    expect(() => subtractDecimals('1.009', '0', 2)).toThrow(RangeError);
  });

  it('shows at least the display decimals and never drops a significant digit', async () => {
    const { minimumDecimals, displayUnits } = await import('./money.ts');
    expect(minimumDecimals('0.00000001', 6)).toBe('0.00000001');
    expect(minimumDecimals('1.50000000', 6)).toBe('1.500000');
    expect(minimumDecimals('0.12345678', 6)).toBe('0.12345678');
    expect(minimumDecimals('1.99999999', 2)).toBe('1.99999999');
    expect(minimumDecimals('5', 2)).toBe('5.00');
    expect(minimumDecimals('7.10', 0)).toBe('7.1');
    expect(minimumDecimals('7.00', 0)).toBe('7');
    expect(minimumDecimals('-0.000', 2)).toBe('0.00');
    expect(minimumDecimals('-1.239', 2)).toBe('-1.239');
    expect(displayUnits(1n, 'ETH', 6)).toBe('0.00000001');
    expect(displayUnits(150_000_000n, 'ETH', 6)).toBe('1.500000');
  });
});
