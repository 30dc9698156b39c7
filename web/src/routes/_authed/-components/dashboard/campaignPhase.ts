import { type Campaign, formatCampaignDate } from '../../../../content/constants.ts';

/**
 * What the dashboard's giveaway banner says of the campaign's dates (the same answer the /rewards page reads,
 * docs/product-rules.md rule 10): before it opens, while it runs, and once it has closed.
 */
export function campaignPhaseText(
  campaign: Pick<Campaign, 'startsAt' | 'endsAt' | 'drawAt'>,
  now: Date,
): { phase: 'upcoming' | 'open' | 'closed'; text: string } {
  const starts = formatCampaignDate(campaign.startsAt);
  const ends = formatCampaignDate(campaign.endsAt);
  const draw = formatCampaignDate(campaign.drawAt);
  if (now.getTime() < new Date(campaign.startsAt).getTime())
    return {
      phase: 'upcoming',
      text: `Opens on ${starts}, closes on ${ends}; the winner is drawn on ${draw}.`,
    };
  if (now.getTime() <= new Date(campaign.endsAt).getTime())
    return { phase: 'open', text: `Open now until ${ends}; the winner is drawn on ${draw}.` };
  return { phase: 'closed', text: `Closed on ${ends}; the winner is drawn on ${draw}.` };
}
