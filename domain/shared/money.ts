/**
 * Money is an integer count of minor units (bigint) inside the code and a decimal string at every edge.
 * Parsing is exact and strict: no exponent, no rounding, no more decimals than the asset has.
 */
export const ASSETS = ['SAI', 'BTC', 'ETH', 'USDT', 'USDC', 'SOL', 'XRP'] as const;
export type Asset = (typeof ASSETS)[number];
export const CRYPTO_ASSETS = ['BTC', 'ETH', 'USDT', 'USDC', 'SOL', 'XRP'] as const;
export type CryptoAsset = (typeof CRYPTO_ASSETS)[number];

/** Decimals kept in the ledger per asset (docs/ledger.md#assets-and-amounts). */
export const ASSET_DECIMALS: Record<Asset, number> = {
  SAI: 2,
  BTC: 8,
  ETH: 8,
  USDT: 8,
  USDC: 8,
  SOL: 8,
  XRP: 8,
};

/** SAI balances are decimal(18,2) and crypto decimal(24,8): the largest amount is bounded by the column. */
export const ASSET_MAX_INTEGER_DIGITS: Record<Asset, number> = {
  SAI: 16,
  BTC: 16,
  ETH: 16,
  USDT: 16,
  USDC: 16,
  SOL: 16,
  XRP: 16,
};

export function isAsset(value: string): value is Asset {
  return (ASSETS as readonly string[]).includes(value);
}

export type ParseResult = { ok: true; units: bigint } | { ok: false; reason: string };

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * Parses a positive amount of `asset` from a decimal string or a number, never multiplied as a float.
 * A number is read through `String(n)`: at the API that is the literal the client wrote, because the
 * body parser (api/http/jsonBody.ts) keeps any other literal as text, which arrives here as a string.
 */
export function parseAmount(input: unknown, asset: Asset): ParseResult {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, reason: 'Amount must be a finite number' };
    text = String(input);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return { ok: false, reason: 'Amount must be a number or a decimal string' };
  }
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, reason: 'Amount must be a plain decimal number, like 12.50' };
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  const fraction = match[2] ?? '';
  const decimals = ASSET_DECIMALS[asset];
  if (fraction.length > decimals) {
    return { ok: false, reason: `Amount has more than ${decimals} decimal places for ${asset}` };
  }
  if (whole.length > ASSET_MAX_INTEGER_DIGITS[asset]) return { ok: false, reason: 'Amount is too large' };
  const units = BigInt(whole + fraction.padEnd(decimals, '0'));
  if (units <= 0n) return { ok: false, reason: 'Amount must be a positive number' };
  return { ok: true, units };
}

/** Formats minor units as a decimal string with exactly the asset's ledger decimals. */
export function formatUnits(units: bigint, asset: Asset, decimals: number = ASSET_DECIMALS[asset]): string {
  const scale = ASSET_DECIMALS[asset];
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  let fraction = digits.slice(digits.length - scale);
  if (decimals < scale) fraction = fraction.slice(0, decimals);
  else fraction = fraction.padEnd(decimals, '0');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Exact product of two decimal strings, rounded half-up to `decimals` places (display values such as a
 * balance in USD; never used to move money).
 */
export function multiplyDecimals(a: string, b: string, decimals: number): string {
  const split = (text: string) => {
    const negative = text.startsWith('-');
    const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
    return { negative, digits: BigInt(whole + fraction || '0'), scale: fraction.length };
  };
  const x = split(a);
  const y = split(b);
  const scale = x.scale + y.scale;
  let product = x.digits * y.digits;
  const negative = x.negative !== y.negative && product !== 0n;
  if (scale > decimals) {
    const divisor = 10n ** BigInt(scale - decimals);
    product = (product + divisor / 2n) / divisor;
  } else {
    product *= 10n ** BigInt(decimals - scale);
  }
  const text = product.toString().padStart(decimals + 1, '0');
  const whole = text.slice(0, text.length - decimals);
  const fraction = text.slice(text.length - decimals);
  return `${negative ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}`;
}

/**
 * Exact difference a − b of two decimal strings, with `decimals` places; a non-zero digit past them is an
 * error (scaledUnits), never cut away.
 */
export function subtractDecimals(a: string, b: string, decimals: number): string {
  return fromScaledUnits(scaledUnits(a, decimals) - scaledUnits(b, decimals), decimals);
}

function splitDecimal(text: string): { negative: boolean; whole: string; fraction: string } {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  return { negative, whole: whole || '0', fraction };
}

/**
 * A decimal string (a ledger amount or a read-model numeric) as an integer scaled by 10^decimals, exactly.
 * A non-zero digit past `decimals` is refused, never rounded away.
 */
export function scaledUnits(text: string, decimals: number): bigint {
  const { negative, whole, fraction } = splitDecimal(text);
  if (/[^0]/.test(fraction.slice(decimals))) {
    throw new RangeError(`${text} has more than ${decimals} decimal places`);
  }
  const value = BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, '0'));
  return negative ? -value : value;
}

/**
 * A ledger amount (a read model's numeric, which carries 8 decimals) written with exactly its asset's
 * ledger decimals: "12.50000000" SAI → "12.50". A digit the asset cannot hold is an error, never rounded.
 */
export function ledgerAmountText(text: string, asset: Asset): string {
  const decimals = ASSET_DECIMALS[asset];
  return fromScaledUnits(scaledUnits(text, decimals), decimals);
}

/** Writes a scaled integer back as a decimal string with exactly `decimals` places. */
export function fromScaledUnits(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  return `${negative ? '-' : ''}${whole}${decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : ''}`;
}

/**
 * A decimal string shown with at least `places` decimals: padded with zeros, and trailing zeros past
 * `places` dropped, but never a significant digit ("0.00000001" ETH at 6 places stays "0.00000001";
 * "1.50000000" becomes "1.500000"). Display rounding, if any, belongs to the screen.
 */
export function minimumDecimals(text: string, places: number): string {
  const { negative, whole, fraction } = splitDecimal(text);
  const kept = fraction.replace(/0+$/, '').padEnd(places, '0');
  const isZero = /^0*$/.test(whole + kept);
  return `${negative && !isZero ? '-' : ''}${whole}${kept ? `.${kept}` : ''}`;
}

/** Minor units as `minimumDecimals` shows them. */
export function displayUnits(units: bigint, asset: Asset, places: number): string {
  return minimumDecimals(formatUnits(units, asset), places);
}
