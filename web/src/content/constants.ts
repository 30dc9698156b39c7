/**
 * The product's marketing and business constants, in one place (docs/product-rules.md rule 11). Every public page,
 * the help FAQ and the chat widget read these, so two pages can never disagree about a number.
 *
 * Where the spec's copy contradicted itself, the value here is the one docs/product-rules.md rule 11 chose: Black tier
 * free ATM $1,000 a month, a conversion fee per tier (never "zero"), shipping 3-7 working days, card
 * verification 1-2 business days, deposits 10-60 minutes. The conversion fee's rates are not here: an admin
 * sets them, so the copy reads the rates in force from the API (`ConversionFees`, `conversionFeeText`).
 */

import { CRYPTO_ASSETS } from '@domain/shared/money.ts';

export const BRAND = {
  name: 'SAI Wallet',
  token: 'SAI',
  /** docs/product-rules.md rule 22: the page title. */
  pageTitle: 'SAI Digital Wallet',
} as const;

/** "About — SAI Digital Wallet"; the bare product title for the home page. */
export function pageTitle(page?: string): string {
  return page ? `${page} — ${BRAND.pageTitle}` : BRAND.pageTitle;
}

// ---------------------------------------------------------------------------------------------------
// Card tiers (docs/product-rules.md spec 9)

export type TierId = 'gold' | 'ruby' | 'black';

export interface Tier {
  id: TierId;
  name: string;
  /** SAI staked (held) to qualify; also the minimum deposit for the tier. */
  stake: number;
  freeAtmUsdPerMonth: number;
  cashbackPercent: number;
  lounge: string;
  card: string;
  streaming: string;
  retailSubscription: boolean;
  partnerDiscount: string;
  partnerLocations: string;
  rideSharingPercent: number;
  support: string;
  exclusiveExperiences: boolean;
  tagline: string;
}

export const TIERS: readonly [Tier, Tier, Tier] = [
  {
    id: 'gold',
    name: 'Gold',
    stake: 100,
    freeAtmUsdPerMonth: 400,
    cashbackPercent: 1,
    lounge: 'Not included',
    card: 'Free virtual and plastic card',
    streaming: 'Not included',
    retailSubscription: false,
    partnerDiscount: '5-15%',
    partnerLocations: '500+',
    rideSharingPercent: 10,
    support: '24/7 support',
    exclusiveExperiences: false,
    tagline: 'Everyday spending with crypto cashback.',
  },
  {
    id: 'ruby',
    name: 'Ruby Steel',
    stake: 250,
    freeAtmUsdPerMonth: 800,
    cashbackPercent: 2,
    lounge: '2 visits a year',
    card: 'Free virtual and metal card',
    streaming: 'Partial rebate for 6 months',
    retailSubscription: false,
    partnerDiscount: '10-30%',
    partnerLocations: '1,000+',
    rideSharingPercent: 25,
    support: 'Priority support',
    exclusiveExperiences: false,
    tagline: 'Brushed steel, more rewards and lounge access.',
  },
  {
    id: 'black',
    name: 'Black',
    stake: 500,
    freeAtmUsdPerMonth: 1000,
    cashbackPercent: 3,
    lounge: 'Unlimited, with a guest',
    card: 'Free virtual and premium metal card',
    streaming: 'Full rebate, permanent',
    retailSubscription: true,
    partnerDiscount: '20-70%',
    partnerLocations: '2,000+',
    rideSharingPercent: 40,
    support: 'Dedicated support',
    exclusiveExperiences: true,
    tagline: 'Our flagship: the highest rewards and unlimited lounges.',
  },
];

/** "70%" from "20-70%": the most a tier saves at partners. */
export function partnerDiscountUpTo(tier: Tier): string {
  return tier.partnerDiscount.split('-').at(-1) ?? tier.partnerDiscount;
}

export function tierById(id: TierId): Tier {
  const tier = TIERS.find((candidate) => candidate.id === id);
  if (!tier) throw new Error(`Unknown tier ${id}`);
  return tier;
}

/** "$1,000" */
export function formatUsd(amount: number, fractionDigits = 0): string {
  return amount.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
}

// ---------------------------------------------------------------------------------------------------
// Fees and timings

