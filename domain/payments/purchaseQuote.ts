import { type CardTier, tierReachedBy } from '../cards/card.ts';
import { type FeeSettingsState, rateBasisPoints } from '../settings/feeSettings.ts';
import { ValidationError } from '../shared/errors.ts';
import {
  ASSET_DECIMALS,
  CRYPTO_ASSETS,
  type CryptoAsset,
  formatUnits,
  scaledUnits,
} from '../shared/money.ts';
import type { PaymentMethod } from './paymentMethods.ts';

/**
 * What buying SAI costs (docs/product-rules.md rule 25). The one function both the quote endpoint and the
 * submission use, so what the Buy form shows is what the proof records.
 * - The conversion fee is charged on top: buying N SAI credits N; the fee is N × the tier's rate, rounded
 *   half-up to 0.01 SAI.
 * - The buyer's tier is the one their card stake backs (docs/product-rules.md rule 30): money held, never
 *   a balance that may be borrowed for the minute of the purchase, nor a tier a card recorded by balance.
 * - The crypto to pay is (N + fee) × the SAI price (in USDT) × the USDT price (in USD) ÷ the currency's
 *   price (in USD), rounded UP to the currency's smallest unit, so the company never receives less than
 *   the worth of what it credits. All of it is exact integer arithmetic.
 */
export interface PurchaseQuote {
  /** SAI credited to the buyer. */
  amount: string;
  tier: CardTier;
  /** Where the tier came from: always the buyer's stake ('card' and 'balance' were earlier releases'). */
  tierSource: 'stake';
  /** Percent, two decimals. */
  rate: string;
  fee: string;
  /** amount + fee: what the crypto paid is worth, in SAI. */
  total: string;
  currency: CryptoAsset;
  /** In `currency`, with its ledger decimals. */
  cryptoAmount: string;
  /** The prices used: SAI in USDT, and the currency and USDT in USD. */
  tokenPrice: string;
  currencyPrice: string;
  usdtPrice: string;
}

export interface QuoteInput {
  units: bigint;
  currency: PaymentMethod;
  /** The SAI the buyer has staked for their card, in minor units (0 without a stake). */
  stakedUnits: bigint;
  rates: FeeSettingsState;
  /** SAI in USDT, and each crypto currency in USD, as decimal strings with at most 8 decimals. */
  prices: { token: string; currencies: Readonly<Record<string, string>> };
}

const PRICE_SCALE = 8;

function isCryptoAsset(currency: string): currency is CryptoAsset {
  return (CRYPTO_ASSETS as readonly string[]).includes(currency);
}

/** The fee on `units` SAI at `rate` percent, rounded half-up to the SAI's minor unit. */
export function feeUnits(units: bigint, rate: string): bigint {
  return (units * rateBasisPoints(rate) + 5_000n) / 10_000n;
}

/** `total` SAI (minor units) in `currency`'s minor units, rounded up. Prices as above. */
export function cryptoUnits(
  totalUnits: bigint,
  currency: CryptoAsset,
  prices: { token: string; usdt: string; currency: string },
): bigint {
  const token = scaledUnits(prices.token, PRICE_SCALE);
  const usdt = scaledUnits(prices.usdt, PRICE_SCALE);
  const price = scaledUnits(prices.currency, PRICE_SCALE);
  if (token <= 0n || usdt <= 0n || price <= 0n) throw new RangeError('prices must be positive');
  // (total / 10^2) × (token / 10^8) × (usdt / 10^8) ÷ (price / 10^8), in units of 10^-decimals.
  const numerator = totalUnits * token * usdt * 10n ** BigInt(ASSET_DECIMALS[currency]);
  const denominator = 10n ** BigInt(ASSET_DECIMALS.SAI + PRICE_SCALE) * price;
  return (numerator + denominator - 1n) / denominator;
}

export function quotePurchase(input: QuoteInput): PurchaseQuote {
  if (input.units <= 0n)
    throw new ValidationError('Amount must be a positive number', { code: 'amount_not_positive' });
  const currency = input.currency;
  const currencyPrice = input.prices.currencies[currency];
  const usdtPrice = input.prices.currencies.USDT;
  if (!isCryptoAsset(currency) || currencyPrice === undefined || usdtPrice === undefined) {
    throw new ValidationError(`${currency} has no price set, so a purchase in it cannot be quoted`, {
      code: 'currency_not_priced',
    });
  }
  const tier = tierReachedBy(input.stakedUnits);
  const rate = input.rates[tier].rate;
  const fee = feeUnits(input.units, rate);
  const total = input.units + fee;
  const prices = { token: input.prices.token, usdt: usdtPrice, currency: currencyPrice };
  return {
    amount: formatUnits(input.units, 'SAI'),
    tier,
    tierSource: 'stake',
    rate,
    fee: formatUnits(fee, 'SAI'),
    total: formatUnits(total, 'SAI'),
    currency,
    cryptoAmount: formatUnits(cryptoUnits(total, currency, prices), currency),
    tokenPrice: input.prices.token,
    currencyPrice,
    usdtPrice,
  };
}
