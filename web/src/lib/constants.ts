/**
 * Business constants the signed-in screens read (spec section 9, DECISIONS 11). Where the spec's copy
 * disagrees with itself, the value here is the one every page shows; change it here, nowhere else.
 * The API enforces its own copy of the rules; these only drive what the screens say and pre-check.
 */

/** The crypto currencies of the wallet, in the order the balances card lists them. */
export const CRYPTO_CURRENCIES = ['BTC', 'ETH', 'USDT', 'USDC', 'SOL', 'XRP'] as const;
export type CryptoCurrency = (typeof CRYPTO_CURRENCIES)[number];

/** The /deposit form's currencies, ETH first (spec 3 and 4: the default). */
export const DEPOSIT_CURRENCIES = [
  'ETH',
  'USDT',
  'USDC',
  'BTC',
  'SOL',
  'XRP',
] as const satisfies readonly CryptoCurrency[];

export const CURRENCY_NAMES: Record<CryptoCurrency, string> = {
  BTC: 'Bitcoin',
  ETH: 'Ethereum',
  USDT: 'Tether',
  USDC: 'USD Coin',
  SOL: 'Solana',
  XRP: 'XRP',
};

/** Display decimals (spec 9): BTC 8, ETH and SOL 6, others 2; SAI 2. The ledger keeps 8 for all crypto. */
export const DISPLAY_DECIMALS: Record<CryptoCurrency | 'SAI', number> = {
  SAI: 2,
  BTC: 8,
  ETH: 6,
  SOL: 6,
  USDT: 2,
  USDC: 2,
  XRP: 2,
};

/** Crypto amounts are kept with 8 decimals (LEDGER.md); the withdrawal amount step is 0.00000001. */
export const CRYPTO_DECIMALS = 8;
export const MIN_CRYPTO_AMOUNT = '0.00000001';

export function isCryptoCurrency(value: string): value is CryptoCurrency {
  return (CRYPTO_CURRENCIES as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------------------------------
// Timings (DECISIONS 11: one constant each, every page reads it)

/** Card verification after the deposit proof. The spec also says "1-24 hours"; DECISIONS 11 decides. */
export const CARD_VERIFICATION_TIME = '1-2 business days';
/** Card delivery by courier. The spec also says 7-10, 7-14 days and "about 2 weeks"; DECISIONS 11 decides. */
export const CARD_SHIPPING_TIME = '3-7 working days';
/** Deposits (token purchases and crypto deposits) are confirmed within this window. */
export const DEPOSIT_CONFIRMATION_TIME = '10-60 minutes';
/** Withdrawals are promised within 24 hours (spec 1); the admin queue measures each request against it. */
export const WITHDRAWAL_PROMISE_HOURS = 24;
/** Spec 7 and 9: crypto prices are refetched every 5 minutes. */
export const PRICE_REFRESH_MS = 5 * 60_000;

// ---------------------------------------------------------------------------------------------------
// Card tiers (spec 9; DECISIONS 11 for the Black ATM figure)

export type CardTier = 'gold' | 'ruby' | 'black';

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

/** Lowest first. The server picks the tier from the balance (500+ black, 250+ ruby, else gold). */
export const CARD_TIERS: readonly TierInfo[] = [
  {
    tier: 'gold',
    name: 'Gold',
    minimum: '100',
    atmPerMonth: '$400',
    cashback: '1%',
    lounge: 'No lounge access',
    benefits: [
      'Free virtual and plastic card',
      'Discounts of 5-15% at 500+ partner locations',
      '10% off ride-sharing',
      '24/7 support',
    ],
  },
  {
    tier: 'ruby',
    name: 'Ruby Steel',
    minimum: '250',
    atmPerMonth: '$800',
    cashback: '2%',
    lounge: '2 lounge visits a year',
    benefits: [
      'Free virtual and metal card',
      'Streaming rebate for 6 months',
      'Discounts of 10-30% at 1,000+ partner locations',
      '25% off ride-sharing',
      'Priority support',
    ],
  },
  {
    tier: 'black',
    name: 'Black',
    minimum: '500',
    atmPerMonth: '$1,000',
    cashback: '3%',
    lounge: 'Unlimited lounge access with a guest',
    benefits: [
      'Free virtual and premium metal card',
      'Full streaming rebate, permanently',
      'A retail subscription included',
      'Discounts of 20-70% at 2,000+ partner locations',
      '40% off ride-sharing',
      'Dedicated support and exclusive experiences',
    ],
  },
];

/** All tiers: no annual fee. */
export const CARD_ANNUAL_FEE = 'No annual fee';

export function tierInfo(tier: CardTier): TierInfo {
  return CARD_TIERS.find((info) => info.tier === tier) ?? (CARD_TIERS[0] as TierInfo);
}

// ---------------------------------------------------------------------------------------------------
// Profile preferences (spec 2: Email Notifications on, Marketing Communications off, Transaction Alerts on)

export const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Spanish' },
  { value: 'fr', label: 'French' },
  { value: 'de', label: 'German' },
] as const;
export type Language = (typeof LANGUAGES)[number]['value'];

export interface Preferences {
  emailNotifications: boolean;
  marketingCommunications: boolean;
  transactionAlerts: boolean;
  language: Language;
}

export const DEFAULT_PREFERENCES: Readonly<Preferences> = {
  emailNotifications: true,
  marketingCommunications: false,
  transactionAlerts: true,
  language: 'en',
};

/** Spec 5: shipping address minimum lengths. */
export const ADDRESS_MIN_LENGTHS = { address: 5, city: 2, state: 2, zipCode: 3, country: 2 } as const;
/** Spec 5: a withdrawal address has at least 10 characters. */
export const MIN_WITHDRAWAL_ADDRESS = 10;