/**
 * The conversion fee's rate per tier in force (docs/product-rules.md rule 25), percent with two decimals as
 * `GET /api/config/public` gives them ("0.45"): the rates the quote and a purchase use, set by an admin.
 */
export type ConversionFees = Readonly<Record<TierId, string>>;

/** "0.45%" from "0.45", "0.5%" from "0.50", "1%" from "1.00": the API's decimal text, trailing zeros dropped. */
export function feePercent(rate: string): string {
  const trimmed = rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate;
  return `${trimmed}%`;
}

/** "0.45% on Gold, 0.35% on Ruby Steel and 0.25% on Black". */
export function conversionFeesByTier(fees: ConversionFees): string {
  const [gold, ruby, black] = TIERS.map((tier) => `${feePercent(fees[tier.id])} on ${tier.name}`);
  return `${gold}, ${ruby} and ${black}`;
}

/**
 * The public pages' line on the conversion fee. Until the rates in force are known (loading, or the API
 * unreachable) it names no rate rather than one that may be stale: no page repeats a rate of its own.
 */
export function conversionFeeText(fees: ConversionFees | undefined): string {
  return fees
    ? `Conversion fee: ${conversionFeesByTier(fees)}`
    : 'Conversion fee: a rate per tier, quoted by the Buy form before you pay';
}

export const TIMINGS = {
  cardShipping: '3-7 working days',
  cardVerification: '1-2 business days',
  deposits: '10-60 minutes',
  withdrawals: 'within 24 hours',
  depositConfirmations: { ETH: 6, other: 12 },
} as const;

/** The wallet's crypto currencies: the domain's list, in its order. */
export const SUPPORTED_CRYPTO = CRYPTO_ASSETS;
export type SupportedCrypto = (typeof SUPPORTED_CRYPTO)[number];

export const CRYPTO_NAMES: Record<SupportedCrypto, string> = {
  BTC: 'Bitcoin',
  ETH: 'Ethereum',
  USDT: 'Tether',
  USDC: 'USD Coin',
  SOL: 'Solana',
  XRP: 'XRP',
};

/** Ways to pay with the card; generic names only. */
export const PAY_METHODS = ['Contactless', 'Chip & PIN', 'Mobile wallets', 'Online checkout', 'ATM'] as const;

// ---------------------------------------------------------------------------------------------------
// Security: what the product itself does (docs/product-rules.md rule 27)
//
// Claims about the company (insurance, certifications, regulators and licences, cold-storage share, user
// and volume counts, KYC/AML) are not written into the copy: the product has none of them to show. Each
// line below describes something the wallet does and a person can try or check.

export const SECURITY = {
  encryption: 'AES-256-GCM',
  authentication:
    'Two-factor sign-in with an authenticator app, and passkeys (fingerprint, face or device PIN)',
} as const;

export interface Protection {
  id: string;
  title: string;
  text: string;
}

/** The protections the wallet gives every account, in the words the landing and /compliance pages use. */
export const PROTECTIONS: readonly Protection[] = [
  {
    id: 'sign-in',
    title: 'Two-factor sign-in and passkeys',
    text: 'Add an authenticator app or a passkey (fingerprint, face or device PIN) as a second factor, see every device signed in and sign out the ones you do not recognise.',
  },
  {
    id: 'ledger',
    title: 'A ledger you can verify',
    text: 'Every movement of money is an event in an append-only, hash-chained log. Check a receipt or the liability proof yourself on the Verify page.',
  },
  {
    id: 'card',
    title: 'Card freeze and PIN',
    text: 'Freeze and unfreeze your card at once, and change its PIN, from your dashboard. The PIN is kept only as a one-way hash.',
  },
  {
    id: 'withdrawals',
    title: 'Withdrawals you confirm',
    text: `Each withdrawal shows a summary to confirm, asks for your authenticator code or password again, and is sent by a person ${TIMINGS.withdrawals}.`,
  },
  {
    id: 'personal-data',
    title: 'Your data, sealed',
    text: `Personal data in the log is sealed with ${SECURITY.encryption} under a key of its own for each person. "Download my data" on your profile saves all of it in one file.`,
  },
];

// ---------------------------------------------------------------------------------------------------
// Marketing figures (static copy, docs/product-rules.md spec 1). User, cardholder and volume counts,
// countries and uptime are not stated: nothing in the product computes them (rule 27).

