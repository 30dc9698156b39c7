/**
 * Display arithmetic for crypto amounts and the card's tier ladder. Exact, on decimal strings (see
 * money.ts); nothing here moves money, the API decides everything again.
 */
import { addressFamily, type NetworkId } from '@domain/crypto/networks.ts';
import { t } from '../i18n/i18n.ts';
import {
  CARD_TIERS,
  type CardTier,
  CRYPTO_DECIMALS,
  type CryptoCurrency,
  DISPLAY_DECIMALS,
  type TierInfo,
} from './constants.ts';
import { formatDecimal } from './format.ts';
import { fromUnits, readAmount, toUnits } from './money.ts';

/**
 * An amount with at least the currency's display decimals, without grouping: trailing zeros past them go,
 * a significant digit never does ("1.50000000" ETH → "1.500000", "0.00000001" ETH stays "0.00000001").
 * The API answers the same way, so the screen never shows less, or more, than is there.
 */
export function displayAmount(value: string, currency: CryptoCurrency | 'SAI' | (string & {})): string {
  const decimals = displayDecimals(currency);
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const kept = fraction.replace(/0+$/, '').padEnd(decimals, '0');
  return kept ? `${sign}${whole}.${kept}` : `${sign}${whole}`;
}

/** As `displayAmount`, with thousands separators: "12,345.678900", "0.00000001". */
export function formatAsset(value: string, currency: CryptoCurrency | 'SAI' | (string & {})): string {
  return formatDecimal(displayAmount(value, currency), displayDecimals(currency));
}

/** The currency's display decimals; one the table does not know (an API string) shows all 8 it may have. */
function displayDecimals(currency: string): number {
  return Object.hasOwn(DISPLAY_DECIMALS, currency)
    ? DISPLAY_DECIMALS[currency as keyof typeof DISPLAY_DECIMALS]
    : CRYPTO_DECIMALS;
}

/** Units at the ledger's 8 crypto decimals; null when unreadable. */
export function cryptoUnits(value: string): bigint | null {
  return toUnits(value, CRYPTO_DECIMALS);
}

export type CryptoAmountCheck = { ok: true; amount: string } | { ok: false; message: string };

/** docs/product-rules.md spec 5, crypto withdrawal and transfer amounts: positive, at least 0.00000001, at most the balance. */
export function checkCryptoAmount(
  input: string,
  available: string,
  currency: CryptoCurrency,
  positiveMessage = t('shell.validation.cryptoPositive'),
): CryptoAmountCheck {
  const read = readAmount(input, CRYPTO_DECIMALS);
  if (!read.ok) {
    return {
      ok: false,
      message:
        read.reason === 'too_precise'
          ? t('shell.validation.cryptoPrecision', { places: CRYPTO_DECIMALS })
          : positiveMessage,
    };
  }
  const balance = cryptoUnits(available) ?? 0n;
  if (read.units > balance) {
    return {
      ok: false,
      message: t('shell.validation.cryptoInsufficient', {
        amount: formatAsset(available, currency),
        currency,
      }),
    };
  }
  return { ok: true, amount: fromUnits(read.units, CRYPTO_DECIMALS) };
}

/** True when a decimal string is above zero. */
export function isPositive(value: string | null | undefined): boolean {
  if (!value) return false;
  const units = toUnits(value, 18);
  return units !== null && units > 0n;
}

// ---------------------------------------------------------------------------------------------------
// Card tier ladder

export interface UpgradePath {
  /** The next tier to reach, or null at the top. */
  next: TierInfo | null;
  /** Balance over the next tier's minimum, 0-100, for the progress bar. */
  percent: number;
  /** SAI still missing to reach it, e.g. "150.00". */
  missing: string;
}

/**
 * docs/product-rules.md spec 2: the next tier's threshold and progress as balance over threshold; at 500 or more the top
 * tier is reached. Below 100 SAI the next step is Gold, the minimum for a card. With a card, the next tier is
 * one above the card's own (`above`): its tier is its own whatever the balance (docs/product-rules.md rule 30).
 */
export function upgradePath(balance: string, above: CardTier | null = null): UpgradePath {
  const units = toUnits(balance) ?? 0n;
  const floor = above === null ? -1 : CARD_TIERS.findIndex((info) => info.tier === above);
  const next =
    CARD_TIERS.find((info, index) => index > floor && (toUnits(info.minimum) ?? 0n) > units) ?? null;
  if (!next) return { next: null, percent: 100, missing: '0.00' };
  const threshold = toUnits(next.minimum) ?? 1n;
  const clamped = units < 0n ? 0n : units;
  const percent = Number((clamped * 1000n) / threshold) / 10;
  return { next, percent, missing: fromUnits(threshold - clamped) };
}

/**
 * Which configured deposit address serves a network (docs/product-rules.md rule 21): the domain's rule
 * (the EVM networks share the ETH address; Bitcoin, Solana, XRP Ledger and Tron have their own). The
 * catalogue comes from the API as plain strings; an id the domain does not list falls to its default, the
 * ETH address, as before.
 */
export function depositAddressFamily(network: string): ReturnType<typeof addressFamily> {
  return addressFamily(network as NetworkId);
}
