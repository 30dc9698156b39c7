import { type TierId, tierById } from '@/content/constants.ts';
import { type MessageId, t } from '@/i18n/i18n.ts';
import { formatDecimal, formatUsdValue } from '@/lib/format.ts';

/**
 * A card tier's benefits in the interface's language, for the dashboard (lib/constants.ts tierInfo keeps the
 * English the public pages share). The figures come from the one tier table (content/constants.ts TIERS,
 * docs/product-rules.md rule 11); only the words around them are translated here. Tier names are product
 * names and stay as they are.
 */
export interface TierText {
  name: string;
  /** "400 USD": the free ATM withdrawals a month. */
  atmPerMonth: string;
  /** "1%". */
  cashback: string;
  lounge: string;
  benefits: string[];
}

/**
 * The wording of what differs per tier (the English is the table's, as lib/constants.ts words it). Gold has
 * no streaming rebate and no lounge (the table's "Not included"), so no words for them.
 */
const WORDS: Record<
  TierId,
  { card: MessageId; streaming: MessageId | null; lounge: MessageId | null; support: MessageId }
> = {
  gold: {
    card: 'dashboard.tier.gold.card',
    streaming: null,
    lounge: null,
    support: 'dashboard.tier.gold.support',
  },
  ruby: {
    card: 'dashboard.tier.ruby.card',
    streaming: 'dashboard.tier.ruby.streaming',
    lounge: 'dashboard.tier.ruby.lounge',
    support: 'dashboard.tier.ruby.support',
  },
  black: {
    card: 'dashboard.tier.black.card',
    streaming: 'dashboard.tier.black.streaming',
    lounge: 'dashboard.tier.black.lounge',
    support: 'dashboard.tier.black.support',
  },
};

const NOT_INCLUDED = 'Not included';

/** "10%", "5-15 %": a percentage or a range of them, the digits as the table writes them. */
function percent(value: string | number): string {
  return t('dashboard.percent', { value: String(value).replace(/%$/, '') });
}

/** "1,000+" regrouped for the language ("1.000+"). */
function count(value: string): string {
  const match = /^([\d,]+)(\+?)$/.exec(value);
  return match ? `${formatDecimal((match[1] ?? '').replace(/,/g, ''), 0)}${match[2]}` : value;
}

export function tierText(id: TierId): TierText {
  const tier = tierById(id);
  const words = WORDS[id];
  const support = t(words.support);
  return {
    name: tier.name,
    atmPerMonth: formatUsdValue(String(tier.freeAtmUsdPerMonth), { decimals: 0 }),
    cashback: percent(tier.cashbackPercent),
    lounge: tier.lounge === NOT_INCLUDED || !words.lounge ? t('dashboard.tier.noLounge') : t(words.lounge),
    benefits: [
      t(words.card),
      ...(tier.streaming === NOT_INCLUDED || !words.streaming ? [] : [t(words.streaming)]),
      ...(tier.retailSubscription ? [t('dashboard.tier.retail')] : []),
      t('dashboard.tier.discounts', {
        discount: percent(tier.partnerDiscount),
        locations: count(tier.partnerLocations),
      }),
      t('dashboard.tier.rideSharing', { percent: percent(tier.rideSharingPercent) }),
      tier.exclusiveExperiences ? t('dashboard.tier.exclusive', { support }) : support,
    ],
  };
}