export const STATS = {
  partnerLocations: '2,000+',
} as const;

export interface TimelineEntry {
  label: string;
  title: string;
  text: string;
}

export const TIMELINE: readonly TimelineEntry[] = [
  {
    label: '2022',
    title: 'Founded',
    text: 'SAI Wallet starts in Dubai with one goal: make crypto as easy to spend as cash.',
  },
  {
    label: '2023',
    title: 'Metal cards launch',
    text: 'The Gold, Ruby Steel and Black cards reach their first cardholders, with crypto cashback on every purchase.',
  },
  {
    label: '2024',
    title: 'Partner network',
    text: `Discounts for cardholders at ${STATS.partnerLocations} partner locations.`,
  },
  {
    label: "What's next",
    title: 'More ways to use your crypto',
    text: 'Business accounts, an in-app exchange and more networks for deposits and withdrawals.',
  },
];

// ---------------------------------------------------------------------------------------------------
// Support and contact

export const SUPPORT = {
  // Placeholder mailbox on a reserved domain until the production address is configured.
  email: 'support@saiwallet.example',
  availability: '24/7',
  address: ['Office 1204, Bay Square Building 7', 'Business Bay, Dubai', 'United Arab Emirates'],
  hours: [
    { days: 'Monday - Friday', time: '9:00 - 18:00' },
    { days: 'Saturday', time: '10:00 - 16:00' },
    { days: 'Sunday', time: 'Closed' },
  ],
  hoursTimeZone: 'Gulf Standard Time (GMT+4)',
  regions: ['Americas', 'Europe & Africa', 'Asia & Pacific'],
} as const;

// ---------------------------------------------------------------------------------------------------
// The car giveaway. Progress, target, prize value and dates come from GET /api/campaign
// (docs/product-rules.md rule 10); only the wording lives here.

export const CAMPAIGN_COPY = {
  title: 'Win a luxury electric car',
  prize: 'A luxury electric sports sedan',
  summary:
    'Every SAI in circulation moves the giveaway closer to its target. Hold SAI in your wallet to take part.',
  replyWithinDays: 7,
  minimumAge: 18,
} as const;

/** What GET /api/campaign answers. Amounts are decimal strings; dates are ISO 8601. */
export interface Campaign {
  target: string;
  current: string;
  progressPercent: number;
  startsAt: string;
  endsAt: string;
  drawAt: string;
  prizeValueUsd: number;
  replyWithinDays?: number;
  minimumAge?: number;
}

const campaignDateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "May 15, 2027"; the campaign's dates are calendar days in UTC, so every visitor sees the same day. */
export function formatCampaignDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'to be announced' : campaignDateFormat.format(date);
}

/** The giveaway's terms, all dates from the one campaign answer. */
export function campaignTerms(campaign: Campaign): string[] {
  const replyDays = campaign.replyWithinDays ?? CAMPAIGN_COPY.replyWithinDays;
  const age = campaign.minimumAge ?? CAMPAIGN_COPY.minimumAge;
  const target = formatTokenAmount(campaign.target);
  return [
    `The giveaway opens on ${formatCampaignDate(campaign.startsAt)}.`,
    `It closes on ${formatCampaignDate(campaign.endsAt)}, or earlier when ${target} ${BRAND.token} are in circulation.`,
    `The winner is drawn on ${formatCampaignDate(campaign.drawAt)} from all eligible wallet holders.`,
    `The winner is contacted by e-mail and must reply within ${replyDays} days, or a new winner is drawn.`,
    `Participants must be ${age} or older and hold a verified ${BRAND.name} account.`,
    `The prize has a retail value of ${formatUsd(campaign.prizeValueUsd)} and cannot be exchanged for cash.`,
  ];
}

/**
 * "25,000" from "25000.00"; at least two decimals when there is a fraction, and never a significant digit
 * dropped. Text, never floats.
 */
export function formatTokenAmount(value: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const [, whole = '0', fraction = ''] = match;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const kept = fraction.replace(/0+$/, '');
  return kept ? `${grouped}.${kept.padEnd(2, '0')}` : grouped;
}

/** The bar's width: the API's percent, clamped to 0-100. */
export function campaignBarPercent(campaign: Pick<Campaign, 'progressPercent'>): number {
  const value = Number(campaign.progressPercent);
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}
