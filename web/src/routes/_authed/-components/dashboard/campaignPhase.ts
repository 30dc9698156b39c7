import type { Campaign } from '@/content/constants.ts';
import { currentLocale, t } from '@/i18n/i18n.ts';
import { formatDecimal } from '@/lib/format.ts';

/**
 * "May 15, 2027" in the interface's language. The campaign's dates are calendar days in UTC, so every
 * visitor sees the same day (as content/constants.ts formatCampaignDate, which the English public pages use).
 */
export function campaignDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return t('dashboard.giveaway.toBeAnnounced');
  return new Intl.DateTimeFormat(currentLocale(), {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/**
 * "25,000" from "25000.00" in the interface's language: at least two decimals when there is a fraction,
 * and never a significant digit dropped (as content/constants.ts formatTokenAmount). Text, never floats.
 */
export function campaignTokenAmount(value: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const [, whole = '0', fraction = ''] = match;
  const kept = fraction.replace(/0+$/, '');
  return kept ? formatDecimal(`${whole}.${kept}`, Math.max(2, kept.length)) : formatDecimal(whole, 0);
}

/**
 * What the dashboard's giveaway banner says of the campaign's dates (the same answer the /rewards page reads,
 * docs/product-rules.md rule 10): before it opens, while it runs, and once it has closed.
 */
export function campaignPhaseText(
  campaign: Pick<Campaign, 'startsAt' | 'endsAt' | 'drawAt'>,
  now: Date,
): { phase: 'upcoming' | 'open' | 'closed'; text: string } {
  const starts = campaignDate(campaign.startsAt);
  const ends = campaignDate(campaign.endsAt);
  const draw = campaignDate(campaign.drawAt);
  if (now.getTime() < new Date(campaign.startsAt).getTime())
    return { phase: 'upcoming', text: t('dashboard.giveaway.upcoming', { starts, ends, draw }) };
  if (now.getTime() <= new Date(campaign.endsAt).getTime())
    return { phase: 'open', text: t('dashboard.giveaway.open', { ends, draw }) };
  return { phase: 'closed', text: t('dashboard.giveaway.closed', { ends, draw }) };
}
