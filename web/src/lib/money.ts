/**
 * Exact arithmetic on the decimal strings the API sends and the user types. Amounts never pass through
 * floating point: they become integer minor units (`bigint`) and go back to text (docs/ledger.md#assets-and-amounts).
 */

import { ASSET_DECIMALS, fromScaledUnits } from '@domain/shared/money.ts';
import { currentLocale } from '../i18n/i18n.ts';
import { normaliseTypedAmount } from './amountInput.ts';

/** SAI has two decimals (docs/ledger.md). */
export const SAI_DECIMALS = ASSET_DECIMALS.SAI;

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/** "12.5" → 1250n at 2 decimals; null when it is not a plain decimal or has more decimals than allowed. */
export function toUnits(value: string, decimals = SAI_DECIMALS): bigint | null {
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  if (fraction.length > decimals) return null;
  const units = BigInt(whole + fraction.padEnd(decimals, '0'));
  return sign === '-' ? -units : units;
}

/** 1250n → "12.50": the domain's writer of scaled integers. */
export function fromUnits(units: bigint, decimals = SAI_DECIMALS): string {
  return fromScaledUnits(units, decimals);
}

export type AmountCheck =
  | { ok: true; units: bigint; amount: string }
  | { ok: false; reason: 'not_positive' | 'too_precise' };

/**
 * Reads an amount typed into a form, in the notation of the page's language (lib/amountInput.ts: its
 * decimal mark and grouping, and the plain dot), as exact minor units: no exponent, sign or float, and a
 * digit the asset cannot hold is refused, never rounded.
 */
export function readAmount(
  input: string,
  decimals = SAI_DECIMALS,
  locale: string = currentLocale(),
): AmountCheck {
  const plain = normaliseTypedAmount(input, locale);
  const match = plain === null ? null : /^(\d+)(?:\.(\d*))?$|^\.(\d+)$/.exec(plain);
  if (!match) return { ok: false, reason: 'not_positive' };
  const fraction = match[2] ?? match[3] ?? '';
  const whole = match[1] ?? '0';
  if (fraction.length > decimals) {
    return { ok: false, reason: /[1-9]/.test(whole + fraction) ? 'too_precise' : 'not_positive' };
  }
  const units = BigInt(whole + fraction.padEnd(decimals, '0'));
  if (units <= 0n) return { ok: false, reason: 'not_positive' };
  return { ok: true, units, amount: fromUnits(units, decimals) };
}

/** -1, 0 or 1 for a decimal string; 0 for anything unreadable. */
export function signOf(value: string): -1 | 0 | 1 {
  const units = toUnits(value, 18);
  if (units === null || units === 0n) return 0;
  return units < 0n ? -1 : 1;
}

/** amount × price, rounded half-up to `decimals` (display only, e.g. the USDT value of a purchase). */
export function multiply(amount: string, price: string, decimals = 2): string | null {
  const a = splitDecimal(amount);
  const p = splitDecimal(price);
  if (!a || !p) return null;
  const scale = a.scale + p.scale;
  const product = a.digits * p.digits;
  if (scale <= decimals) return fromUnits(product * 10n ** BigInt(decimals - scale), decimals);
  const divisor = 10n ** BigInt(scale - decimals);
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  const rounded = (magnitude + divisor / 2n) / divisor;
  return fromUnits(negative ? -rounded : rounded, decimals);
}

function splitDecimal(value: string): { digits: bigint; scale: number } | null {
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const digits = BigInt(whole + fraction);
  return { digits: sign === '-' ? -digits : digits, scale: fraction.length };
}
