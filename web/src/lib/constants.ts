/**
 * Business constants the signed-in screens read (docs/product-rules.md spec 9, docs/product-rules.md rule 11). Every figure that the
 * public pages also show (tiers, timings, currencies) is defined once in content/constants.ts and only
 * reshaped here, so the two can never disagree.
 * The API enforces its own copy of the rules; these only drive what the screens say and pre-check.
 */

import { DISPLAY_DECIMALS } from '@domain/crypto/networks.ts';
import { ASSET_DECIMALS } from '@domain/shared/money.ts';
import {
  CRYPTO_NAMES,
  formatUsd,
  SUPPORTED_CRYPTO,
  TIERS,
  TIMINGS,
  type Tier,
  type TierId,
} from '../content/constants.ts';

/** The crypto currencies of the wallet, in the order the balances card lists them. */
export const CRYPTO_CURRENCIES = SUPPORTED_CRYPTO;
export type CryptoCurrency = (typeof CRYPTO_CURRENCIES)[number];

/** The /deposit form's currencies, ETH first (docs/product-rules.md spec 3 and 4: the default). */
export const DEPOSIT_CURRENCIES = [
  'ETH',
  'USDT',
  'USDC',
  'BTC',
  'SOL',
  'XRP',
] as const satisfies readonly CryptoCurrency[];

export const CURRENCY_NAMES: Record<CryptoCurrency, string> = CRYPTO_NAMES;

/** Display decimals (docs/product-rules.md spec 9): BTC 8, ETH and SOL 6, others 2; SAI 2. The domain's table. */
export { DISPLAY_DECIMALS };

/** Crypto amounts are kept with 8 decimals (docs/ledger.md); the withdrawal amount step is 0.00000001. */
export const CRYPTO_DECIMALS = ASSET_DECIMALS.BTC;
export const MIN_CRYPTO_AMOUNT = '0.00000001';

export function isCryptoCurrency(value: string): value is CryptoCurrency {
  return (CRYPTO_CURRENCIES as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------------------------------
// Timings (docs/product-rules.md rule 11: one constant each, defined once in content/constants.ts TIMINGS)

/** Card verification after the deposit proof. */
export const CARD_VERIFICATION_TIME = TIMINGS.cardVerification;
/** Card delivery by courier. */
export const CARD_SHIPPING_TIME = TIMINGS.cardShipping;
/** Deposits (token purchases and crypto deposits) are confirmed within this window. */
export const DEPOSIT_CONFIRMATION_TIME = TIMINGS.deposits;
/** Withdrawals are promised within 24 hours (docs/product-rules.md spec 1); the admin queue measures each request against it. */
export const WITHDRAWAL_PROMISE_HOURS = 24;
/** docs/product-rules.md spec 7 and 9: crypto prices are refetched every 5 minutes. */
export const PRICE_REFRESH_MS = 5 * 60_000;

// ---------------------------------------------------------------------------------------------------
// Card tiers: a view of the one tier table (content/constants.ts TIERS, docs/product-rules.md spec 9, docs/product-rules.md rule 11) shaped for
// the signed-in card screens. Nothing here states a figure of its own.

export type CardTier = TierId;

export interface TierInfo {
  tier: CardTier;
  name: string;
  /** Stake or minimum deposit in SAI, a decimal string. */
  minimum: string;
  atmPerMonth: string;
  cashback: string;
  lounge: string;
  benefits: readonly string[];
}

function benefitsOf(tier: Tier): string[] {
  const benefits = [
    tier.card,
    ...(tier.streaming === 'Not included' ? [] : [`Streaming: ${tier.streaming.toLowerCase()}`]),
    ...(tier.retailSubscription ? ['A retail subscription included'] : []),
    `Discounts of ${tier.partnerDiscount} at ${tier.partnerLocations} partner locations`,
    `${tier.rideSharingPercent}% off ride-sharing`,
    tier.exclusiveExperiences ? `${tier.support} and exclusive experiences` : tier.support,
  ];
  return benefits;
}

/** Lowest first. The server picks the tier from the balance (500+ black, 250+ ruby, else gold). */
export const CARD_TIERS: readonly TierInfo[] = TIERS.map((tier) => ({
  tier: tier.id,
  name: tier.name,
  minimum: String(tier.stake),
  atmPerMonth: formatUsd(tier.freeAtmUsdPerMonth),
  cashback: `${tier.cashbackPercent}%`,
  lounge: tier.lounge === 'Not included' ? 'No lounge access' : `Lounge access: ${tier.lounge.toLowerCase()}`,
  benefits: benefitsOf(tier),
}));

/** All tiers: no annual fee. */
export const CARD_ANNUAL_FEE = 'No annual fee';

export function tierInfo(tier: CardTier): TierInfo {
  return CARD_TIERS.find((info) => info.tier === tier) ?? (CARD_TIERS[0] as TierInfo);
}

// ---------------------------------------------------------------------------------------------------
// Profile preferences (docs/product-rules.md spec 2: Email Notifications on, Marketing Communications off, Transaction Alerts on)

export const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Spanish' },
  { value: 'fr', label: 'French' },
  { value: 'de', label: 'German' },
] as const;
export type Language = (typeof LANGUAGES)[number]['value'];

export const THEMES = [
  { value: 'system', label: 'System (as your device)' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
] as const;
export type ThemeChoice = (typeof THEMES)[number]['value'];

export interface Preferences {
  emailNotifications: boolean;
  marketingCommunications: boolean;
  transactionAlerts: boolean;
  language: Language;
  theme: ThemeChoice;
}

export const DEFAULT_PREFERENCES: Readonly<Preferences> = {
  emailNotifications: true,
  marketingCommunications: false,
  transactionAlerts: true,
  language: 'en',
  theme: 'system',
};

/** docs/product-rules.md spec 5: shipping address minimum lengths. */
export const ADDRESS_MIN_LENGTHS = { address: 5, city: 2, state: 2, zipCode: 3, country: 2 } as const;
/** docs/product-rules.md spec 5: a withdrawal address has at least 10 characters. */
export const MIN_WITHDRAWAL_ADDRESS = 10;
