import { scaledUnits } from '../shared/money.ts';

/**
 * A portfolio's value in USD (docs/product-rules.md, "Portfolio total"): every holding (SAI and each crypto
 * currency) times its price now, and the same holdings times the prices in effect 24 hours earlier. The
 * change is the difference of the two, so it moves with the admin's prices and never with deposits,
 * transfers or withdrawals (those show in each balance's own figures).
 *
 * Exact throughout: amounts and prices have at most 8 decimals, so each product is an integer at 16 decimals
 * (bigint); only the results are rounded, half away from zero, to cents (value, change) and to hundredths of
 * a percent (the change relative to the earlier value).
 */
export interface Holding {
  asset: string;
  /** The amount held, a decimal string with at most 8 decimals. */
  amount: string;
  /** Its price now and 24 hours ago, in USD, decimal strings with at most 8 decimals. */
  priceNow: string;
  priceDayAgo: string;
}

export interface Valuation {
  /** USD, 2 decimals. */
  value: string;
  valueDayAgo: string;
  change: string;
  /** Percent with 2 decimals; null when the holdings were worth nothing 24 hours ago. */
  changePercent: string | null;
}

const SCALE = 8;
const PRODUCT_SCALE = 2 * SCALE;

export function valuePortfolio(holdings: readonly Holding[]): Valuation {
  let now = 0n;
  let dayAgo = 0n;
  for (const holding of holdings) {
    const amount = scaledUnits(holding.amount, SCALE);
    now += amount * scaledUnits(holding.priceNow, SCALE);
    dayAgo += amount * scaledUnits(holding.priceDayAgo, SCALE);
  }
  const change = now - dayAgo;
  return {
    value: cents(now),
    valueDayAgo: cents(dayAgo),
    change: cents(change),
    // change / dayAgo × 100, at 2 decimals: (change × 100 × 10^2) / dayAgo, rounded.
    changePercent: dayAgo === 0n ? null : fixed(divideRounded(change * 10_000n, dayAgo), 2),
  };
}

/**
 * The change from `then` to `now` in percent of `then`, 2 decimals, rounded half away from zero; "0.00" when
 * `then` is 0. Prices have at most 8 decimals.
 */
export function percentChange(now: string, then: string): string {
  const before = scaledUnits(then, SCALE);
  if (before === 0n) return '0.00';
  return fixed(divideRounded((scaledUnits(now, SCALE) - before) * 10_000n, before), 2);
}

/** a / b rounded half away from zero (b > 0). */
function divideRounded(a: bigint, b: bigint): bigint {
  const magnitude = ((a < 0n ? -a : a) * 2n + b) / (2n * b);
  return a < 0n ? -magnitude : magnitude;
}

function cents(value: bigint): string {
  return fixed(divideRounded(value, 10n ** BigInt(PRODUCT_SCALE - 2)), 2);
}

function fixed(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}
